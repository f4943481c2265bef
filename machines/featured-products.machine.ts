import { assign, fromPromise, setup } from 'xstate';
import type { DisplayProduct } from './catalogue.model';

/**
 * The home page's Featured Styles (spec §4 Featured products). A failure is only logged; the page then
 * shows the empty message, exactly as for an empty list.
 */
export const featuredProductsMachine = setup({
  types: {
    context: {} as { products: DisplayProduct[] },
  },
  actors: {
    fetchFeaturedProducts: fromPromise<DisplayProduct[]>(async () => {
      throw new Error('fetchFeaturedProducts is provided by src/app/actors');
    }),
  },
  actions: {
    assignProducts: assign({ products: (_, params: { products: DisplayProduct[] }) => params.products }),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'featuredProducts',
  description: "The home page's Featured Styles.",
  context: { products: [] },
  initial: 'loading',
  states: {
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
