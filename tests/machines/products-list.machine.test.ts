import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { productsListMachine } from '../../machines/products-list.machine';
import { modelNamed } from './support/models';
import {
  answered,
  answerOf,
  before,
  describeModel,
  failed,
  firstAnswerOf,
  type StepView,
} from './support/suite';

type Query = {
  category?: string;
  parentCategory?: string;
  page: number;
  q?: string;
  sort?: string;
  sizes?: string[];
  colors?: string[];
  minPrice?: number;
  maxPrice?: number;
  onSale?: boolean;
};

/** The address of a query: one order of parameters, defaults (page 1, the default sort) left out. */
const pathOf = (query: Query) => {
  const parts = [
    query.q && `q=${encodeURIComponent(query.q)}`,
    query.category && `category=${encodeURIComponent(query.category)}`,
    query.parentCategory && `parentCategory=${encodeURIComponent(query.parentCategory)}`,
    query.sort && `sort=${query.sort}`,
    query.sizes?.length && `size=${encodeURIComponent(query.sizes.join(','))}`,
    query.colors?.length && `color=${encodeURIComponent(query.colors.join(','))}`,
    query.minPrice !== undefined && `minPrice=${query.minPrice}`,
    query.maxPrice !== undefined && `maxPrice=${query.maxPrice}`,
    query.onSale && 'onSale=true',
    query.page > 1 && `page=${query.page}`,
  ].filter(Boolean);
  return `/products${parts.length ? `?${parts.join('&')}` : ''}`;
};

type Page = { products: unknown[]; total: number; facets?: unknown };
const PAGE_SIZE = 12;
const sameQuery = (a: Query, b: Query) => pathOf(a) === pathOf(b);

/** Drop the keys whose filter is off, so the expected query has the machine's shape. */
const tidy = (query: Query): Query =>
  Object.fromEntries(
    Object.entries(query).filter(
      ([, v]) => v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0),
    ),
  ) as Query;

/** The query the case starts with: its input without the page's first answer. */
function startQuery(step: StepView): Query {
  const { first: _first, ...query } = (step.input ?? {}) as Query & { first?: Page };
  return query;
}

/** The first answer the page arrived with, when the machine shows it (not a page past the last). */
function shownFirst(step: StepView): Page | null {
  const first = firstAnswerOf<Page>(step);
  if (!first) return null;
  const last = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
  const pastLast = first.products.length === 0 && first.total > 0 && startQuery(step).page > last;
  return pastLast ? null : first;
}

/** The query the URL and the filter show after the step. */
function queryAfter(step: StepView): Query {
  const q = before(step, (c) => c.query as Query, startQuery(step));
  const e = step.event as {
    type: string;
    parentCategory?: string;
    page?: number;
    sort?: string;
    filter?: string;
    value?: string;
    min?: number;
    max?: number;
    onSale?: boolean;
  };
  // Every sort and filter change starts again from page 1; the same value again changes nothing.
  const from1 = (next: Query) => {
    const t = tidy({ ...next, page: 1 });
    return sameQuery(t, q) ? q : t;
  };
  switch (e.type) {
    case 'products.filter': {
      const picked = e.parentCategory?.trim() ?? '';
      if (picked === (q.parentCategory ?? '')) return q;
      return tidy({ ...q, parentCategory: picked || undefined, page: 1 });
    }
    case 'products.page':
      return e.page && e.page >= 1 && e.page !== q.page ? { ...q, page: e.page } : q;
    case 'products.sort': {
      // Newest is the default order of a list, relevance that of a search: neither is written down.
      const isDefault = e.sort === (q.q ? 'relevance' : 'newest');
      return from1({ ...q, sort: isDefault ? undefined : e.sort });
    }
    case 'products.toggle': {
      const key = e.filter === 'size' ? 'sizes' : 'colors';
      const values = q[key] ?? [];
      const value = e.value as string;
      return from1({
        ...q,
        [key]: values.includes(value) ? values.filter((v) => v !== value) : [...values, value],
      });
    }
    case 'products.price': {
      const [min, max] = [e.min, e.max].sort((a, b) => (a ?? 0) - (b ?? 0));
      return from1({ ...q, minPrice: min, maxPrice: max });
    }
    case 'products.onSale':
      return from1({ ...q, onSale: e.onSale });
    case 'products.remove':
      if (e.filter === 'price') return from1({ ...q, minPrice: undefined, maxPrice: undefined });
      if (e.filter === 'size') return from1({ ...q, sizes: q.sizes?.filter((v) => v !== e.value) });
      if (e.filter === 'color') return from1({ ...q, colors: q.colors?.filter((v) => v !== e.value) });
      return from1({ ...q, [e.filter as string]: undefined });
    case 'products.clearFilters':
      return from1({ category: q.category, q: q.q, sort: q.sort, page: 1 });
    case 'products.sync': {
      const { type: _type, ...synced } = e as Query & { type: string };
      return sameQuery(q, synced) ? q : synced;
    }
  }
  // An empty page past the last one moves to the last page.
  const page = answerOf<Page>(step, 'fetchProducts');
  const last = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 0;
  if (page && page.products.length === 0 && page.total > 0 && q.page > last) return { ...q, page: last };
  return q;
}

