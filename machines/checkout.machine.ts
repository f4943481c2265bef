import { assign, emit, fromPromise, setup } from 'xstate';
import type { components } from '../contract/schema';
import { firstBlankField, SHIPPING_FIELDS, type ShippingField } from '../shared/checkout-address';
import { type AppRef, tellApp } from './app-inbox';
import { type CartLine, lineNeedsChoice } from './cart.model';
import { fieldErrorOf } from './errors';
import { type EmittedEvent, navigate, toast } from './events';
import { shippingPhoneOf } from './shipping.model';
import { isStockShortageError, linesShortOf, type StockShortage } from './shortage.model';

export type ShippingAddress = components['schemas']['ShippingAddress'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];

export { SHIPPING_FIELDS };

/**
 * Place Order (or Enter) with the fields as typed and the cart's lines. `fieldsValid`: the form's own
 * rules for each field (PIN code, phone, state) passed; the form shows any it did not.
 */
export type CheckoutEvent =
  | ({
      type: 'checkout.submit';
      items: CartLine[];
      fieldsValid: boolean;
    } & ShippingAddress)
  /** "Adjust my bag" after a 409: the short lines take what is left, back to the form. */
  | { type: 'checkout.adjust' };

export type CheckoutContext = {
  items: CartLine[];
  shipping: ShippingAddress;
  fieldsValid: boolean;
  orderId: string | null;
  /** What POST /orders said about one field (`{ postalCode: '…' }`), for the form to show under it. */
  fieldErrors: Partial<Record<ShippingField, string>>;
  /** The lines POST /orders could not reserve (its 409), shown in `shortage`; the next Place Order forgets them. */
  shortages: StockShortage[];
  /** The app this actor reports the placed order to (none when the machine runs on its own). */
  app: AppRef | null;
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
function toOrderProducts(items: readonly CartLine[]): Record<string, number> {
  const products: Record<string, number> = {};
  for (const line of items) products[line.id] = (products[line.id] ?? 0) + line.quantity;
  return products;
}

/** One order line per cart line, with the size and colour chosen (omitted when none was chosen). */
function toOrderLines(items: readonly CartLine[]): NonNullable<CreateOrderRequest['lines']> {
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
 * Checkout (spec §4 Checkout, §5, §8): validate, create the order, tell the app it was placed (the
 * app empties the cart) and go to /payment?orderId=….
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as EmittedEvent,
    input: {} as { app?: AppRef },
  },
  actors: {
    createOrder: fromPromise<{ id: string }, CreateOrderRequest>(async () => {
      throw new Error('createOrder is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    isCartEmpty: ({ context }) => context.items.length === 0,
    hasLineWithoutChoice: ({ context }) => context.items.some(lineNeedsChoice),
    // Blank as the shared rules see it: nothing visible, or a phone holding only the +91 it starts with.
    hasBlankShippingField: ({ context }) => firstBlankField(context.shipping) !== null,
    // Every field is filled in but one breaks its rule; a blank field is the spec's toast instead.
    hasInvalidFilledField: ({ context }) =>
      !context.fieldsValid && firstBlankField(context.shipping) === null,
    isStockShortage: (_, params: { error: unknown }) => isStockShortageError(params.error),
  },
  actions: {
    assignDraft: assign(({ context, event }) =>
      event.type !== 'checkout.submit'
        ? context
        : {
            items: event.items,
            shipping: {
              fullName: event.fullName ?? '',
              address: event.address ?? '',
              city: event.city ?? '',
              state: event.state ?? '',
              postalCode: event.postalCode ?? '',
              phone: shippingPhoneOf(event.phone ?? ''),
            },
            fieldErrors: {},
            fieldsValid: event.fieldsValid,
            shortages: [],
          },
    ),
    assignShortages: assign({
      shortages: (_, params: { error: unknown }) =>
        isStockShortageError(params.error) ? params.error.shortages : [],
    }),
    announceBagAdjusted: tellApp<CheckoutContext>((context) => ({
      type: 'cart.fit',
      lines: linesShortOf(context.items, context.shortages),
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
    announceOrderPlaced: tellApp<CheckoutContext>((context) => ({
      type: 'checkout.orderPlaced',
      orderId: context.orderId ?? '',
    })),
    goToPayment: emit(({ context }) =>
      navigate(`/payment?orderId=${encodeURIComponent(context.orderId ?? '')}`),
    ),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'checkout',
  description: 'The checkout page: shipping details in, an order out.',
  context: ({ input }) => ({
    items: [],
    shipping: EMPTY_SHIPPING,
    fieldsValid: false,
    orderId: null,
    fieldErrors: {},
    shortages: [],
    app: input?.app ?? null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The shopper fills in where the order goes.',
      on: { 'checkout.submit': { target: 'validating', actions: 'assignDraft' } },
    },
    validating: {
      description: 'Is the order ready to place?',
      always: [
        {
          guard: 'hasInvalidFilledField',
          target: 'idle',
          description: 'A field breaks its rule (PIN code, phone): the form shows which; nothing is sent.',
        },
        {
          guard: 'isCartEmpty',
          target: 'idle',
          actions: 'notifyCartEmpty',
          description: 'Nothing to order: the cart is empty.',
        },
        // A card's Add to Cart leaves the size or colour to choose on the cart line: never order without it.
        {
          guard: 'hasLineWithoutChoice',
          target: 'idle',
          actions: 'notifyChoiceMissing',
          description: 'A cart line still needs its size or colour.',
        },
        {
          guard: 'hasBlankShippingField',
          target: 'idle',
          actions: 'notifyBlankFields',
          description: 'A shipping field is empty.',
        },
        { target: 'processing', description: 'Everything is filled in: place the order.' },
      ],
    },
    processing: {
      description: 'Placing the order with the server.',
      tags: ['loading'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => toCreateOrderRequest(context),
        onDone: {
          target: 'success',
          actions: [
            { type: 'assignOrderId', params: ({ event }) => ({ id: event.output.id }) },
            'announceOrderPlaced',
            'goToPayment',
          ],
          description: 'The order exists: the cart empties and the shopper goes on to pay.',
        },
        onError: [
          {
            guard: { type: 'isStockShortage', params: ({ event }) => ({ error: event.error }) },
            target: 'shortage',
            actions: { type: 'assignShortages', params: ({ event }) => ({ error: event.error }) },
            description: 'A 409: some lines ask for more than is left; nothing was reserved, no order made.',
          },
          {
            target: 'idle',
            actions: [
              'notifyOrderFailed',
              // A 400 about one field (`{ error, field }`) also goes under that field in the form.
              { type: 'assignFieldError', params: ({ event }) => ({ error: event.error }) },
              { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            ],
            description: 'The order could not be placed: say so; the details stay filled in.',
          },
        ],
      },
    },
    shortage: {
      description:
        'Each short line is shown (title, size, colour, "Sold out" or "Only N left") with "Adjust my bag"; the form keeps its fields.',
      tags: ['error'],
      on: {
        'checkout.adjust': {
          target: 'idle',
          // The app fits the cart; Place Order then sends the cart's lines as they are.
          actions: 'announceBagAdjusted',
          description: 'The short lines take what is left (sold-out ones go); Place Order again.',
        },
      },
    },
    success: { type: 'final', description: 'Order placed; the payment page takes over.' },
  },
});
