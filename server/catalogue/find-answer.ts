/**
 * The body of a search, sort or attribute-filtered listing (Snapshot.find): the size, colour, price and
 * on-sale filters, the facet counts and the page, worked out in memory over one snapshot.
 */
import { toRupees } from '../payments/money';
import type { CatalogueFindQuery, CatalogueSort } from './catalogue-query';
import { type FacetIndex, hasAny, wantedFlags } from './facet-index';
import { listBody, type ProductSource } from './product-json';
import type { SortOrders } from './sort-orders';

const NONE = new Int32Array(0);

/** What a find needs of a snapshot. */
export interface FindSource {
  readonly products: ProductSource;
  readonly size: number;
  /** The price the shopper pays (discounted ?? regular), in paise, by position. */
  readonly paidOf: Int32Array;
  readonly onSaleOf: Uint8Array;
  readonly sizeIndex: FacetIndex;
  readonly colorIndex: FacetIndex;
  readonly sortOrders: SortOrders;
}

/**
 * One pass over the candidates (the ranked search results, or the products passing the category
 * filters, null for every product) decides, per product, which of the size, colour, price and on-sale
 * filters it passes; a facet counts the products passing every filter but its own.
 */
export function findBody(
  source: FindSource,
  query: CatalogueFindQuery,
  sort: CatalogueSort,
  candidates: Int32Array | null,
): Promise<Buffer> {
  const count = candidates === null ? source.size : candidates.length;
  const sizes = source.sizeIndex;
  const colors = source.colorIndex;
  const wantSizes = wantedFlags(sizes, query.sizes);
  const wantColors = wantedFlags(colors, query.colors);
  const min = query.minPricePaise ?? null;
  const max = query.maxPricePaise ?? null;
  const onSale = query.onSale ?? false;
  const facets = query.facets ?? false;
  const sizeCounts = new Uint32Array(sizes.names.length);
  const colorCounts = new Uint32Array(colors.names.length);
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let onSaleCount = 0;
  // With no size, colour, price or sale filter every candidate matches, in its own order, and the pass
  // only counts facets: then it visits them in catalogue order, reading the per-product arrays ascending
  // (a search's hits come in rank order, scattered over the catalogue: at a million products the
  // scattered reads cost twice as long).
  const unfiltered =
    candidates !== null &&
    wantSizes === null &&
    wantColors === null &&
    min === null &&
    max === null &&
    !onSale;
  const kept: number[] = [];
  const visit = unfiltered ? (facets ? candidates.slice().sort() : NONE) : candidates;
  const visits = visit === null ? count : visit.length;

  for (let k = 0; k < visits; k++) {
    const i = visit === null ? k : (visit[k] as number);
    const bySize = wantSizes === null || hasAny(sizes, i, wantSizes);
    const byColor = wantColors === null || hasAny(colors, i, wantColors);
    const price = source.paidOf[i] as number;
    const byPrice = (min === null || price >= min) && (max === null || price <= max);
    const bySale = !onSale || source.onSaleOf[i] === 1;
    if (bySize && byColor && byPrice && bySale && !unfiltered) kept.push(i);
    if (!facets) continue;
    if (byColor && byPrice && bySale)
      for (let v = sizes.starts[i] as number; v < (sizes.starts[i + 1] as number); v++)
        (sizeCounts[sizes.valueIds[v] as number] as number) += 1;
    if (bySize && byPrice && bySale)
      for (let v = colors.starts[i] as number; v < (colors.starts[i + 1] as number); v++)
        (colorCounts[colors.valueIds[v] as number] as number) += 1;
    if (bySize && byColor && bySale) {
      if (price < low) low = price;
      if (price > high) high = price;
    }
    if (bySize && byColor && byPrice && source.onSaleOf[i] === 1) onSaleCount++;
  }

  // Unfiltered, the candidates themselves are the matches (a page is sliced from them, not copied).
  const matches = unfiltered ? candidates : kept;
  const total = matches.length;
  const { page, limit } = query;
  const from = Math.min(total, (page - 1) * limit);
  const to = Math.min(total, from + limit);
  // Search candidates come in rank order, others in position order (newest first); `matches` kept it.
  const inOrder = query.search ? sort === 'relevance' : sort === 'newest' || sort === 'relevance';
  const pageOf = inOrder
    ? matches.slice(from, to)
    : source.sortOrders.page(unfiltered ? Array.from(candidates) : kept, sort, from, to);

  const pagination = { page, limit, total, totalPages: Math.ceil(total / limit) };
  let tail = `],"pagination":${JSON.stringify(pagination)},"count":${total}`;
  if (facets) {
    const value = (names: string[], counts: Uint32Array) =>
      names.map((name, id) => ({ value: name, count: counts[id] as number }));
    const found = low <= high;
    tail += `,"facets":${JSON.stringify({
      sizes: value(sizes.names, sizeCounts),
      colors: value(colors.names, colorCounts),
      price: { min: found ? toRupees(low) : 0, max: found ? toRupees(high) : 0 },
      onSale: onSaleCount,
    })}`;
  }
  return listBody(source.products, pageOf, 0, pageOf.length, `${tail}}`);
}

/** The answer cache's key for a find: every field of the query that changes the answer. */
export function findKey(query: CatalogueFindQuery, sort: CatalogueSort): string {
  return `f\u0000${JSON.stringify([
    query.page,
    query.limit,
    query.category,
    query.parentCategory,
    query.gender,
    query.featured,
    query.search?.tsquery ?? null,
    sort,
    query.sizes ?? null,
    query.colors ?? null,
    query.minPricePaise ?? null,
    query.maxPricePaise ?? null,
    query.onSale ?? false,
    query.facets ?? false,
  ])}`;
}
