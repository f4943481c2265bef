import { assign, emit, fromPromise, setup } from 'xstate';
import { type DisplayProduct, PAGE_SIZE, type ProductsQuery, productsPath } from './catalogue.model';
import { type EmittedEvent, navigate } from './events';

export type ProductsPage = { products: DisplayProduct[]; total: number };

export type FetchProductsInput = {
  category?: string;
  parentCategory?: string;
  featured?: boolean;
  page: number;
  limit: number;
};

export type ProductsListEvent =
  /** The URL changed (link, back button): adopt its query. Ignored when nothing changed. */
  | ({ type: 'products.sync' } & ProductsQuery)
  /** 'Filter by Type' picked an option ('' = 'All Types'); the page goes back to 1. */
  | { type: 'products.filter'; parentCategory: string }
  | { type: 'products.page'; page: number }
  /**
   * 'Clear' / 'Clear Filters': drop the parent category, back to page 1; with neither to drop, the
   * category itself leaves nothing to show: go to all products.
   */
  | { type: 'products.clearFilters' }
  | { type: 'products.retry' };

export type ProductsListContext = {
  query: ProductsQuery;
  products: DisplayProduct[];
  total: number;
  parentCategories: string[];
};

const sameQuery = (a: ProductsQuery, b: ProductsQuery) =>
  (a.category ?? '') === (b.category ?? '') &&
  (a.parentCategory ?? '') === (b.parentCategory ?? '') &&
  a.page === b.page &&
  Boolean(a.featured) === Boolean(b.featured);

const withoutType = ({ type: _t, ...query }: { type: 'products.sync' } & ProductsQuery): ProductsQuery =>
  query;

/**
 * The products list (spec §2 Products list). Two regions: `list` loads the page of products; `filters`
 * loads the parent-category options (a limit-100 fetch of the category). The machine owns the query
 * and emits `navigate` so the URL mirrors it; the page sends `products.sync` when the URL changes,
 * which is ignored when the query is the one the machine already holds.
 */
