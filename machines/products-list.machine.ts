import { assign, emit, fromPromise, setup } from 'xstate';
import {
  type DisplayProduct,
  defaultSort,
  PAGE_SIZE,
  type ProductSort,
  type ProductsQuery,
  productsPath,
  sameProductsQuery,
} from './catalogue.model';
import { type EmittedEvent, navigate } from './events';

type FacetValue = { value: string; count: number };

/** What the filter panel offers, counted by the server under the other filters (the contract's Facets). */
export type Facets = {
  sizes: FacetValue[];
  colors: FacetValue[];
  price: { min: number; max: number };
  onSale: number;
};

export type ProductsPage = { products: DisplayProduct[]; total: number; facets?: Facets };

/** The page's query, its size, and the facet counts asked for in the same call. */
export type FetchProductsInput = ProductsQuery & { limit: number; facets: true };

/** A filter a chip removes: one size or colour, the price range, on-sale, or the type. */
type RemovableFilter =
  | { filter: 'size' | 'color'; value: string }
  | { filter: 'price' | 'onSale' | 'parentCategory' };

export type ProductsListEvent =
  /** The URL changed (link, back button): adopt its query. Ignored when nothing changed. */
  | ({ type: 'products.sync' } & ProductsQuery)
  /** 'Filter by Type' picked an option ('' = 'All Types'); the page goes back to 1. */
  | { type: 'products.filter'; parentCategory: string }
  | { type: 'products.page'; page: number }
  /** 'Sort by' picked an order; the page goes back to 1. */
  | { type: 'products.sort'; sort: ProductSort }
  /** A size or colour ticked or unticked in the filter panel (multi-select); back to page 1. */
  | { type: 'products.toggle'; filter: 'size' | 'color'; value: string }
  /** The price range applied (either end may be left open); back to page 1. */
  | { type: 'products.price'; min?: number; max?: number }
  | { type: 'products.onSale'; onSale: boolean }
  /** A chip's remove button. */
  | ({ type: 'products.remove' } & RemovableFilter)
  /**
   * 'Clear' / 'Clear Filters' / 'Clear all': drop the type, size, colour, price and on-sale filters,
   * back to page 1 (the category, the search and the order stay); with nothing to drop, the category
   * itself leaves nothing to show: go to all products.
   */
  | { type: 'products.clearFilters' }
  | { type: 'products.retry' };

export type ProductsListContext = {
  query: ProductsQuery;
  products: DisplayProduct[];
  total: number;
  parentCategories: string[];
  /** The counts of the last answer; null until one arrives (or after a failure). */
  facets: Facets | null;
  /**
   * The answer the page arrived with for its query: the server rendered the first screen from it and
   * embedded it (src/app/actors/first-answer.ts), so the list shows it instead of asking again. Used once.
   */
  first: ProductsPage | null;
};

/** The list's input: the URL's query, and the page's first answer when the server embedded one. */
export type ProductsListInput = Partial<ProductsQuery> & { first?: ProductsPage | null };

const sameQuery = sameProductsQuery;

/** The query narrowed or widened by one filter event: page 1, and empty filters left out. */
function narrowed(query: ProductsQuery, event: ProductsListEvent): ProductsQuery {
  const next: ProductsQuery = { ...query, page: 1 };
  const set = <K extends keyof ProductsQuery>(key: K, value: ProductsQuery[K] | undefined) => {
    const empty = value === undefined || value === false || (Array.isArray(value) && value.length === 0);
    if (empty) delete next[key];
    else next[key] = value as ProductsQuery[K];
  };
  const listKey = (filter: 'size' | 'color') => (filter === 'size' ? 'sizes' : 'colors');
  switch (event.type) {
    case 'products.sort':
      set('sort', event.sort === defaultSort(query) ? undefined : event.sort);
      break;
    case 'products.toggle': {
      const key = listKey(event.filter);
      const values = query[key] ?? [];
      set(
        key,
        values.includes(event.value) ? values.filter((v) => v !== event.value) : [...values, event.value],
      );
      break;
    }
    case 'products.price': {
      const valid = (n: number | undefined) =>
        n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
      let min = valid(event.min);
      let max = valid(event.max);
      // A range typed backwards is still the range the shopper means.
      if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
      set('minPrice', min);
      set('maxPrice', max);
      break;
    }
    case 'products.onSale':
      set('onSale', event.onSale);
      break;
    case 'products.remove':
      if (event.filter === 'size' || event.filter === 'color') {
        const key = listKey(event.filter);
        set(
          key,
          (query[key] ?? []).filter((v) => v !== event.value),
        );
      } else if (event.filter === 'price') {
        set('minPrice', undefined);
        set('maxPrice', undefined);
      } else set(event.filter, undefined);
      break;
    case 'products.clearFilters':
      for (const key of ['parentCategory', 'sizes', 'colors', 'minPrice', 'maxPrice', 'onSale'] as const)
        set(key, undefined);
      break;
  }
  return next;
}