describeModel(
  modelNamed('products-list'),
  ({ from, event, to }) => {
    const queryChanged = JSON.stringify(from?.context.query) !== JSON.stringify(to.context.query);
    // No type filter or later page to clear: the category itself is empty, so show all products.
    if (!queryChanged && event.type === 'products.clearFilters')
      return [{ type: 'navigate', to: '/products' }];
    if (!queryChanged) return [];
    const url = { type: 'navigate', to: pathOf(to.context.query) };
    if (event.type === 'products.page') return [url, { type: 'scrollToTop', behavior: 'smooth' }];
    if (
      [
        'products.filter',
        'products.clearFilters',
        'products.sort',
        'products.toggle',
        'products.price',
        'products.onSale',
        'products.remove',
      ].includes(event.type)
    )
      return [url];
    // An empty page past the last one goes to the last page, replacing the URL.
    if (event.type === 'xstate.done.actor.fetchProducts') return [{ ...url, replace: true }];
    return [];
  },
  {
    shows: (step) => {
      const { to } = step;
      const query = queryAfter(step);
      expect(to.context.query).toEqual(query);
      // The grid shows the page answered (or nothing after a failure) until the next answer; the
      // answer that moves to the last page keeps the grid as it was while that page loads.
      // A page the server rendered starts with its answer, as if it had just arrived.
      const first = shownFirst(step);
      const page = answerOf<Page>(step, 'fetchProducts') ?? first ?? undefined;
      const moved =
        page !== undefined && query.page !== before(step, (c) => (c.query as Query).page, query.page);
      // The facet counts come with the page (none when the answer had none, or after a failure).
      const shown =
        page && !moved
          ? { products: page.products, total: page.total, facets: page.facets ?? null }
          : failed(step, 'fetchProducts')
            ? { products: [], total: 0, facets: null }
            : {
                products: before(step, (c) => c.products, []),
                total: before(step, (c) => c.total, 0),
                facets: before(step, (c) => c.facets, null),
              };
      expect({ products: to.context.products, total: to.context.total, facets: to.context.facets }).toEqual(
        shown,
      );
      // The 'Filter by Type' options: the answer, none after a failure (spec §8).
      const options = answered(step, 'fetchParentCategories')
        ? answerOf(step, 'fetchParentCategories')
        : failed(step, 'fetchParentCategories')
          ? []
          : before(step, (c) => c.parentCategories, []);
      expect(to.context.parentCategories).toEqual(options);
      const reloads =
        (step.event.type === 'xstate.init' && first === null) ||
        step.event.type === 'products.retry' ||
        moved ||
        !sameQuery(
          query,
          before(step, (c) => c.query as Query, query),
        );
      expect(to.hasTag('loading')).toBe(
        reloads || (Boolean(step.from?.hasTag('loading')) && !page && !failed(step, 'fetchProducts')),
      );
    },
    sends: {
      // The page of the query shown, 12 a page; the type options of its category.
      fetchProducts: (step) => ({ ...queryAfter(step), limit: PAGE_SIZE, facets: true }),
      fetchParentCategories: (step) => ({ category: queryAfter(step).category }),
    },
  },
);

describe('productsListMachine', () => {
  it('resets the page to 1 when the parent category changes', () => {
    const actor = createActor(productsListMachine, { input: { category: 'men', page: 3 } }).start();
    actor.send({ type: 'products.filter', parentCategory: 'Kurta' });
    expect(actor.getSnapshot().context.query).toEqual({ category: 'men', parentCategory: 'Kurta', page: 1 });
    actor.stop();
  });

  it('moves an empty page past the last one to the last page (10 products, page 2 → 1)', async () => {
    const pages: number[] = [];
    const actor = createActor(
      productsListMachine.provide({
        actors: {
          fetchProducts: fromPromise(async ({ input }) => {
            pages.push(input.page);
            return input.page === 1
              ? { products: [{ id: 'p' } as never], total: 10 }
              : { products: [], total: 10 };
          }),
          fetchParentCategories: fromPromise<string[], { category?: string }>(async () => []),
        },
      }),
      { input: { category: 'accessories', page: 2 } },
    );
    const emitted: unknown[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(pages).toEqual([2, 1]);
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'navigate', to: '/products?category=accessories', replace: true });
    actor.stop();
  });

  it('ignores a URL sync when the query is the one it already holds', () => {
    const actor = createActor(productsListMachine, { input: { category: 'men', page: 2 } }).start();
    const before = actor.getSnapshot();
    actor.send({ type: 'products.sync', category: 'men', page: 2 });
    expect(actor.getSnapshot().context).toBe(before.context);
    actor.stop();
  });
});
