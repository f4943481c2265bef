import { and, assign, emit, fromPromise, setup } from 'xstate';
import {
  addLine,
  type CartLine,
  choiceFieldId,
  chooseVariant,
  exceedsLineLimit,
  firstLineNeedingChoice,
  fitLines,
  isValidQuantity,
  type LineKey,
  type LineShortage,
  linesRemovedBy,
  MAX_LINE_QUANTITY,
  parseStoredCart,
  type RemovedLines,
  removeProduct,
  restoreLines,
  sameLine,
  setLineQuantity,
} from './cart.model';
import { type EmittedEvent, focus, navigate, toast } from './events';

const QUANTITY_LIMIT_TITLE = 'Quantity limit';
const quantityLimitMessage = (name: string) =>
  `You can buy at most ${MAX_LINE_QUANTITY} of ${name} in one size and colour.`;
export const choiceNeededMessage = (name: string, missing: 'size' | 'colour') =>
  `Choose a ${missing} for ${name} before checkout.`;

export type CartEvent =
  | ({ type: 'cart.add' } & CartLine)
  | { type: 'cart.remove'; id: string }
  | ({ type: 'cart.update'; quantity: number } & LineKey)
  | { type: 'cart.clear' }
  /** The toast's Undo after Remove or Clear Cart: the removed lines come back where they were. */
  | { type: 'cart.undo' }
  /** The size and/or colour chosen on a line a card added without them. */
  | { type: 'cart.choose'; line: LineKey; selectedSize?: string; selectedColor?: string }
  /** Empties the cart silently: the app sends it once an order was created from it. */
  | { type: 'cart.reset' }
  /** The Checkout button. */
  | { type: 'cart.checkout' }
  /**
   * Fit lines to what is left: each named line's quantity becomes `left`, or it goes at 0. Sent by a
   * short line's own button on the cart page, and by the app when the checkout's "Adjust my bag" is pressed.
   * (What is left is read by the cart page's own machine, machines/cart-stock.machine.ts: the cart runs on
   * every page, and its code is in every page's first download.)
   */
  | { type: 'cart.fit'; lines: LineShortage[] }
  /** From the app: the shopper signed in or out (checkout needs a signed-in shopper). */
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' };

export type CartContext = {
  items: CartLine[];
  /** Whether the shopper is signed in, as the app last said (a visitor until it says so). */
  signedIn: boolean;
  /** What the last Remove or Clear Cart took out, until Undo or the next change to the cart. */
  removed: RemovedLines | null;
};

