import { describe, expect, it } from 'vitest';
import { type FacetIndex, facetIndex, nameOrder, sizeOrder } from '../../server/catalogue/facet-index';
import { type FindSource, facetRecords, findBody } from '../../server/catalogue/find-answer';
import { productIds } from '../../server/catalogue/product-ids';
import { HeldJson } from '../../server/catalogue/product-json';
import { parseSearch } from '../../server/catalogue/search';
import { SortOrders } from '../../server/catalogue/sort-orders';

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLORS = ['Red', 'Blue', 'Green', 'Black'];

/** A synthetic catalogue of `n` products whose sizes, colours, prices and sales vary with the position. */
function catalogue(n: number): FindSource & { valuesOf: { sizes: string[][]; colors: string[][] } } {
  const idOf = Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const regular = Int32Array.from({ length: n }, (_, i) => 10_000 + ((i * 7919) % 50_000));
  const paid = regular.map((price, i) => (i % 5 === 0 ? price - 1_000 : price));
  const onSale = Uint8Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 1 : 0));
  const lines = idOf.map((id) => `{"id":"${id}"}`).join('\n');
  // A fresh array per product: products with the same values must still share a set.
  const sizes = idOf.map((_, i) => SIZES.filter((_, s) => (i + s) % 3 !== 0));
  const colors = idOf.map((_, i) => [COLORS[i % 4] as string, ...(i % 7 === 0 ? ['Black'] : [])]);
  const sizeIndex = facetIndex(sizes, sizeOrder);
  const colorIndex = facetIndex(colors, nameOrder);
  return {
    products: HeldJson.fromLines(n, [Buffer.from(lines)]),
    size: n,
    paidOf: paid,
    onSaleOf: onSale,
    sizeIndex,
    colorIndex,
    facetRecords: facetRecords(sizeIndex, colorIndex, paid, onSale),
    sortOrders: new SortOrders(productIds(idOf), paid, regular),
    valuesOf: { sizes, colors },
  };
}

type Filters = { sizes?: string[]; colors?: string[]; min?: number; max?: number; onSale?: boolean };

/**
 * The matches, facets and page as a plain walk over the candidates and their values computes them:
 * each facet counts the candidates passing every filter but its own.
 */
