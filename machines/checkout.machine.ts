import { assign, emit, fromPromise, setup } from 'xstate';
import { firstBlankField, SHIPPING_FIELDS, type ShippingField } from '../shared/checkout-address';
import type { components } from '../src/api/schema';
import { type CartLine, lineNeedsChoice } from './cart.model';
import { fieldErrorOf } from './errors';
import { type EmittedEvent, navigate, toast } from './events';

export type ShippingAddress = components['schemas']['ShippingAddress'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];

export { SHIPPING_FIELDS };

export type CheckoutEvent = { type: 'checkout.submit'; items: CartLine[] } & ShippingAddress;

export type CheckoutContext = {
  items: CartLine[];
  shipping: ShippingAddress;
  orderId: string | null;
  /** What POST /orders said about one field (`{ postalCode: '…' }`), for the form to show under it. */
  fieldErrors: Partial<Record<ShippingField, string>>;
};

const EMPTY_SHIPPING: ShippingAddress = {
  fullName: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
};

/** Quantity per product id (lines of one product in several sizes add up). */
export function toOrderProducts(items: readonly CartLine[]): Record<string, number> {
  const products: Record<string, number> = {};
  for (const line of items) products[line.id] = (products[line.id] ?? 0) + line.quantity;
  return products;
}

/** One order line per cart line, with the size and colour chosen (omitted when none was chosen). */
export function toOrderLines(items: readonly CartLine[]): NonNullable<CreateOrderRequest['lines']> {
  return items.map((line) => ({
    productId: line.id,
    quantity: line.quantity,
    ...(line.selectedSize ? { size: line.selectedSize } : {}),
    ...(line.selectedColor ? { color: line.selectedColor } : {}),
  }));
}

export function toCreateOrderRequest(
  context: Pick<CheckoutContext, 'items' | 'shipping'>,
): CreateOrderRequest {
  const s = context.shipping;
  return {
    products: toOrderProducts(context.items),
    lines: toOrderLines(context.items),
    shippingAddress: {
      fullName: s.fullName.trim(),
      address: s.address.trim(),
      city: s.city.trim(),
      state: s.state.trim(),
      postalCode: s.postalCode.trim(),
      phone: s.phone.trim(),
    },
  };
}

/**
 * Checkout (spec §4 Checkout, §5, §8): validate, create the order, then empty the cart (emitted
 * `cart.reset`, forwarded to the cart actor) and go to /payment?orderId=….
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as EmittedEvent,
  },
  actors: {
    createOrder: fromPromise<{ id: string }, CreateOrderRequest>(async () => {
      throw new Error('createOrder is provided by src/app/actors');
    }),
  },
  guards: {
    isCartEmpty: ({ context }) => context.items.length === 0,
    hasLineWithoutChoice: ({ context }) => context.items.some(lineNeedsChoice),
    // Blank as the shared rules see it: nothing visible, or a phone holding only the +91 it starts with.
    hasBlankShippingField: ({ context }) => firstBlankField(context.shipping) !== null,
  },
  actions: {
    assignDraft: assign(({ event }) => ({
      items: event.items,
      shipping: {
        fullName: event.fullName ?? '',
        address: event.address ?? '',
        city: event.city ?? '',
        state: event.state ?? '',
        postalCode: event.postalCode ?? '',
        phone: event.phone ?? '',
      },
      fieldErrors: {},
    })),
    assignFieldError: assign({
      fieldErrors: (_, params: { error: unknown }) => fieldErrorOf(params.error, SHIPPING_FIELDS),
    }),
    assignOrderId: assign({ orderId: (_, params: { id: string }) => params.id }),
    notifyChoiceMissing: emit(
      toast('Choose size and colour', 'Pick a size and colour for every item in your cart.', 'error'),
    ),
    notifyCartEmpty: emit(toast('Cart is empty', 'Please add items to your cart before checkout.', 'error')),
    notifyBlankFields: emit(
      toast('Please fill all fields', 'All shipping information fields are required.', 'error'),
    ),
    notifyOrderFailed: emit(toast('Error placing order', 'Please try again later.', 'error')),
    clearCart: emit({ type: 'cart.reset' }),
    goToPayment: emit(({ context }) =>
      navigate(`/payment?orderId=${encodeURIComponent(context.orderId ?? '')}`),
    ),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'checkout',
  context: { items: [], shipping: EMPTY_SHIPPING, orderId: null, fieldErrors: {} },
  initial: 'idle',
  states: {
    idle: {
      on: { 'checkout.submit': { target: 'validating', actions: 'assignDraft' } },
    },
    validating: {
      always: [
        { guard: 'isCartEmpty', target: 'idle', actions: 'notifyCartEmpty' },
        // A card's Add to Cart leaves the size or colour to choose on the cart line: never order without it.
        { guard: 'hasLineWithoutChoice', target: 'idle', actions: 'notifyChoiceMissing' },
        { guard: 'hasBlankShippingField', target: 'idle', actions: 'notifyBlankFields' },
        { target: 'processing' },
      ],
    },
    processing: {
      tags: ['loading'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => toCreateOrderRequest(context),
        onDone: {
          target: 'success',
          actions: [
            { type: 'assignOrderId', params: ({ event }) => ({ id: event.output.id }) },
            'clearCart',
            'goToPayment',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'notifyOrderFailed',
            // A 400 about one field (`{ error, field }`) also goes under that field in the form.
            { type: 'assignFieldError', params: ({ event }) => ({ error: event.error }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    success: { type: 'final' },
  },
});
