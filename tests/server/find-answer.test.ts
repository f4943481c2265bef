import { describe, expect, it } from 'vitest';
import { facetIndex, nameOrder, sizeOrder } from '../../server/catalogue/facet-index';
import { type FindSource, findBody } from '../../server/catalogue/find-answer';
import { HeldJson } from '../../server/catalogue/product-json';
import { parseSearch } from '../../server/catalogue/search';
import { SortOrders } from '../../server/catalogue/sort-orders';

const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLORS = ['Red', 'Blue', 'Green', 'Black'];

/** A synthetic catalogue of `n` products whose sizes, colours, prices and sales vary with the position. */
function catalogue(n: number): FindSource {
  const idOf = Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const regular = Int32Array.from({ length: n }, (_, i) => 10_000 + ((i * 7919) % 50_000));
  const paid = regular.map((price, i) => (i % 5 === 0 ? price - 1_000 : price));
  const lines = idOf.map((id) => `{"id":"${id}"}`).join('\n');
  return {
    products: HeldJson.fromLines(n, [Buffer.from(lines)]),
    size: n,
    paidOf: paid,
    onSaleOf: Uint8Array.from({ length: n }, (_, i) => (i % 5 === 0 ? 1 : 0)),
    sizeIndex: facetIndex(
      idOf.map((_, i) => SIZES.filter((_, s) => (i + s) % 3 !== 0)),
      sizeOrder,
    ),
    colorIndex: facetIndex(
      idOf.map((_, i) => [COLORS[i % 4] as string, ...(i % 7 === 0 ? ['Black'] : [])]),
      nameOrder,
    ),
    sortOrders: new SortOrders(idOf, paid, regular),
  };
}

/** The facets and page as a plain walk over the candidates computes them. */
function expected(source: FindSource, candidates: Int32Array, limit: number) {
  const count = (index: FindSource['sizeIndex']) =>
    index.names.map((value, id) => {
      let n = 0;
      for (const i of candidates)
        for (let v = index.starts[i] as number; v < (index.starts[i + 1] as number); v++)
          if (index.valueIds[v] === id) n++;
      return { value, count: n };
    });
  const prices = Array.from(candidates, (i) => source.paidOf[i] as number);
  return {
    ids: Array.from(
      candidates.subarray(0, limit),
      (i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    ),
    facets: {
      sizes: count(source.sizeIndex),
      colors: count(source.colorIndex),
      price: { min: Math.min(...prices) / 100, max: Math.max(...prices) / 100 },
      onSale: Array.from(candidates).filter((i) => source.onSaleOf[i] === 1).length,
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

  // The count visits the hits in catalogue order (a sorted copy); the page keeps their rank order.
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
      expect(body.facets).toEqual(want.facets);
      expect(candidates).toEqual(before);
    },
  );

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