function expected(
  source: ReturnType<typeof catalogue>,
  candidates: Int32Array,
  limit: number,
  filters: Filters = {},
) {
  const has = (values: string[], wanted: string[] | undefined) =>
    wanted === undefined || values.some((value) => wanted.includes(value.toLowerCase()));
  const passes = (i: number, skip: keyof Filters | 'price' | null) => {
    const price = source.paidOf[i] as number;
    return (
      (skip === 'sizes' || has(source.valuesOf.sizes[i] as string[], filters.sizes)) &&
      (skip === 'colors' || has(source.valuesOf.colors[i] as string[], filters.colors)) &&
      (skip === 'price' ||
        ((filters.min === undefined || price >= filters.min) &&
          (filters.max === undefined || price <= filters.max))) &&
      (skip === 'onSale' || !filters.onSale || source.onSaleOf[i] === 1)
    );
  };
  const all = Array.from(candidates);
  const count = (index: FacetIndex, facet: 'sizes' | 'colors') =>
    index.names.map((value) => ({
      value,
      count: all.filter((i) => passes(i, facet) && (source.valuesOf[facet][i] as string[]).includes(value))
        .length,
    }));
  const prices = all.filter((i) => passes(i, 'price')).map((i) => source.paidOf[i] as number);
  const matches = all.filter((i) => passes(i, null));
  return {
    ids: matches.slice(0, limit).map((i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    total: matches.length,
    facets: {
      sizes: count(source.sizeIndex, 'sizes'),
      colors: count(source.colorIndex, 'colors'),
      price: prices.length
        ? { min: Math.min(...prices) / 100, max: Math.max(...prices) / 100 }
        : { min: 0, max: 0 },
      onSale: all.filter((i) => passes(i, 'onSale') && source.onSaleOf[i] === 1).length,
    },
  };
}

function shuffled(positions: number[], seed: number): Int32Array {
  const list = positions.slice();
  let state = seed;
  for (let k = list.length - 1; k > 0; k--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (k + 1);
    [list[k], list[j]] = [list[j] as number, list[k] as number];
  }
  return Int32Array.from(list);
}

describe('findBody over a search’s hits (rank order, scattered over the catalogue)', () => {
  const source = catalogue(30_000);
  const query = {
    page: 1,
    limit: 24,
    category: null,
    parentCategory: null,
    gender: null,
    featured: false,
    search: parseSearch('kurta'),
    facets: true,
  };

  // The count reads many hits' records in catalogue order (inCatalogueOrder), a few in rank order; the
  // page keeps the rank order.
  it.each([
    ['a few hits', 300],
    ['many hits', 12_000],
  ])(
    'counts facets over %s exactly and pages them in rank order, leaving the hits as they were',
    async (_, hits) => {
      const candidates = shuffled(
        Array.from({ length: hits }, (_, k) => (k * 30_000) / hits),
        hits,
      );
      const before = candidates.slice();
      const body = JSON.parse((await findBody(source, query, 'relevance', candidates)).toString()) as {
        data: { id: string }[];
        pagination: { total: number };
        facets: unknown;
      };
      const want = expected(source, candidates, query.limit);
      expect(body.data.map((product) => product.id)).toEqual(want.ids);
      expect(body.pagination.total).toBe(hits);
      expect(want.total).toBe(hits);
      expect(body.facets).toEqual(want.facets);
      expect(candidates).toEqual(before);
    },
  );

  it.each<[string, Filters]>([
    ['a size', { sizes: ['m'] }],
    ['two colours', { colors: ['black', 'green'] }],
    [
      'a size, a colour, a price band and the sale',
      { sizes: ['xs', 'xl'], colors: ['red'], min: 20_000, max: 40_000, onSale: true },
    ],
    ['a value the catalogue lacks', { sizes: ['xxxl'] }],
  ])('counts each facet over the hits passing every other filter, with %s', async (_, filters) => {
    const candidates = shuffled(
      Array.from({ length: 6_000 }, (_, k) => k * 5),
      11,
    );
    const filtered = {
      ...query,
      sizes: filters.sizes ?? null,
      colors: filters.colors ?? null,
      minPricePaise: filters.min ?? null,
      maxPricePaise: filters.max ?? null,
      onSale: filters.onSale ?? false,
    };
    const body = JSON.parse((await findBody(source, filtered, 'relevance', candidates)).toString()) as {
      data: { id: string }[];
      pagination: { total: number };
      facets: unknown;
    };
    const want = expected(source, candidates, query.limit, filters);
    expect(body.pagination.total).toBe(want.total);
    expect(body.data.map((product) => product.id)).toEqual(want.ids);
    expect(body.facets).toEqual(want.facets);
  });

  it('gives products with the same values one set, however many arrays hold them', () => {
    expect(source.sizeIndex.setStarts.length - 1).toBe(3);
    expect(source.colorIndex.setStarts.length - 1).toBe(7);
    expect(source.sizeIndex.setOf[0]).toBe(source.sizeIndex.setOf[3]);
    expect(source.sizeIndex.setOf[0]).not.toBe(source.sizeIndex.setOf[1]);
  });

  it('sorts many hits by price without reordering the remembered ranking', async () => {
    const candidates = shuffled(
      Array.from({ length: 12_000 }, (_, k) => k * 2),
      7,
    );
    const before = candidates.slice();
    const body = JSON.parse((await findBody(source, query, 'price-asc', candidates)).toString()) as {
      data: { id: string }[];
    };
    const cheapest = Array.from(candidates)
      .sort((a, b) => (source.paidOf[a] as number) - (source.paidOf[b] as number) || a - b)
      .slice(0, query.limit);
    const prices = body.data.map((product) => source.paidOf[Number(product.id.slice(-12))] as number);
    expect(prices).toEqual(cheapest.map((i) => source.paidOf[i] as number));
    expect(candidates).toEqual(before);
  });
});
