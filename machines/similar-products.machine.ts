import { assign, fromPromise, setup } from 'xstate';
import type { DisplayProduct } from './catalogue.model';

/** The most similar items the product page shows. */
export const SIMILAR_LIMIT = 8;

/** One GET /products ask: by type (parentCategory) or by category, enough to leave the product out. */
export type FetchSimilarInput = ({ parentCategory: string } | { category: string }) & { limit: number };

type SimilarContext = {
  /** The product on the page: never among its similar items. */
  id: string;
  category: string;
  parentCategory: string;
  products: DisplayProduct[];
};

/** `found` after those the context has, without the page's product or one already there, up to SIMILAR_LIMIT. */
function merged(context: SimilarContext, found: readonly DisplayProduct[]): DisplayProduct[] {
  const seen = new Set([context.id, ...context.products.map((p) => p.id)]);
  const fresh = found.filter((p) => !seen.has(p.id) && seen.add(p.id));
  return [...context.products, ...fresh].slice(0, SIMILAR_LIMIT);
}

/**
 * 'Similar items' under a product: others of its type (parentCategory), topped up from its category when
 * the type has fewer than SIMILAR_LIMIT; both through the list call (GET /products). A failure with none
 * found, or none at all, shows nothing; the failure is only logged.
 */
export const similarProductsMachine = setup({
  types: {
    context: {} as SimilarContext,
    input: {} as { id: string; category: string; parentCategory: string },
  },
  actors: {
    fetchSimilarProducts: fromPromise<DisplayProduct[], FetchSimilarInput>(async () => {
      throw new Error('fetchSimilarProducts is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    hasType: ({ context }) => context.parentCategory !== '',
    hasCategory: ({ context }) => context.category !== '',
    /** With these added, the row is still short and the category may fill it. */
    isRowShort: ({ context }, params: { products: DisplayProduct[] }) =>
      context.category !== '' && merged(context, params.products).length < SIMILAR_LIMIT,
  },
  actions: {
    addProducts: assign({
      products: ({ context }, params: { products: DisplayProduct[] }) => merged(context, params.products),
    }),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'similarProducts',
  description: "The product page's Similar items: its type's other products, then its category's.",
  context: ({ input }) => ({
    id: input.id,
    category: input.category.trim(),
    parentCategory: input.parentCategory.trim(),
    products: [],
  }),
  initial: 'opening',
  states: {
    opening: {
      description:
        'Ask by type when the product has one, else by category; with neither there is nothing to ask.',
      always: [
        { guard: 'hasType', target: 'byType' },
        { guard: 'hasCategory', target: 'byCategory' },
        { target: 'loaded' },
      ],
    },
    byType: {
      description: 'Loading the products of the same type; placeholders show meanwhile.',
      tags: ['loading'],
      invoke: {
        id: 'fetchSimilarProducts',
        src: 'fetchSimilarProducts',
        // One more than shown: the page's product is among them.
        input: ({ context }) => ({ parentCategory: context.parentCategory, limit: SIMILAR_LIMIT + 1 }),
        onDone: [
          {
            guard: { type: 'isRowShort', params: ({ event }) => ({ products: event.output }) },
            target: 'byCategory',
            actions: { type: 'addProducts', params: ({ event }) => ({ products: event.output }) },
            description: 'Fewer than 8 of its type: top up from its category.',
          },
          {
            target: 'loaded',
            actions: { type: 'addProducts', params: ({ event }) => ({ products: event.output }) },
          },
        ],
        onError: [
          {
            guard: 'hasCategory',
            target: 'byCategory',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            description: 'Logged; its category may still have some.',
          },
          {
            target: 'loaded',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
            description: 'Logged; nothing shows.',
          },
        ],
      },
    },
    byCategory: {
      description: 'Loading the products of the same category, to fill the row.',
      tags: ['loading'],
      invoke: {
        id: 'fetchSimilarProducts',
        src: 'fetchSimilarProducts',
        // Enough that the page's product and those already shown can be left out and 8 remain.
        input: ({ context }) => ({
          category: context.category,
          limit: SIMILAR_LIMIT + 1 + context.products.length,
        }),
        onDone: {
          target: 'loaded',
          actions: { type: 'addProducts', params: ({ event }) => ({ products: event.output }) },
        },
        onError: {
          target: 'loaded',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          description: 'Logged; those of its type (if any) still show.',
        },
      },
    },
    loaded: { description: 'The similar items are shown; none shows nothing, not even the heading.' },
  },
});
