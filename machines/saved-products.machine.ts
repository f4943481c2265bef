import { assign, fromPromise, setup } from 'xstate';
import type { DisplayProduct } from './catalogue.model';

export type SavedProductsEvent =
  /** The wishlist's ids changed (or the page opened): show these, loading any not loaded yet. */
  { type: 'saved.show'; ids: string[] } | { type: 'saved.retry' };

export type SavedProductsContext = {
  /** The ids to show, most recently saved first. */
  wanted: string[];
  /** Each id loaded so far: the product, or null when the catalogue has no such product any more. */
  products: Record<string, DisplayProduct | null>;
};

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
    input: {} as { ids: string[] },
  },
  actors: {
    fetchProducts: fromPromise<Record<string, DisplayProduct | null>, { ids: string[] }>(async () => {
      throw new Error('fetchProducts is provided by src/app/actors');
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
  description: "The wishlist page's products, loaded by id.",
  context: ({ input }) => ({ wanted: input.ids, products: {} }),
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