export const productsListMachine = setup({
  types: {
    context: {} as ProductsListContext,
    events: {} as ProductsListEvent,
    emitted: {} as EmittedEvent,
    input: {} as Partial<ProductsQuery> | undefined,
  },
  actors: {
    fetchProducts: fromPromise<ProductsPage, FetchProductsInput>(async () => {
      throw new Error('fetchProducts is provided by src/app/actors');
    }),
    fetchParentCategories: fromPromise<string[], { category?: string }>(async () => {
      throw new Error('fetchParentCategories is provided by src/app/actors');
    }),
  },
  guards: {
    hasProducts: (_, params: { page: ProductsPage }) => params.page.products.length > 0,
    // ?page=9 of a 10-product category: an empty page past the last one.
    isPastLastPage: ({ context }, params: { page: ProductsPage }) =>
      params.page.products.length === 0 &&
      params.page.total > 0 &&
      context.query.page > Math.max(1, Math.ceil(params.page.total / PAGE_SIZE)),
    isCategoryChanged: ({ context, event }) =>
      event.type === 'products.sync' && (context.query.category ?? '') !== (event.category ?? ''),
    isQueryChanged: ({ context, event }) =>
      event.type === 'products.sync' && !sameQuery(context.query, withoutType(event)),
    isFilterChanged: ({ context, event }) =>
      event.type === 'products.filter' &&
      (context.query.parentCategory ?? '') !== event.parentCategory.trim(),
    isOtherPage: ({ context, event }) =>
      event.type === 'products.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.query.page,
    hasFilter: ({ context }) => Boolean(context.query.parentCategory) || context.query.page !== 1,
  },
  actions: {
    assignPage: assign((_, params: { page: ProductsPage }) => ({
      products: params.page.products,
      total: params.page.total,
    })),
    clearProducts: assign({ products: () => [], total: () => 0 }),
    assignParentCategories: assign({
      parentCategories: (_, params: { options: string[] }) => params.options,
    }),
    clearParentCategories: assign({ parentCategories: () => [] }),
    adoptQuery: assign({
      query: ({ context, event }) => (event.type === 'products.sync' ? withoutType(event) : context.query),
    }),
    setParentCategory: assign({
      query: ({ context, event }) => {
        if (event.type !== 'products.filter') return context.query;
        const { parentCategory: _old, ...rest } = context.query;
        const parentCategory = event.parentCategory.trim();
        return { ...rest, ...(parentCategory ? { parentCategory } : {}), page: 1 };
      },
    }),
    clearFilter: assign({
      query: ({ context }) => {
        const { parentCategory: _old, ...rest } = context.query;
        return { ...rest, page: 1 };
      },
    }),
    setPage: assign({
      query: ({ context, event }) =>
        event.type === 'products.page' ? { ...context.query, page: event.page } : context.query,
    }),
    updateUrl: emit(({ context }) => ({ type: 'navigate' as const, to: productsPath(context.query) })),
    clampToLastPage: assign({
      query: ({ context }, params: { page: ProductsPage }) => ({
        ...context.query,
        page: Math.max(1, Math.ceil(params.page.total / PAGE_SIZE)),
      }),
    }),
    replaceUrl: emit(({ context }) => ({
      type: 'navigate' as const,
      to: productsPath(context.query),
      replace: true,
    })),
    scrollToTop: emit({ type: 'scrollToTop', behavior: 'smooth' }),
    showAllProducts: emit(navigate('/products')),
    logError: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'productsList',
  description: 'The products page: one page of a category, filtered by type, and the type options.',
  context: ({ input }) => ({
    query: { ...input, page: input?.page ?? 1 },
    products: [],
    total: 0,
    parentCategories: [],
  }),
  type: 'parallel',
  states: {
    list: {
      description: 'The products of the current page.',
      initial: 'loading',
      // Handled per region so a page change does not re-enter (and refetch) the filters region.
      on: {
        'products.sync': {
          guard: 'isQueryChanged',
          target: '.loading',
          actions: 'adoptQuery',
          description: 'The address changed (a link, Back): show what it asks for.',
        },
        'products.filter': {
          guard: 'isFilterChanged',
          target: '.loading',
          actions: ['setParentCategory', 'updateUrl'],
        },
        'products.clearFilters': [
          {
            guard: 'hasFilter',
            target: '.loading',
            actions: ['clearFilter', 'updateUrl'],
            description: 'Drop the type filter and go back to page 1.',
          },
          {
            actions: 'showAllProducts',
            description: 'No filter to drop: the category itself is empty, so show all products.',
          },
        ],
        'products.page': {
          guard: 'isOtherPage',
          target: '.loading',
          actions: ['setPage', 'updateUrl', 'scrollToTop'],
        },
      },
      states: {
        loading: {
          description: 'Loading the page of products; placeholders show meanwhile.',
          tags: ['loading'],
          invoke: {
            id: 'fetchProducts',
            src: 'fetchProducts',
            input: ({ context }) => ({ ...context.query, limit: PAGE_SIZE }),
            onDone: [
              {
                guard: { type: 'hasProducts', params: ({ event }) => ({ page: event.output }) },
                target: 'loaded',
                actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
              },
              {
                guard: { type: 'isPastLastPage', params: ({ event }) => ({ page: event.output }) },
                target: 'loading',
                reenter: true,
                description: 'A page past the last one (an old link): load the last page instead.',
                actions: [
                  { type: 'clampToLastPage', params: ({ event }) => ({ page: event.output }) },
                  'replaceUrl',
                ],
              },
              {
                target: 'empty',
                actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
                description: 'Nothing matches the category and filter.',
              },
            ],
            onError: {
              target: 'failed',
              description: 'The products could not be loaded.',
              actions: [
                'clearProducts',
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        loaded: { description: 'The products are shown, with pages below when there are more.' },
        empty: { description: "'No products found', with a way to clear the filters." },
        failed: {
          description: 'The products could not be loaded; the shopper can try again.',
          tags: ['error'],
          on: { 'products.retry': 'loading' },
        },
      },
    },
    filters: {
      description: "The 'Filter by Type' options of the category.",
      initial: 'loading',
      on: {
        'products.sync': {
          guard: 'isCategoryChanged',
          target: '.loading',
          description: 'Another category: its own type options.',
        },
      },
      states: {
        loading: {
          description: 'Loading the type options.',
          invoke: {
            id: 'fetchParentCategories',
            src: 'fetchParentCategories',
            input: ({ context }) => (context.query.category ? { category: context.query.category } : {}),
            onDone: {
              target: 'ready',
              actions: { type: 'assignParentCategories', params: ({ event }) => ({ options: event.output }) },
            },
            // Spec §8: category failures are logged and the dropdown just has no options.
            onError: {
              target: 'ready',
              description: 'The options could not be loaded: the list is simply empty.',
              actions: [
                'clearParentCategories',
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        ready: { description: 'The type options are ready (possibly none).' },
      },
    },
  },
});
