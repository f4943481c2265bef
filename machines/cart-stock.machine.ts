import { type AnyActorRef, assign, fromCallback, fromPromise, setup } from 'xstate';
import { type StockEntry, unitsLeft } from '../shared/stock';
import type { AppRef } from './app-inbox';
import type { CartLine, LineShortage } from './cart.model';

/** At most this many ids in one `GET /stock?products=` (openapi.yaml, getStock). */
const STOCK_IDS_LIMIT = 50;

/**
 * The product ids of `lines`, once each, in order: one `GET /stock` for the whole cart. Past the
 * call's limit the rest go unchecked here (the order's 409 still catches them).
 */
function productIdsOf(lines: readonly { id: string }[]): string[] {
  return [...new Set(lines.map((line) => line.id))].slice(0, STOCK_IDS_LIMIT);
}

/**
 * The lines of `lines` asking for more than is left (0: sold out), by the stock loaded for them. A
 * line whose product is not counted, or was added after the stock was read, is never short.
 */
export function shortLines(lines: readonly CartLine[], stock: readonly StockEntry[] | null): LineShortage[] {
  if (!stock) return [];
  return lines.flatMap((line) => {
    const left = unitsLeft(stock, line.id, line.selectedSize, line.selectedColor);
    return left !== null && left < line.quantity
      ? [
          {
            id: line.id,
            ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
            ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
            left,
          },
        ]
      : [];
  });
}

export type CartStockEvent =
  /** The cart's lines were read (said by followCart): the products to ask about. */
  { type: 'stock.lines'; products: string[] };

export type CartStockContext = {
  /** The app whose cart the page shows (none when the machine runs on its own). */
  app: AppRef | null;
  /** Units left of each size and colour of the cart's products, once read. */
  stock: StockEntry[] | null;
};

/** The cart's lines in one of its snapshots, once it has read them (null while it still reads). */
const linesIn = (snapshot: unknown): CartLine[] | null => {
  const state = snapshot as { context?: { items?: unknown }; hasTag?: (tag: string) => boolean } | undefined;
  if (!state?.context || state.hasTag?.('loading')) return null;
  return Array.isArray(state.context.items) ? (state.context.items as CartLine[]) : null;
};

/**
 * Follows the app's cart (system id 'cart') until it has read its lines, then says `stock.lines` with
 * their products once: the page's machine reaches the cart through the actor system, not through React.
 * Without an app (the machine on its own, as in its tests) it follows nothing.
 */
const followCart = fromCallback<CartStockEvent, { app: AppRef | null }>(({ input, sendBack }) => {
  const cart: AnyActorRef | undefined = input.app?.system.get('cart');
  if (!cart) return;
  let told = false;
  const tell = (snapshot: unknown) => {
    const lines = linesIn(snapshot);
    if (told || !lines) return;
    told = true;
    sendBack({ type: 'stock.lines', products: productIdsOf(lines) });
  };
  tell(cart.getSnapshot());
  const subscription = cart.subscribe(tell);
  return () => subscription.unsubscribe();
});

/**
 * What is left of the cart's lines, for the cart page (docs/storefront.md, "Stock per size and colour"): one GET /stock for
 * all its products each time the page opens. A line asking for more than is left says "Sold out" or
 * "Only N left" and offers to fit it (the cart's `cart.fit`). Page-scoped rather than in the cart
 * machine: the cart runs on every page, and its code is in every page's first download.
 */
export const cartStockMachine = setup({
  types: {
    context: {} as CartStockContext,
    events: {} as CartStockEvent,
    input: {} as { app?: AppRef },
  },
  actors: {
    followCart,
    fetchStock: fromPromise<StockEntry[], { products: string[] }>(async () => {
      throw new Error('fetchStock is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    hasProducts: (_, params: { products: string[] }) => params.products.length > 0,
  },
  actions: {
    assignStock: assign({ stock: (_, params: { stock: StockEntry[] }) => params.stock }),
  },
}).createMachine({
  id: 'cartStock',
  description: "What is left of the cart's lines, read once each time the cart page opens.",
  context: ({ input }) => ({ app: input?.app ?? null, stock: null }),
  invoke: { id: 'followCart', src: 'followCart', input: ({ context }) => ({ app: context.app }) },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Waiting for the cart to have read its lines.',
      on: {
        'stock.lines': [
          {
            guard: { type: 'hasProducts', params: ({ event }) => ({ products: event.products }) },
            target: 'checking',
            description: 'The cart has lines: ask what is left of their products.',
          },
          { target: 'unknown', description: 'An empty cart: nothing to ask.' },
        ],
      },
    },
    checking: {
      description: 'Reading the units left of the lines (one GET /stock for all their products).',
      invoke: {
        id: 'fetchStock',
        src: 'fetchStock',
        input: ({ event }) => ({ products: event.type === 'stock.lines' ? event.products : [] }),
        onDone: {
          target: 'read',
          actions: { type: 'assignStock', params: ({ event }) => ({ stock: event.output }) },
          description: 'A line that can no longer be had in full says so, with a button to fit it.',
        },
        onError: { target: 'unknown', description: 'The stock could not be read: no line is marked.' },
      },
    },
    read: {
      description: 'Short lines say "Sold out" or "Only N left" and offer to fit them to what is left.',
      type: 'final',
    },
    unknown: {
      description: 'Nothing is known of what is left (an empty cart, or the read failed): no line is marked.',
      type: 'final',
    },
  },
});
