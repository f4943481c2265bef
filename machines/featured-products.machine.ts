import { assign, fromPromise, setup } from 'xstate';
import type { DisplayProduct } from './catalogue.model';

/**
 * The home page's Featured Styles (spec §4 Featured products). A failure is only logged; the page then
 * shows the empty message, exactly as for an empty list. The page may arrive with them: the server
 * rendered the home page from GET /products?filter=featured&limit=4 and embedded that answer
 * (src/app/actors/first-answer.ts), so the machine starts `loaded` from it without asking again.
 */
export const featuredProductsMachine = setup({
  types: {
    context: {} as { products: DisplayProduct[]; first: DisplayProduct[] | null },
    input: {} as { first?: DisplayProduct[] | null } | undefined,
  },
  guards: {
    hasFirstProducts: ({ context }) => context.first !== null,
  },
  actors: {
    fetchFeaturedProducts: fromPromise<DisplayProduct[]>(async () => {
      throw new Error('fetchFeaturedProducts is provided by its *.live.ts in src/features');
    }),
  },
  actions: {
    assignProducts: assign({ products: (_, params: { products: DisplayProduct[] }) => params.products }),
    forgetFirstProducts: assign({ first: null }),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'featuredProducts',
  description: "The home page's Featured Styles.",
  context: ({ input }) => ({ products: [], first: input?.first ?? null }),
  initial: 'opening',
  states: {
    opening: {
      description:
        'The page came with the featured products (the server rendered them): show them without asking again; else ask.',
      always: [
        {
          guard: 'hasFirstProducts',
          target: 'loaded',
          actions: [
            { type: 'assignProducts', params: ({ context }) => ({ products: context.first ?? [] }) },
            'forgetFirstProducts',
          ],
        },
        { target: 'loading' },
      ],
    },
    loading: {
      description: 'Loading the featured products; placeholders show meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'fetchFeaturedProducts',
        src: 'fetchFeaturedProducts',
        onDone: {
          target: 'loaded',
          actions: { type: 'assignProducts', params: ({ event }) => ({ products: event.output }) },
        },
        onError: {
          target: 'failed',
          description: 'They could not be loaded: logged, and the shopper sees the empty message.',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // 'loaded' holds the list, possibly empty (spec §4: loaded (list or empty)).
    loaded: { description: 'The featured products are shown (or the empty message when there are none).' },
    failed: { description: 'Nothing to feature: the empty message shows.', tags: ['error'] },
  },
});
