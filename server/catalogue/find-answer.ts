/**
 * The body of a search, sort or attribute-filtered listing (Snapshot.find): the size, colour, price and
 * on-sale filters, the facet counts and the page, worked out in memory over one snapshot.
 */
import { toRupees } from '../payments/money';
import type { CatalogueFindQuery, CatalogueSort } from './catalogue-query';
import { type FacetIndex, valueCounts, wantedSets } from './facet-index';
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
  /** facetRecords of the above. */
  readonly facetRecords: Uint32Array;
  readonly sortOrders: SortOrders;
}

/** Where the on-sale flag sits in a facet record's colour word. */
const ON_SALE = 0x80000000;

/**
 * What the facet pass reads of each product, side by side: three words per product — its size set, its
 * colour set with the on-sale flag in the top bit, and the price it sells at (paise). At a million
 * products a search's hits are scattered over the catalogue, and one read of one record costs about
 * what each of the five separate arrays did.
 */
export function facetRecords(
  sizeIndex: FacetIndex,
  colorIndex: FacetIndex,
  paidOf: Int32Array,
  onSaleOf: Uint8Array,
): Uint32Array {
  const records = new Uint32Array(3 * paidOf.length);
  for (let i = 0; i < paidOf.length; i++) {
    records[3 * i] = sizeIndex.setOf[i] as number;
    records[3 * i + 1] = (colorIndex.setOf[i] as number) + (onSaleOf[i] === 1 ? ON_SALE : 0);
    records[3 * i + 2] = paidOf[i] as number;
  }
  return records;
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
  const wantSizes = wantedSets(sizes, query.sizes);
  const wantColors = wantedSets(colors, query.colors);
  const min = query.minPricePaise ?? null;
  const max = query.maxPricePaise ?? null;
  const onSale = query.onSale ?? false;
  const facets = query.facets ?? false;
  // With no size, colour, price or sale filter every candidate matches, in its own order, and the pass
  // only counts facets: in catalogue order (inCatalogueOrder), so its reads of the records go forward.
  const unfiltered =
    candidates !== null &&
    wantSizes === null &&
    wantColors === null &&
    min === null &&
    max === null &&
    !onSale;
  const visit = unfiltered ? (facets ? inCatalogueOrder(candidates, source.size) : NONE) : candidates;
  // Counted by set (a few hundred), spread over the values after the pass (valueCounts).
  const sizeSetCounts = new Uint32Array(sizes.setStarts.length - 1);
  const colorSetCounts = new Uint32Array(colors.setStarts.length - 1);
  const totals = Float64Array.of(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0);
  const filters = { wantSizes, wantColors, min, max, onSale, facets, keep: !unfiltered };
  const kept = facetPass(source.facetRecords, visit === null ? count : visit.length, visit, filters, {
    sizeSets: sizeSetCounts,
    colorSets: colorSetCounts,
    totals,
  });
  const low = totals[LOW] as number;
  const high = totals[HIGH] as number;
  const onSaleCount = totals[ON_SALE_COUNT] as number;

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
    const value = (index: FacetIndex, setCounts: Uint32Array) => {
      const counts = valueCounts(index, setCounts);
      return index.names.map((name, id) => ({ value: name, count: counts[id] as number }));
    };
    const found = low <= high;
    tail += `,"facets":${JSON.stringify({
      sizes: value(sizes, sizeSetCounts),
      colors: value(colors, colorSetCounts),
      price: { min: found ? toRupees(low) : 0, max: found ? toRupees(high) : 0 },
      onSale: onSaleCount,
    })}`;
  }
  return listBody(source.products, pageOf, 0, pageOf.length, `${tail}}`);
}

/** Below this many candidates the facet pass reads them as they come: few reads miss the cache. */
const IN_ORDER_FROM = 1024;
let bitmap = new Uint32Array(0);
let ordered = new Int32Array(0);

/**
 * `candidates` (distinct positions below `size`) in catalogue order, for a pass that only counts: a
 * search's hits come best first, scattered over the catalogue, and at a million products a pass over
 * them in that order missed the cache on nearly every record. Marked in a bitmap of the catalogue (a
 * bit per product: 128 KB at a million) and read back in order; the result is scratch, valid until the
 * next call (a find runs its pass synchronously).
 */
function inCatalogueOrder(candidates: Int32Array, size: number): Int32Array {
  if (candidates.length < IN_ORDER_FROM) return candidates;
  const words = (size + 31) >>> 5;
  if (bitmap.length < words) bitmap = new Uint32Array(words);
  if (ordered.length < candidates.length) ordered = new Int32Array(candidates.length);
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k] as number;
    (bitmap[i >>> 5] as number) |= 1 << (i & 31);
  }
  let count = 0;
  for (let w = 0; w < words; w++) {
    let bits = bitmap[w] as number;
    if (bits === 0) continue;
    bitmap[w] = 0;
    while (bits !== 0) {
      const low = bits & -bits;
      ordered[count++] = (w << 5) + 31 - Math.clz32(low);
      bits ^= low;
    }
  }
  return ordered.subarray(0, count);
}

/** What the facet pass is asked: the wanted size and colour sets, the price range, sale, and what to keep. */
interface PassFilters {
  wantSizes: Uint8Array | null;
  wantColors: Uint8Array | null;
  min: number | null;
  max: number | null;
  onSale: boolean;
  facets: boolean;
  /** Whether to list the products passing every filter (not when they are the candidates themselves). */
  keep: boolean;
}

/** What the facet pass counts besides the sets: the lowest and highest price, and the products on sale. */
const LOW = 0;
const HIGH = 1;
const ON_SALE_COUNT = 2;

/**
 * The pass itself, over `visit` (positions; null: positions 0 … visits - 1), in a function that ends
 * with its loop and keeps what it counts in arrays made before it: V8 compiles a long loop on the fly
 * (on-stack replacement) the first time it runs, and code after the loop that had not run by then (the
 * answer's object, say) threw every later search back to the interpreter at that place — a
 * deoptimisation per search, seen with --trace-deopt.
 */
function facetPass(
  records: Uint32Array,
  visits: number,
  visit: Int32Array | null,
  filters: PassFilters,
  counts: { sizeSets: Uint32Array; colorSets: Uint32Array; totals: Float64Array },
): number[] {
  const { wantSizes, wantColors, min, max, onSale, facets, keep } = filters;
  const { sizeSets, colorSets, totals } = counts;
  const kept: number[] = [];
  for (let k = 0; k < visits; k++) {
    const i = visit === null ? k : (visit[k] as number);
    const sizeSet = records[3 * i] as number;
    const colorWord = records[3 * i + 1] as number;
    const price = records[3 * i + 2] as number;
    const colorSet = colorWord & ~ON_SALE;
    const sale = colorWord >= ON_SALE;
    const bySize = wantSizes === null || wantSizes[sizeSet] === 1;
    const byColor = wantColors === null || wantColors[colorSet] === 1;
    const byPrice = (min === null || price >= min) && (max === null || price <= max);
    const bySale = !onSale || sale;
    if (bySize && byColor && byPrice && bySale && keep) kept.push(i);
    if (!facets) continue;
    if (byColor && byPrice && bySale) (sizeSets[sizeSet] as number) += 1;
    if (bySize && byPrice && bySale) (colorSets[colorSet] as number) += 1;
    if (bySize && byColor && bySale) {
      if (price < (totals[LOW] as number)) totals[LOW] = price;
      if (price > (totals[HIGH] as number)) totals[HIGH] = price;
    }
    if (bySize && byColor && byPrice && sale) (totals[ON_SALE_COUNT] as number) += 1;
  }
  return kept;
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
