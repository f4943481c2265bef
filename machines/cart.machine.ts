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
  /** Empties the cart silently: the app sends it once an order was created from it. */
  | { type: 'cart.reset' }
  /** The Checkout button. */
  | { type: 'cart.checkout' }
  /** From the app: the shopper signed in or out (checkout needs a signed-in shopper). */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' };

export type CartContext = {
  items: CartLine[];
  /** Whether the shopper is signed in, as the app last said (a visitor until it says so). */
  signedIn: boolean;
};

/**
 * The cart (spec §4 Cart). `loadCart` returns whatever is stored under localStorage['cart'] (string,
 * parsed value or null); the machine validates it with `parseStoredCart`, so a corrupt value gives an
 * empty cart. `persistCart` writes `context.items` back after every change. The app tells it when the
 * shopper signs in or out, so Checkout knows whether to go to the checkout or to the sign-in page.
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
    isSignedIn: ({ context }) => context.signedIn,
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
    markSignedIn: assign({ signedIn: true }),
    markSignedOut: assign({ signedIn: false }),
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
  description: "The shopper's cart, kept in this browser between visits.",
  context: { items: [], signedIn: false },
  initial: 'loading',
  // Heard in every state: the sign-in can change while the stored cart is still being read.
  on: {
    'session.signedIn': { actions: 'markSignedIn' },
    'session.signedOut': { actions: 'markSignedOut' },
  },
  states: {
    loading: {
      description: 'Reading the cart kept in this browser.',
      tags: ['loading'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: {
          target: 'ready',
          actions: { type: 'restoreItems', params: ({ event }) => ({ stored: event.output }) },
          description: 'The kept lines are back (a damaged copy counts as an empty cart).',
        },
        onError: { target: 'ready', description: 'Storage is switched off: start with an empty cart.' },
      },
    },
    ready: {
      description: 'The cart is shown and can be changed.',
      on: {
        'cart.add': [
          {
            guard: and(['isQuantityValid', 'isLineInCart']),
            actions: ['addItem', 'persistCart', 'notifyQuantityIncreased'],
            description: 'The same product, size and colour is already in the cart: its quantity goes up.',
          },
          {
            guard: 'isQuantityValid',
            actions: ['addItem', 'persistCart', 'notifyAdded'],
            description: 'A new line is added.',
          },
        ],
        'cart.remove': { guard: 'isProductInCart', actions: ['removeItems', 'persistCart', 'notifyRemoved'] },
        'cart.update': { guard: 'isQuantityValid', actions: ['updateQuantity', 'persistCart'] },
        'cart.clear': { actions: ['clearItems', 'persistCart', 'notifyCleared'] },
        'cart.choose': {
          actions: ['chooseItemVariant', 'persistCart'],
          description: 'A size or colour the card left open is chosen on the cart line.',
        },
        'cart.reset': {
          actions: ['clearItems', 'persistCart'],
          description: 'An order was placed from this cart: it empties without a message.',
        },
        'cart.checkout': [
          { guard: 'isSignedIn', actions: 'goToCheckout', description: 'Signed in: on to the checkout.' },
          {
            actions: ['requireLogin', 'goToLogin'],
            description: 'A visitor: sign in first, then come back to the checkout.',
          },
        ],
      },
    },
  },
});
