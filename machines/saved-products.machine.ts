import { type AnyActorRef, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { AppRef } from './app-inbox';
import type { DisplayProduct } from './catalogue.model';

export type SavedProductsEvent =
  /** The wishlist's ids changed (or the page opened; said by followWishlist): show these, loading any not loaded yet. */
  { type: 'saved.show'; ids: string[] } | { type: 'saved.retry' };

export type SavedProductsContext = {
  /** The app whose wishlist the page shows (none when the machine runs on its own). */
  app: AppRef | null;
  /** The ids to show, most recently saved first. */
  wanted: string[];
  /** Each id loaded so far: the product, or null when the catalogue has no such product any more. */
  products: Record<string, DisplayProduct | null>;
};

/** The wishlist's ids in one of its snapshots (the wishlist machine's context). */
const idsIn = (snapshot: unknown): string[] | null => {
  const ids = (snapshot as { context?: { ids?: unknown } } | undefined)?.context?.ids;
  return Array.isArray(ids) ? (ids as string[]) : null;
};

/**
 * Follows the app's wishlist (system id 'wishlist') and says `saved.show` with its ids now and on
 * every change: the page's machine reaches the wishlist through the actor system, not through React.
 * Without an app (the machine on its own, as in its tests) it follows nothing.
 */
const followWishlist = fromCallback<SavedProductsEvent, { app: AppRef | null }>(({ input, sendBack }) => {
  const wishlist: AnyActorRef | undefined = input.app?.system.get('wishlist');
  if (!wishlist) return;
  let last: string[] | null = null;
  const tell = (snapshot: unknown) => {
    const ids = idsIn(snapshot);
    if (!ids || ids === last) return;
    last = ids;
    sendBack({ type: 'saved.show', ids });
  };
  tell(wishlist.getSnapshot());
  const subscription = wishlist.subscribe(tell);
  return () => subscription.unsubscribe();
});

const missingOf = (context: SavedProductsContext) => context.wanted.filter((id) => !(id in context.products));

/** The products of the wanted ids that exist, in the wishlist's order (what the page's grid shows). */
export const savedProductsOf = (context: SavedProductsContext): DisplayProduct[] =>
  context.wanted.flatMap((id) => context.products[id] ?? []);

/**
 * The products behind the wishlist page. The wishlist itself keeps ids only (a visitor's are in the
 * browser); this loads each id once (`fetchProducts` resolves with each id's product, or null when it has none) and
 * drops ids the catalogue no longer has. Removing a product from the list loads nothing again.
 */
export const savedProductsMachine = setup({
  types: {
    context: {} as SavedProductsContext,
    events: {} as SavedProductsEvent,
    input: {} as { ids?: string[]; app?: AppRef },
  },
  actors: {
    followWishlist,
    fetchProducts: fromPromise<Record<string, DisplayProduct | null>, { ids: string[] }>(async () => {
      throw new Error('fetchProducts is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    hasMissing: ({ context }) => missingOf(context).length > 0,
  },
  actions: {
    assignWanted: assign({
      wanted: ({ context, event }) => (event.type === 'saved.show' ? event.ids : context.wanted),
    }),
    assignProducts: assign({
      products: ({ context }, params: { found: Record<string, DisplayProduct | null> }) => ({
        ...context.products,
        ...params.found,
      }),
    }),
  },
}).createMachine({
  id: 'savedProducts',
  description:
    "The wishlist page's products, loaded by id; the ids come from the app's wishlist, which it follows.",
  context: ({ input }) => ({ app: input.app ?? null, wanted: input.ids ?? [], products: {} }),
  invoke: {
    id: 'followWishlist',
    src: 'followWishlist',
    input: ({ context }) => ({ app: context.app }),
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'Is any wanted product not loaded yet?',
      always: [{ guard: 'hasMissing', target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      description: 'Loading the products not loaded yet.',
      tags: ['loading'],
      invoke: {
        id: 'fetchProducts',
        src: 'fetchProducts',
        input: ({ context }) => ({ ids: missingOf(context) }),
        onDone: {
          target: 'checking',
          actions: {
            type: 'assignProducts',
            params: ({ event }) => ({ found: event.output }),
          },
          description: 'Loaded (ids with no product are dropped); the list may have changed meanwhile.',
        },
        onError: { target: 'failed', description: 'The products could not be loaded.' },
      },
      on: {
        'saved.show': {
          actions: 'assignWanted',
          description: 'The list changed while loading: what is still missing is loaded next.',
        },
      },
    },
    ready: {
      description: 'Every wanted product is shown.',
      on: { 'saved.show': { target: 'checking', actions: 'assignWanted' } },
    },
    failed: {
      description: 'The products could not be loaded: the page offers to try again.',
      tags: ['error'],
      on: {
        'saved.retry': { target: 'checking' },
        'saved.show': { target: 'checking', actions: 'assignWanted' },
      },
    },
  },
});