/** ?page=9 of a 10-product category: an empty page past the last one. */
const isPastLast = (page: number, answer: ProductsPage) =>
  answer.products.length === 0 && answer.total > 0 && page > Math.max(1, Math.ceil(answer.total / PAGE_SIZE));

/** The first answer as an action's params (only read when a first-answer guard holds). */
const firstPage = ({ context }: { context: ProductsListContext }) => ({
  page: context.first ?? { products: [], total: 0 },
});

/** A filter or order changed: the query narrows to it, from page 1, and the URL follows. */
const narrowing = (description: string) =>
  ({
    guard: 'isNarrowingChanged',
    target: '.loading',
    actions: ['narrowQuery', 'updateUrl'],
    description,
  }) as const;

/** The fetched page as an action's or guard's params. */
const answeredPage = ({ event }: { event: { output: ProductsPage } }) => ({ page: event.output });

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
    input: {} as ProductsListInput | undefined,
  },
  actors: {
    fetchProducts: fromPromise<ProductsPage, FetchProductsInput>(async () => {
      throw new Error('fetchProducts is provided by its *.live.ts in src/features');
    }),
    fetchParentCategories: fromPromise<string[], { category?: string }>(async () => {
      throw new Error('fetchParentCategories is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    hasProducts: (_, params: { page: ProductsPage }) => params.page.products.length > 0,
    hasFirstProducts: ({ context }) => (context.first?.products.length ?? 0) > 0,
    // An empty first answer is shown as such, unless it is a page past the last (loading clamps that).
    isFirstPageEmpty: ({ context }) =>
      context.first !== null && !isPastLast(context.query.page, context.first),
    // ?page=9 of a 10-product category: an empty page past the last one.
    isPastLastPage: ({ context }, params: { page: ProductsPage }) =>
      isPastLast(context.query.page, params.page),
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
    // Any sort, filter or chip event that changes the query (the same value again changes nothing).
    isNarrowingChanged: ({ context, event }) => !sameQuery(context.query, narrowed(context.query, event)),
  },
  actions: {
    assignPage: assign((_, params: { page: ProductsPage }) => ({
      products: params.page.products,
      total: params.page.total,
      facets: params.page.facets ?? null,
    })),
    clearProducts: assign({ products: () => [], total: () => 0, facets: () => null }),
    forgetFirstPage: assign({ first: null }),
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
    narrowQuery: assign({ query: ({ context, event }) => narrowed(context.query, event) }),
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
  description:
    'The products page: one page of a category or a search, sorted and narrowed by type, size, colour, price and on-sale, with the counts of each option and the type options.',
  context: ({ input }) => {
    const { first = null, ...query } = input ?? {};
    return {
      query: { ...query, page: query.page ?? 1 },
      products: [],
      total: 0,
      parentCategories: [],
      facets: null,
      first,
    };
  },
  type: 'parallel',
  states: {
    list: {
      description: 'The products of the current page.',
      initial: 'opening',
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
          narrowing('Drop every filter (type, size, colour, price, on sale) and go back to page 1.'),
          {
            actions: 'showAllProducts',
            description: 'No filter to drop: the category itself is empty, so show all products.',
          },
        ],
        'products.sort': narrowing('Another order, from page 1.'),
        'products.toggle': narrowing('A size or colour added to or taken from the filter, from page 1.'),
        'products.price': narrowing('Another price range, from page 1.'),
        'products.onSale': narrowing('Only products on sale, or all again, from page 1.'),
        'products.remove': narrowing("A chip's filter removed, from page 1."),
        'products.page': {
          guard: 'isOtherPage',
          target: '.loading',
          actions: ['setPage', 'updateUrl', 'scrollToTop'],
        },
      },
      states: {
        opening: {
          description:
            'The page came with its first answer (the server rendered it): show it without asking again; else ask.',
          always: [
            {
              guard: 'hasFirstProducts',
              target: 'loaded',
              actions: [{ type: 'assignPage', params: firstPage }, 'forgetFirstPage'],
            },
            {
              guard: 'isFirstPageEmpty',
              target: 'empty',
              actions: [{ type: 'assignPage', params: firstPage }, 'forgetFirstPage'],
              description: 'Nothing matches the category and filter.',
            },
            { target: 'loading', actions: 'forgetFirstPage' },
          ],
        },
        loading: {
          description: 'Loading the page of products; placeholders show meanwhile.',
          tags: ['loading'],
          invoke: {
            id: 'fetchProducts',
            src: 'fetchProducts',
            input: ({ context }) => ({ ...context.query, limit: PAGE_SIZE, facets: true as const }),
            onDone: [
              {
                guard: { type: 'hasProducts', params: answeredPage },
                target: 'loaded',
                actions: { type: 'assignPage', params: answeredPage },
              },
              {
                guard: { type: 'isPastLastPage', params: answeredPage },
                target: 'loading',
                reenter: true,
                description: 'A page past the last one (an old link): load the last page instead.',
                actions: [{ type: 'clampToLastPage', params: answeredPage }, 'replaceUrl'],
              },
              {
                target: 'empty',
                actions: { type: 'assignPage', params: answeredPage },
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