/** "Kurti" or "2 lines of Kurti": what a Remove took out, for its toast. */
function removedSummary(removed: RemovedLines): string | undefined {
  const first = removed[0];
  if (!first) return undefined;
  return removed.length === 1
    ? `${first.line.name} was removed.`
    : `${removed.length} lines of ${first.line.name} were removed.`;
}

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
    isOverLineLimit: ({ context, event }) =>
      (event.type === 'cart.add' || event.type === 'cart.update') &&
      exceedsLineLimit(context.items, event, event.quantity, event.type === 'cart.add'),
    hasLineNeedingChoice: ({ context }) => firstLineNeedingChoice(context.items) !== null,
    canUndo: ({ context }) => context.removed !== null && context.removed.length > 0,
    isCartFilled: ({ context }) => context.items.length > 0,
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
      removed: ({ context, event }) =>
        event.type === 'cart.remove' ? linesRemovedBy(context.items, event.id) : context.removed,
      items: ({ context, event }) =>
        event.type === 'cart.remove' ? removeProduct(context.items, event.id) : context.items,
    }),
    restoreRemoved: assign({
      items: ({ context }) => restoreLines(context.items, context.removed ?? []),
      removed: null,
    }),
    forgetRemoved: assign({ removed: null }),
    updateQuantity: assign({
      items: ({ context, event }) =>
        event.type === 'cart.update' ? setLineQuantity(context.items, event, event.quantity) : context.items,
    }),
    clearItems: assign({ items: () => [], removed: null }),
    clearItemsKeepingUndo: assign({
      removed: ({ context }) => linesRemovedBy(context.items),
      items: () => [],
    }),
    fitItems: assign({
      items: ({ context, event }) =>
        event.type === 'cart.fit' ? fitLines(context.items, event.lines) : context.items,
    }),
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
    notifyRemoved: emit(({ context }) => ({
      ...toast('Removed from cart', removedSummary(context.removed ?? [])),
      action: { label: 'Undo', event: { type: 'cart.undo' } },
    })),
    notifyCleared: emit({
      ...toast('Cart cleared', 'All items have been removed from your cart.'),
      action: { label: 'Undo', event: { type: 'cart.undo' } },
    }),
    notifyRestored: emit(toast('Restored to cart', undefined, 'success')),
    notifyQuantityCapped: emit(({ context, event }) => {
      const name =
        event.type === 'cart.add'
          ? event.name
          : event.type === 'cart.update'
            ? (context.items.find((l) => sameLine(l, event))?.name ?? 'this item')
            : 'this item';
      return toast(QUANTITY_LIMIT_TITLE, quantityLimitMessage(name), 'info');
    }),
    notifyChoiceNeeded: emit(({ context }) => {
      const first = firstLineNeedingChoice(context.items);
      return toast(
        first ? `Choose a ${first.missing}` : 'Choose a size',
        first ? choiceNeededMessage(first.line.name, first.missing) : undefined,
        'error',
      );
    }),
    focusMissingChoice: emit(({ context }) => {
      const first = firstLineNeedingChoice(context.items);
      return focus(first ? choiceFieldId(first.line, first.missing) : '');
    }),
    goToCheckout: emit(navigate('/checkout')),
    requireLogin: emit(toast('Login Required', 'Please login to proceed with checkout')),
    goToLogin: emit(navigate('/login', { from: '/checkout' })),
  },
}).createMachine({
  id: 'cart',
  description: "The shopper's cart, kept in this browser between visits.",
  context: { items: [], signedIn: false, removed: null },
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
        'cart.fit': {
          actions: ['fitItems', 'forgetRemoved', 'persistCart'],
          description:
            'Short lines take what is left (the cart page reads it: cart-stock.machine.ts); a sold-out line goes.',
        },
        'cart.add': [
          {
            guard: and(['isQuantityValid', 'isOverLineLimit']),
            actions: ['addItem', 'forgetRemoved', 'persistCart', 'notifyQuantityCapped'],
            description: `The line would pass ${MAX_LINE_QUANTITY}: it stops there and says so.`,
          },
          {
            guard: and(['isQuantityValid', 'isLineInCart']),
            actions: ['addItem', 'forgetRemoved', 'persistCart', 'notifyQuantityIncreased'],
            description: 'The same product, size and colour is already in the cart: its quantity goes up.',
          },
          {
            guard: 'isQuantityValid',
            actions: ['addItem', 'forgetRemoved', 'persistCart', 'notifyAdded'],
            description: 'A new line is added.',
          },
        ],
        'cart.remove': {
          guard: 'isProductInCart',
          actions: ['removeItems', 'persistCart', 'notifyRemoved'],
          description: 'Every line of the product goes (spec §4); the toast offers Undo.',
        },
        'cart.undo': {
          guard: 'canUndo',
          actions: ['restoreRemoved', 'persistCart', 'notifyRestored'],
          description: 'Undo: the lines the last Remove or Clear Cart took out come back where they were.',
        },
        'cart.update': [
          {
            guard: and(['isQuantityValid', 'isOverLineLimit']),
            actions: ['updateQuantity', 'forgetRemoved', 'persistCart', 'notifyQuantityCapped'],
            description: `More than ${MAX_LINE_QUANTITY} typed: the line keeps ${MAX_LINE_QUANTITY} and says why.`,
          },
          { guard: 'isQuantityValid', actions: ['updateQuantity', 'forgetRemoved', 'persistCart'] },
        ],
        'cart.clear': [
          {
            guard: 'isCartFilled',
            actions: ['clearItemsKeepingUndo', 'persistCart', 'notifyCleared'],
            description: 'The cart empties; the toast offers Undo.',
          },
          { actions: ['clearItems', 'persistCart', 'notifyCleared'] },
        ],
        'cart.choose': {
          actions: ['chooseItemVariant', 'forgetRemoved', 'persistCart'],
          description: 'A size or colour the card left open is chosen on the cart line.',
        },
        'cart.reset': {
          actions: ['clearItems', 'persistCart'],
          description: 'An order was placed from this cart: it empties without a message.',
        },
        // Checkout stays open with a short line: the stock read may be stale by the time the order is
        // placed (sold, or restocked), so the server decides — POST /orders answers 409 with the short
        // lines, and the checkout machine offers the same fit (machines/checkout.machine.ts).
        'cart.checkout': [
          {
            guard: 'hasLineNeedingChoice',
            actions: ['notifyChoiceNeeded', 'focusMissingChoice'],
            description:
              'A line still lacks its size or colour: say which and put the shopper on its picker.',
          },
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
