import { and, assign, emit, fromPromise, setup } from 'xstate';
import {
  addLine,
  type CartLine,
  chooseVariant,
  isValidQuantity,
  type LineKey,
  parseStoredCart,
  removeProduct,
  sameLine,
  setLineQuantity,
} from './cart.model';
import { type EmittedEvent, navigate, toast } from './events';

export type CartEvent =
  | ({ type: 'cart.add' } & CartLine)
  | { type: 'cart.remove'; id: string }
  | ({ type: 'cart.update'; quantity: number } & LineKey)
  | { type: 'cart.clear' }
  /** The size and/or colour chosen on a line a card added without them. */
  | { type: 'cart.choose'; line: LineKey; selectedSize?: string; selectedColor?: string }
  /** Empties the cart silently: sent after an order was created. */
  | { type: 'cart.reset' }
  /** The Checkout button; `authenticated` is the auth actor's answer at that moment. */
  | { type: 'cart.checkout'; authenticated: boolean };

export type CartContext = { items: CartLine[] };

/**
 * The cart (spec §4 Cart). `loadCart` returns whatever is stored under localStorage['cart'] (string,
 * parsed value or null); the machine validates it with `parseStoredCart`, so a corrupt value gives an
 * empty cart. `persistCart` writes `context.items` back after every change.
 */
export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as EmittedEvent,
  },
  actors: {
    loadCart: fromPromise<unknown>(async () => null),
  },
  guards: {
    isLineInCart: ({ context, event }) =>
      event.type === 'cart.add' && context.items.some((l) => sameLine(l, event)),
    isQuantityValid: ({ event }) =>
      (event.type === 'cart.add' || event.type === 'cart.update') && isValidQuantity(event.quantity),
    isProductInCart: ({ context, event }) =>
      event.type === 'cart.remove' && context.items.some((l) => l.id === event.id),
    isAuthenticated: ({ event }) => event.type === 'cart.checkout' && event.authenticated,
  },
  actions: {
    restoreItems: assign({ items: (_, params: { stored: unknown }) => parseStoredCart(params.stored) }),
    addItem: assign({
      items: ({ context, event }) => {
        if (event.type !== 'cart.add') return context.items;
        const { type: _type, ...line } = event;
        return addLine(context.items, line);
      },
    }),
    chooseItemVariant: assign({
      items: ({ context, event }) => {
        if (event.type !== 'cart.choose') return context.items;
        const choice = {
          ...(event.selectedSize ? { selectedSize: event.selectedSize } : {}),
          ...(event.selectedColor ? { selectedColor: event.selectedColor } : {}),
        };
        return chooseVariant(context.items, event.line, choice);
      },
    }),
    removeItems: assign({
      items: ({ context, event }) =>
        event.type === 'cart.remove' ? removeProduct(context.items, event.id) : context.items,
    }),
    updateQuantity: assign({
      items: ({ context, event }) =>
        event.type === 'cart.update' ? setLineQuantity(context.items, event, event.quantity) : context.items,
    }),
    clearItems: assign({ items: () => [] }),
    persistCart: () => {},
    notifyQuantityIncreased: emit(({ event }) =>
      toast(
        'Cart updated',
        `${event.type === 'cart.add' ? event.name : 'Item'} quantity increased.`,
        'success',
      ),
    ),
    notifyAdded: emit(({ event }) =>
      toast(
        'Added to cart',
        `${event.type === 'cart.add' ? event.name : 'Item'} added to your cart.`,
        'success',
      ),
    ),
    notifyRemoved: emit(toast('Removed from cart')),
    notifyCleared: emit(toast('Cart cleared', 'All items have been removed from your cart.')),
    goToCheckout: emit(navigate('/checkout')),
    requireLogin: emit(toast('Login Required', 'Please login to proceed with checkout')),
    goToLogin: emit(navigate('/login', { from: '/checkout' })),
  },
}).createMachine({
  id: 'cart',
  context: { items: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: {
          target: 'ready',
          actions: { type: 'restoreItems', params: ({ event }) => ({ stored: event.output }) },
        },
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        'cart.add': [
          {
            guard: and(['isQuantityValid', 'isLineInCart']),
            actions: ['addItem', 'persistCart', 'notifyQuantityIncreased'],
          },
          { guard: 'isQuantityValid', actions: ['addItem', 'persistCart', 'notifyAdded'] },
        ],
        'cart.remove': { guard: 'isProductInCart', actions: ['removeItems', 'persistCart', 'notifyRemoved'] },
        'cart.update': { guard: 'isQuantityValid', actions: ['updateQuantity', 'persistCart'] },
        'cart.clear': { actions: ['clearItems', 'persistCart', 'notifyCleared'] },
        'cart.choose': { actions: ['chooseItemVariant', 'persistCart'] },
        'cart.reset': { actions: ['clearItems', 'persistCart'] },
        'cart.checkout': [
          { guard: 'isAuthenticated', actions: 'goToCheckout' },
          { actions: ['requireLogin', 'goToLogin'] },
        ],
      },
    },
  },
});
