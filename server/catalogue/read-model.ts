/**
 * The catalogue read model: every product held in memory, already serialized, so a list or product
 * answer is a slice of bytes rather than a query.
 *
 * - Start-up loads all products once (one consistent snapshot, newest first then id — the contract's
 *   order) together with the catalogue_version row, and builds indexes by category, parentCategory
 *   (both lower-cased, as the API matches them) and featured. Totals are the index lengths, so no
 *   request counts rows, and a page is `positions.subarray(from, to)`: O(limit) at any depth.
 * - Answers are cached lazily per (filters, page, limit) or product id within a snapshot as
 *   EncodedBody (bytes + strong ETag, brotli/gzip made once), bounded by a byte budget.
 * - A change to products (any statement) bumps catalogue_version and NOTIFYs `statefront_catalogue`
 *   (trigger from migration 0001). Each process LISTENs — PGlite in-process, PostgreSQL on a
 *   dedicated connection that reconnects and re-checks the version — and reloads: the index fields of
 *   every product plus each row's xmin, then JSON only for rows that are new or changed (the others
 *   keep their bytes). Measured at 100,000 products on a busy 2-core machine: a one-product write is
 *   served 0.6-0.9 s later (PGlite and PostgreSQL), against ~4 s for a full load, which is what start-up
 *   and bulk changes (over a quarter of the catalogue) do. A writer in this process that needs its own
 *   write visible at once awaits `invalidate()`.
 * - Searches: each product's stored search_vector (its stemmed, weighted lexemes) is read in the same
 *   snapshot and patched the same way, and search-index.ts matches and ranks queries in memory with
 *   ts_rank's arithmetic; the database only normalises each distinct query text, once.
 * While a reload runs, requests keep getting the previous snapshot; the swap is a single assignment.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../context';
import { withDefaultUser } from '../db/client';
import { EncodedBody } from '../http/cache';
import { toRupees } from '../payments/money';
import { normalizeTsquery, readCatalogueSnapshot, searchProductIds } from '../repositories/products';
import { LexemeDictionary } from './lexeme-dictionary';
import { type ProductVectors, VectorsBuilder } from './product-vectors';
import type { SearchTerms } from './search';
import { SearchIndex } from './search-index';
import { parseQueryText } from './tsquery-text';

export const CATALOGUE_CHANNEL = 'statefront_catalogue';
/** Bytes of cached answers kept per snapshot before the oldest are dropped. */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;
/** Distinct filter combinations whose position lists are remembered per snapshot. */
const FILTER_MEMO_LIMIT = 2000;
/** Distinct searches whose ranked results are remembered per snapshot. */
const SEARCH_MEMO_LIMIT = 5000;
/** Distinct search texts whose normalised tsquery (PostgreSQL's) is remembered: it never goes stale. */
const TSQUERY_MEMO_LIMIT = 20_000;
/** Below this many matches a page is sorted directly; above, a whole-catalogue order is walked. */
const SMALL_RESULT = 2048;
const RECONNECT_DELAY_MS = 1000;

/** A list request after validation and normalisation (filters trimmed and lower-cased, or null). */
export interface CatalogueListQuery {
  page: number;
  limit: number;
  category: string | null;
  parentCategory: string | null;
  gender: string | null;
  featured: boolean;
}

export type CatalogueSort = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'discount';

/**
 * A list request with the discovery options (search, sort, facets, size/colour/price/on-sale
 * filters). Absent options mean "not asked", so a plain listing is still a CatalogueListQuery.
 */
export interface CatalogueFindQuery extends CatalogueListQuery {
  /** Parsed free text (see search.ts); null or absent for no search. */
  search?: SearchTerms | null;
  /** Default: relevance when searching, else newest. */
  sort?: CatalogueSort;
  /** Lower-cased; a product matches when it has any of them. */
  sizes?: string[] | null;
  colors?: string[] | null;
  /** Bounds (inclusive) on the price paid (discounted ?? regular), in paise. */
  minPricePaise?: number | null;
  maxPricePaise?: number | null;
  onSale?: boolean;
  facets?: boolean;
}

/** True when the query needs nothing but the original listing (filters, newest first, a page). */
export function isPlainListing(query: CatalogueFindQuery): boolean {
  return (
    !query.search &&
    (query.sort === undefined || query.sort === 'newest' || query.sort === 'relevance') &&
    !query.sizes &&
    !query.colors &&
    (query.minPricePaise ?? null) === null &&
    (query.maxPricePaise ?? null) === null &&
    !query.onSale &&
    !query.facets
  );
}

/** The store's size order; any other size (Free Size, One Size, chest sizes) follows, see sizeOrder. */
const SIZE_ORDER = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];

/** Compares two size names (lower-cased): the letter sizes in order, then numbers, then the rest A-Z. */
export function sizeOrder(a: string, b: string): number {
  const rank = (size: string) => {
    const known = SIZE_ORDER.indexOf(size);
    if (known >= 0) return known;
    return /^\d+(\.\d+)?$/.test(size) ? SIZE_ORDER.length : SIZE_ORDER.length + 1;
  };
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) === SIZE_ORDER.length) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One facet's values across the snapshot: each distinct value (case-insensitive) gets a number, and
 * each product's values are the numbers in valueIds[starts[i], starts[i + 1]).
 */
interface FacetIndex {
  /** Display names (as first seen in catalogue order), in the facet's order. */
  names: string[];
  byKey: Map<string, number>;
  starts: Uint32Array;
  valueIds: Uint32Array;
}

function facetIndex(valuesOf: string[][], order: (a: string, b: string) => number): FacetIndex {
  const display = new Map<string, string>();
  for (const values of valuesOf)
    for (const value of values) {
      const key = value.trim().toLowerCase();
      if (key !== '' && !display.has(key)) display.set(key, value.trim());
    }
  const keys = [...display.keys()].sort(order);
  const byKey = new Map(keys.map((key, i) => [key, i]));
  const starts = new Uint32Array(valuesOf.length + 1);
  const ids: number[] = [];
  for (let i = 0; i < valuesOf.length; i++) {
    starts[i] = ids.length;
    const seen = new Set<number>();
    for (const value of valuesOf[i] as string[]) {
      const id = byKey.get(value.trim().toLowerCase());
      if (id !== undefined && !seen.has(id)) {
        seen.add(id);
        ids.push(id);
      }
    }
  }
  starts[valuesOf.length] = ids.length;
  return {
    names: keys.map((key) => display.get(key) as string),
    byKey,
    starts,
    valueIds: Uint32Array.from(ids),
  };
}

/** Whether product i has any of the wanted values (a Uint8Array flag per value id). */
function hasAny(index: FacetIndex, i: number, wanted: Uint8Array): boolean {
  for (let k = index.starts[i] as number; k < (index.starts[i + 1] as number); k++)
    if (wanted[index.valueIds[k] as number] === 1) return true;
  return false;
}

/** The requested values as flags by value id (values the catalogue does not have match nothing). */
function wantedFlags(index: FacetIndex, values: string[] | null | undefined): Uint8Array | null {
  if (!values) return null;
  const flags = new Uint8Array(index.names.length);
  for (const value of values) {
    const id = index.byKey.get(value);
    if (id !== undefined) flags[id] = 1;
  }
  return flags;
}

const LIST_PREFIX = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

class Snapshot {
  readonly size: number;
  /** Every product's JSON in catalogue order, joined by commas. */
  readonly json: Buffer;
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly indexById = new Map<string, number>();
  readonly byCategory = new Map<string, Int32Array>();
  readonly byParent = new Map<string, Int32Array>();
  readonly featured: Int32Array;
  readonly categoryOf: string[];
  readonly parentOf: (string | null)[];
  readonly isFeatured: Uint8Array;
  readonly xminOf: Uint32Array;
  readonly idOf: string[];
  /** The price the shopper pays (discounted ?? regular) and the regular price, in paise. */
  readonly paidOf: Int32Array;
  readonly regularOf: Int32Array;
  readonly onSaleOf: Uint8Array;
  /** Each product's sizes and colours, read from its JSON when first needed (see #attributes). */
  #attributeValues: ProductAttributeValues | null = null;
  #sizeIndex: FacetIndex | null = null;
  #colorIndex: FacetIndex | null = null;
  /** Lexemes, positions and weights by product, and products by lexeme (null: search asks the database). */
  #searchIndex: SearchIndex | null = null;
  readonly #orders = new Map<CatalogueSort, Int32Array>();
  readonly #searches = new Map<string, Promise<Int32Array>>();
  readonly #filters = new Map<string, Int32Array | null>();
  readonly #answers = new Map<string, EncodedBody>();
  #cachedBytes = 0;

  /**
   * @param json every product's JSON in catalogue order, joined by commas; product i is
   *   json[starts[i], ends[i])
   * @param meta the index fields of each product, in the same order
   */
  constructor(
    readonly version: number,
    json: Buffer,
    starts: Uint32Array,
    ends: Uint32Array,
    meta: ProductMeta,
  ) {
    const n = meta.ids.length;
    this.size = n;
    this.json = json;
    this.starts = starts;
    this.ends = ends;
    this.categoryOf = meta.categories;
    this.parentOf = meta.parents;
    this.xminOf = meta.xmins;
    this.isFeatured = meta.featured;
    this.idOf = meta.ids;
    this.regularOf = meta.regular;
    this.paidOf = new Int32Array(n);
    this.onSaleOf = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const discounted = meta.discounted[i] as number;
      this.onSaleOf[i] = discounted >= 0 ? 1 : 0;
      this.paidOf[i] = discounted >= 0 ? discounted : (meta.regular[i] as number);
    }
    const categories = new Map<string, number[]>();
    const parents = new Map<string, number[]>();
    const featured: number[] = [];
    for (let i = 0; i < n; i++) {
      this.indexById.set(meta.ids[i] as string, i);
      push(categories, meta.categories[i] as string, i);
      const parent = meta.parents[i];
      if (parent !== null && parent !== undefined) push(parents, parent, i);
      if (meta.featured[i] === 1) featured.push(i);
    }
    for (const [key, list] of categories) this.byCategory.set(key, Int32Array.from(list));
    for (const [key, list] of parents) this.byParent.set(key, Int32Array.from(list));
    this.featured = Int32Array.from(featured);
  }

  static empty(): Snapshot {
    return new Snapshot(-1, Buffer.alloc(0), new Uint32Array(0), new Uint32Array(0), parseMeta(''));
  }

  /**
   * From a full load: every product's JSON one per line (JSON text never holds a raw newline:
   * PostgreSQL escapes it inside strings). The newlines become the commas, in place.
   */
  static fromText(version: number, jsonText: string, meta: ProductMeta): Snapshot {
    const n = meta.ids.length;
    const json = Buffer.from(jsonText);
    const starts = new Uint32Array(n);
    const ends = new Uint32Array(n);
    let offset = 0;
    for (let i = 0; i < n; i++) {
      const end = i === n - 1 ? json.length : json.indexOf(0x0a, offset);
      if (end < 0) throw new Error('catalogue load: fewer product JSON lines than products');
      starts[i] = offset;
      ends[i] = end;
      if (i < n - 1) json[end] = 0x2c;
      offset = end + 1;
    }
    return new Snapshot(version, json, starts, ends, meta);
  }

  /** The next snapshot reusing this one's bytes for every product whose row did not change. */
  patched(version: number, meta: ProductMeta, fresh: Map<string, string>): Snapshot {
    const n = meta.ids.length;
    const chunks: Buffer[] = [];
    const starts = new Uint32Array(n);
    const ends = new Uint32Array(n);
    let offset = 0;
    for (let i = 0; i < n; i++) {
      const id = meta.ids[i] as string;
      const text = fresh.get(id);
      let bytes: Buffer;
      if (text !== undefined) bytes = Buffer.from(text);
      else {
        const j = this.indexById.get(id);
        if (j === undefined) throw new Error(`catalogue patch: no JSON for product ${id}`);
        bytes = this.json.subarray(this.starts[j], this.ends[j]);
      }
      if (i > 0) {
        chunks.push(COMMA);
        offset += 1;
      }
      starts[i] = offset;
      chunks.push(bytes);
      offset += bytes.length;
      ends[i] = offset;
    }
    const next = new Snapshot(version, Buffer.concat(chunks, offset), starts, ends, meta);
    const previous = this.#attributeValues;
    if (previous) {
      const sizes: string[][] = new Array(n);
      const colors: string[][] = new Array(n);
      for (let i = 0; i < n; i++) {
        const id = meta.ids[i] as string;
        const text = fresh.get(id);
        const j = this.indexById.get(id);
        if (text === undefined && j !== undefined) {
          sizes[i] = previous.sizes[j] as string[];
          colors[i] = previous.colors[j] as string[];
        } else {
          const values = attributeValuesOf(text ?? '{}');
          sizes[i] = values.sizes;
          colors[i] = values.colors;
        }
      }
      next.adoptAttributeValues({ sizes, colors });
    }
    return next;
  }

  /** Ids of products that are new or whose row changed (another xmin) since this snapshot. */
  changedIds(meta: ProductMeta): string[] {
    const changed: string[] = [];
    for (let i = 0; i < meta.ids.length; i++) {
      const id = meta.ids[i] as string;
      const j = this.indexById.get(id);
      if (j === undefined || this.xminOf[j] !== meta.xmins[i]) changed.push(id);
    }
    return changed;
  }

  /** Positions matching the filters in catalogue order, or null for "every product". */
  positions(query: CatalogueListQuery): Int32Array | null {
    const key = `${query.category}\u0000${query.parentCategory}\u0000${query.gender}\u0000${query.featured}`;
    const known = this.#filters.get(key);
    if (known !== undefined) return known;
    const lists: Int32Array[] = [];
    const empty = new Int32Array(0);
    if (query.category !== null) lists.push(this.byCategory.get(query.category) ?? empty);
    if (query.gender !== null) lists.push(this.byCategory.get(query.gender) ?? empty);
    if (query.parentCategory !== null) lists.push(this.byParent.get(query.parentCategory) ?? empty);
    if (query.featured) lists.push(this.featured);
    let result: Int32Array | null = null;
    if (lists.length === 1) result = lists[0] as Int32Array;
    else if (lists.length > 1) {
      // Walk the shortest list and keep what every other filter also accepts: O(shortest), once.
      const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
      result = shortest.filter(
        (i) =>
          (query.category === null || this.categoryOf[i] === query.category) &&
          (query.gender === null || this.categoryOf[i] === query.gender) &&
          (query.parentCategory === null || this.parentOf[i] === query.parentCategory) &&
          (!query.featured || this.isFeatured[i] === 1),
      );
    }
    if (this.#filters.size >= FILTER_MEMO_LIMIT) this.#filters.clear();
    this.#filters.set(key, result);
    return result;
  }

  list(query: CatalogueListQuery): EncodedBody {
    const key = `l\u0000${query.page}\u0000${query.limit}\u0000${query.category}\u0000${query.parentCategory}\u0000${query.gender}\u0000${query.featured}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    const positions = this.positions(query);
    const total = positions === null ? this.size : positions.length;
    const { page, limit } = query;
    const from = Math.min(total, (page - 1) * limit);
    const to = Math.min(total, from + limit);
    const chunks: Buffer[] = [LIST_PREFIX];
    if (from < to) {
      if (positions === null) {
        // Unfiltered pages are contiguous in `json`, commas included: one slice.
        chunks.push(this.json.subarray(this.starts[from], this.ends[to - 1]));
      } else {
        for (let k = from; k < to; k++) {
          if (k > from) chunks.push(COMMA);
          const i = positions[k] as number;
          chunks.push(this.json.subarray(this.starts[i], this.ends[i]));
        }
      }
    }
    const pagination = { page, limit, total, totalPages: Math.ceil(total / limit) };
    chunks.push(Buffer.from(`],"pagination":${JSON.stringify(pagination)},"count":${total}}`));
    return this.#remember(key, new EncodedBody(Buffer.concat(chunks)));
  }

  /**
   * The ranked positions for a search, once per snapshot and query (concurrent askers share one
   * answer). With the search index, PostgreSQL only normalises the query and the matching and ranking
   * happen here; without it (or for a query the index does not model) the database ranks. Ids the
   * snapshot does not hold (written after it) are left out.
   */
  searchPositions(terms: SearchTerms, search: CatalogueSearch): Promise<Int32Array> {
    const known = this.#searches.get(terms.tsquery);
    if (known) return known;
    const pending = this.#rankSearch(terms, search);
    if (this.#searches.size >= SEARCH_MEMO_LIMIT) this.#searches.clear();
    this.#searches.set(terms.tsquery, pending);
    // A failed query is not remembered: the next request asks again.
    pending.catch(() => this.#searches.delete(terms.tsquery));
    return pending;
  }

  async #rankSearch(terms: SearchTerms, search: CatalogueSearch): Promise<Int32Array> {
    if (terms.tsquery === '') return new Int32Array(0);
    const index = this.#searchIndex;
    if (index) {
      const items = parseQueryText(await search.normalize(terms.tsquery));
      if (items !== null) {
        const found = index.search(items);
        // Only when nothing matches are misspelt words replaced by the closest catalogue words.
        return found.length > 0 ? found : index.searchTypos(items);
      }
    }
    return this.#positionsOf(await search.ranked(terms));
  }

  #positionsOf(ids: readonly string[]): Int32Array {
    const positions: number[] = [];
    for (const id of ids) {
      const i = this.indexById.get(id);
      if (i !== undefined) positions.push(i);
    }
    return Int32Array.from(positions);
  }

  get searchIndex(): SearchIndex | null {
    return this.#searchIndex;
  }

  /** Only while building this snapshot (see loadSnapshot). */
  adoptSearchIndex(index: SearchIndex | null): void {
    this.#searchIndex = index;
  }

  #listing: { ids: readonly string[]; categories: string[]; parentCategories: string[] } | null = null;

  get listing(): { ids: readonly string[]; categories: string[]; parentCategories: string[] } {
    this.#listing ??= {
      ids: this.idOf,
      categories: [...this.byCategory.keys()].sort(),
      parentCategories: [...this.byParent.keys()].sort(),
    };
    return this.#listing;
  }

  /**
   * Sizes and colours per product. A full load reads them from every product's JSON on first use
   * (the first facet or attribute filter after start-up); a patched snapshot is handed them at once,
   * the unchanged products' taken from the previous snapshot (see `patched`).
   */
  get attributeValues(): ProductAttributeValues {
    if (!this.#attributeValues) {
      const sizes: string[][] = new Array(this.size);
      const colors: string[][] = new Array(this.size);
      for (let i = 0; i < this.size; i++) {
        const values = attributeValuesOf(this.json.toString('utf8', this.starts[i], this.ends[i]));
        sizes[i] = values.sizes;
        colors[i] = values.colors;
      }
      this.#attributeValues = { sizes, colors };
    }
    return this.#attributeValues;
  }

  /** Only for a snapshot being built from this one's successor data (see `patched`). */
  adoptAttributeValues(values: ProductAttributeValues): void {
    this.#attributeValues = values;
  }

  get sizeIndex(): FacetIndex {
    this.#sizeIndex ??= facetIndex(this.attributeValues.sizes, sizeOrder);
    return this.#sizeIndex;
  }

  get colorIndex(): FacetIndex {
    this.#colorIndex ??= facetIndex(this.attributeValues.colors, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return this.#colorIndex;
  }

  /** Whether product i passes the category, type, gender and featured filters. */
  #inBase(query: CatalogueListQuery, i: number): boolean {
    return (
      (query.category === null || this.categoryOf[i] === query.category) &&
      (query.gender === null || this.categoryOf[i] === query.gender) &&
      (query.parentCategory === null || this.parentOf[i] === query.parentCategory) &&
      (!query.featured || this.isFeatured[i] === 1)
    );
  }

  /** Compares two positions in a sort order; every order ends with the id, so paging is stable. */
  #compare(sort: CatalogueSort): (a: number, b: number) => number {
    const byId = (a: number, b: number) => {
      const x = this.idOf[a] as string;
      const y = this.idOf[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const paid = this.paidOf;
    const regular = this.regularOf;
    if (sort === 'price-asc') return (a, b) => (paid[a] as number) - (paid[b] as number) || byId(a, b);
    if (sort === 'price-desc') return (a, b) => (paid[b] as number) - (paid[a] as number) || byId(a, b);
    if (sort === 'discount') {
      // Share off, compared exactly: (r_a - p_a) / r_a vs (r_b - p_b) / r_b, cross-multiplied.
      return (a, b) => {
        const offA = (regular[a] as number) - (paid[a] as number);
        const offB = (regular[b] as number) - (paid[b] as number);
        return offB * (regular[a] as number) - offA * (regular[b] as number) || byId(a, b);
      };
    }
    // Positions are already newest first, then id.
    return (a, b) => a - b;
  }

  /** Every position in a sort order, made once per snapshot and order. */
  #order(sort: CatalogueSort): Int32Array {
    let order = this.#orders.get(sort);
    if (!order) {
      order = new Int32Array(this.size);
      for (let i = 0; i < this.size; i++) order[i] = i;
      order.sort(this.#compare(sort));
      this.#orders.set(sort, order);
    }
    return order;
  }

  /**
   * A page of a search, sort or attribute-filtered listing, with facet counts when asked. One pass
   * over the candidates (the ranked search results, or the products passing the category filters)
   * decides, per product, which of the size, colour, price and on-sale filters it passes; a facet
   * counts the products passing every filter but its own.
   */
  find(query: CatalogueFindQuery, ranked: Int32Array | null): EncodedBody {
    const sort: CatalogueSort = query.sort ?? (query.search ? 'relevance' : 'newest');
    const key = `f\u0000${JSON.stringify([
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
    const cached = this.#answers.get(key);
    if (cached) return cached;

    let candidates: Int32Array | null;
    if (query.search) candidates = (ranked ?? new Int32Array(0)).filter((i) => this.#inBase(query, i));
    else candidates = this.positions(query);
    const count = candidates === null ? this.size : candidates.length;

    const sizes = this.sizeIndex;
    const colors = this.colorIndex;
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
    const matches: number[] = [];

    for (let k = 0; k < count; k++) {
      const i = candidates === null ? k : (candidates[k] as number);
      const bySize = wantSizes === null || hasAny(sizes, i, wantSizes);
      const byColor = wantColors === null || hasAny(colors, i, wantColors);
      const price = this.paidOf[i] as number;
      const byPrice = (min === null || price >= min) && (max === null || price <= max);
      const bySale = !onSale || this.onSaleOf[i] === 1;
      if (bySize && byColor && byPrice && bySale) matches.push(i);
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
      if (bySize && byColor && byPrice && this.onSaleOf[i] === 1) onSaleCount++;
    }

    const total = matches.length;
    const { page, limit } = query;
    const from = Math.min(total, (page - 1) * limit);
    const to = Math.min(total, from + limit);
    // Search candidates come in rank order, others in position order (newest first); `matches` kept it.
    const inOrder = query.search ? sort === 'relevance' : sort === 'newest' || sort === 'relevance';
    let pageOf: number[];
    if (inOrder) pageOf = matches.slice(from, to);
    else if (total <= SMALL_RESULT) pageOf = matches.sort(this.#compare(sort)).slice(from, to);
    else {
      // Many matches in another order: walk the whole catalogue in that order, keeping matches.
      const matching = new Uint8Array(this.size);
      for (const i of matches) matching[i] = 1;
      pageOf = [];
      let seen = 0;
      for (const i of this.#order(sort)) {
        if (matching[i] !== 1) continue;
        if (seen >= from) pageOf.push(i);
        seen++;
        if (seen >= to) break;
      }
    }

    const chunks: Buffer[] = [LIST_PREFIX];
    pageOf.forEach((i, k) => {
      if (k > 0) chunks.push(COMMA);
      chunks.push(this.json.subarray(this.starts[i], this.ends[i]));
    });
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
    chunks.push(Buffer.from(`${tail}}`));
    return this.#remember(key, new EncodedBody(Buffer.concat(chunks)));
  }

  product(id: string): EncodedBody | null {
    const index = this.indexById.get(id.toLowerCase());
    if (index === undefined) return null;
    const key = `p\u0000${index}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    // A copy, so a cached answer does not keep a view into a replaced snapshot's buffer alive.
    const bytes = Buffer.from(this.json.subarray(this.starts[index], this.ends[index]));
    return this.#remember(key, new EncodedBody(bytes));
  }

  #remember(key: string, body: EncodedBody): EncodedBody {
    // Maps iterate in insertion order: evict the oldest answers first once over budget.
    // Compressed forms are made later and lazily, so count them up front at about half the size.
    const cost = Math.ceil(body.identity.length * 1.5);
    while (this.#cachedBytes + cost > CACHE_BUDGET_BYTES && this.#answers.size > 0) {
      const [oldestKey, oldest] = this.#answers.entries().next().value as [string, EncodedBody];
      this.#answers.delete(oldestKey);
      this.#cachedBytes -= Math.ceil(oldest.identity.length * 1.5);
    }
    this.#answers.set(key, body);
    this.#cachedBytes += cost;
    return body;
  }
}

interface ProductMeta {
  ids: string[];
  categories: string[];
  parents: (string | null)[];
  featured: Uint8Array;
  /** The row version's transaction id: a product whose xmin is unchanged has unchanged JSON. */
  xmins: Uint32Array;
  /** Prices in paise; discounted is -1 when the product is not on sale. */
  regular: Int32Array;
  discounted: Int32Array;
}

interface ProductAttributeValues {
  sizes: string[][];
  colors: string[][];
}

const SIZE_KEY = /^size$/i;
const COLOR_KEY = /^colou?r$/i;

/** A product's sizes and colours from its JSON (attributes keyed size, color or colour, any case). */
function attributeValuesOf(json: string): { sizes: string[]; colors: string[] } {
  const sizes: string[] = [];
  const colors: string[] = [];
  const product = JSON.parse(json) as { attributes?: { key?: unknown; values?: unknown }[] };
  for (const attribute of Array.isArray(product.attributes) ? product.attributes : []) {
    const key = typeof attribute?.key === 'string' ? attribute.key : '';
    const into = SIZE_KEY.test(key) ? sizes : COLOR_KEY.test(key) ? colors : null;
    if (into && Array.isArray(attribute?.values))
      for (const value of attribute.values) into.push(String(value));
  }
  return { sizes, colors };
}

/**
 * Per product, one per line: id, lower(category), lower(parentCategory) or U+001E, featured (0/1), xmin,
 * regular price (paise), discounted price (paise) or empty.
 */
function parseMeta(text: string): ProductMeta {
  const lines = text === '' ? [] : text.split('\n');
  const n = lines.length;
  const meta: ProductMeta = {
    ids: new Array(n),
    categories: new Array(n),
    parents: new Array(n),
    featured: new Uint8Array(n),
    xmins: new Uint32Array(n),
    regular: new Int32Array(n),
    discounted: new Int32Array(n),
  };
  // One string per distinct category name, not one per product: fewer objects for the GC to walk.
  const names = new Map<string, string>();
  const intern = (name: string) => {
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  };
  for (let i = 0; i < n; i++) {
    const [id = '', category = '', parent = '\u001e', flag, xmin = '', regular = '', discounted = ''] = (
      lines[i] as string
    ).split('\u001f');
    meta.ids[i] = id;
    meta.categories[i] = intern(category);
    meta.parents[i] = parent === '\u001e' ? null : intern(parent);
    meta.featured[i] = flag === '1' ? 1 : 0;
    meta.xmins[i] = Number(xmin) >>> 0;
    meta.regular[i] = Number(regular) || 0;
    meta.discounted[i] = discounted === '' ? -1 : Number(discounted);
  }
  return meta;
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Above this share of changed products a patch is no cheaper than a full load. */
const PATCH_LIMIT = 0.25;

/**
 * Loads the catalogue (its queries: server/repositories/products.ts). With a previous snapshot, only
 * products whose row changed (by xmin, the transaction that wrote the row version) get their JSON built
 * again; the rest reuse their bytes, so a write to a 100,000-product catalogue costs the index query
 * plus a few rows, not a full rebuild.
 */
async function loadSnapshot(db: Database, previous: Snapshot | null): Promise<Snapshot> {
  return readCatalogueSnapshot(db, async (reads) => {
    const version = await reads.version();
    const meta = parseMeta(await reads.indexText());
    if (previous && previous.size > 0) {
      const changed = previous.changedIds(meta);
      if (changed.length <= meta.ids.length * PATCH_LIMIT) {
        const fresh = await reads.jsonOf(changed);
        const vectors = await reads.vectorsOf(changed);
        if (fresh.size === changed.length && vectors.size === changed.length) {
          const next = previous.patched(version, meta, fresh);
          const index = previous.searchIndex;
          next.adoptSearchIndex(
            index
              ? patchedIndex(index, previous, meta, vectors)
              : builtIndex(meta.ids.length, await reads.vectorText()),
          );
          return next;
        }
      }
    }
    const snapshot = Snapshot.fromText(version, await reads.jsonText(), meta);
    snapshot.adoptSearchIndex(builtIndex(meta.ids.length, await reads.vectorText()));
    return snapshot;
  });
}

/** The search index from every product's tsvector text (one per line); null if the text is not that. */
function builtIndex(products: number, vectorText: string): SearchIndex | null {
  const builder = new VectorsBuilder(new LexemeDictionary(), products);
  const lines = vectorText === '' ? [] : vectorText.split('\n');
  if (lines.length !== products) return null;
  for (const line of lines) if (!builder.addText(line)) return null;
  return new SearchIndex(builder.dictionary, builder.finish());
}

/** The next search index: changed products from their new tsvector text, the rest copied as they were. */
function patchedIndex(
  index: SearchIndex,
  previous: Snapshot,
  meta: ProductMeta,
  vectors: Map<string, string>,
): SearchIndex | null {
  const builder = new VectorsBuilder(index.dictionary, meta.ids.length);
  const from: ProductVectors = index.vectors;
  // Unchanged products mostly keep their order: copy each run of consecutive ones at once.
  let runStart = -1;
  let runLength = 0;
  const flush = () => {
    if (runLength > 0) builder.addCopies(from, runStart, runLength);
    runLength = 0;
  };
  for (const id of meta.ids) {
    const text = vectors.get(id);
    if (text !== undefined) {
      flush();
      if (!builder.addText(text)) return null;
      continue;
    }
    const j = previous.indexById.get(id);
    if (j === undefined) return null;
    if (runLength > 0 && j === runStart + runLength) runLength++;
    else {
      flush();
      runStart = j;
      runLength = 1;
    }
  }
  flush();
  return new SearchIndex(builder.dictionary, builder.finish());
}

/** What a search asks of the database (server/repositories/products.ts). */
interface CatalogueSearch {
  /** PostgreSQL's normal form of the tsquery. */
  normalize(tsquery: string): Promise<string>;
  /** Ranked ids by the database alone: full text, then titles within a typo (pg_trgm). */
  ranked(terms: SearchTerms): Promise<string[]>;
}

export interface CatalogueOptions {
  db: Database;
  /** With PostgreSQL, the URL for the dedicated LISTEN connection; null for PGlite. */
  databaseUrl: string | null;
  log: FastifyBaseLogger;
}

interface PGliteLike {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
}

export class CatalogueReadModel {
  #snapshot: Snapshot;
  #inFlight: Promise<void> | null = null;
  #queued: Promise<void> | null = null;
  #closed = false;
  #listeners = new Set<(version: number) => void>();
  #stopListening: () => Promise<void> = async () => {};
  readonly #normalized = new Map<string, Promise<string>>();
  readonly #search: CatalogueSearch;

  private constructor(
    private readonly options: CatalogueOptions,
    snapshot: Snapshot,
  ) {
    this.#snapshot = snapshot;
    const { db } = options;
    this.#search = {
      normalize: (tsquery) => this.#normalize(tsquery),
      ranked: (terms) => searchProductIds(db, terms),
    };
  }

  /** PostgreSQL's normal form of a tsquery, asked once per text (stemming does not change with the catalogue). */
  #normalize(tsquery: string): Promise<string> {
    const known = this.#normalized.get(tsquery);
    if (known) return known;
    const pending = normalizeTsquery(this.options.db, tsquery);
    if (this.#normalized.size >= TSQUERY_MEMO_LIMIT) this.#normalized.clear();
    this.#normalized.set(tsquery, pending);
    pending.catch(() => this.#normalized.delete(tsquery));
    return pending;
  }

  /** Starts listening for changes, then loads the first snapshot (so no change slips between). */
  static async open(options: CatalogueOptions): Promise<CatalogueReadModel> {
    const model = new CatalogueReadModel(options, Snapshot.empty());
    await model.#listen();
    try {
      await model.invalidate();
    } catch (error) {
      await model.close();
      throw error;
    }
    return model;
  }

  /** catalogue_version of the snapshot being served. */
  get version(): number {
    return this.#snapshot.version;
  }

  get size(): number {
    return this.#snapshot.size;
  }

  /** Whether searches are matched and ranked in memory (false: the database ranks them). */
  get searchIndexed(): boolean {
    return this.#snapshot.searchIndex !== null;
  }

  list(query: CatalogueListQuery): EncodedBody {
    return this.#snapshot.list(query);
  }

  /**
   * Any listing: a plain one is `list`; a search first gets its ranked positions (once per query and
   * catalogue version, see Snapshot.searchPositions), then filters, sort, page and facets are worked
   * out here in memory.
   */
  async find(query: CatalogueFindQuery): Promise<EncodedBody> {
    const snapshot = this.#snapshot;
    if (isPlainListing(query)) return snapshot.list(query);
    const ranked = query.search ? await snapshot.searchPositions(query.search, this.#search) : null;
    return snapshot.find(query, ranked);
  }

  product(id: string): EncodedBody | null {
    return this.#snapshot.product(id);
  }

  /** Every product id (catalogue order) and the distinct categories and types, lower-cased: the sitemap's. */
  listing(): { ids: readonly string[]; categories: string[]; parentCategories: string[] } {
    return this.#snapshot.listing;
  }

  /** Calls `listener(version)` after each new snapshot goes live. Returns an unsubscribe. */
  onChange(listener: (version: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reloads from the database; resolves once a snapshot read after this call is being served.
   * Calls during a reload share one follow-up reload.
   */
  invalidate(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (!this.#inFlight) {
      this.#inFlight = this.#reload().finally(() => {
        this.#inFlight = null;
      });
      return this.#inFlight;
    }
    this.#queued ??= this.#inFlight
      .catch(() => {})
      .then(() => {
        this.#queued = null;
        return this.invalidate();
      });
    return this.#queued;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#stopListening().catch(() => {});
    await this.#inFlight?.catch(() => {});
    await this.#queued?.catch(() => {});
  }

  async #reload(): Promise<void> {
    const started = performance.now();
    const snapshot = await loadSnapshot(this.options.db, this.#snapshot);
    if (this.#closed) return;
    this.#snapshot = snapshot;
    this.options.log.debug(
      { version: snapshot.version, products: snapshot.size, ms: Math.round(performance.now() - started) },
      'catalogue loaded',
    );
    for (const listener of this.#listeners) listener(snapshot.version);
  }

  #onNotification(payload: string | undefined) {
    const version = Number(payload);
    // A notification for a version already served (our own load raced it) needs nothing.
    if (Number.isFinite(version) && version <= this.#snapshot.version && !this.#inFlight) return;
    this.invalidate().catch((error: unknown) => {
      this.options.log.error({ err: error }, 'catalogue reload failed; still serving the previous snapshot');
    });
  }

  async #listen(): Promise<void> {
    const { db, databaseUrl } = this.options;
    if (databaseUrl) {
      await this.#listenPostgres(databaseUrl);
      return;
    }
    const client = (db as unknown as { $client?: unknown }).$client as PGliteLike | undefined;
    if (client && typeof client.listen === 'function') {
      const unlisten = await client.listen(CATALOGUE_CHANNEL, (payload) => this.#onNotification(payload));
      this.#stopListening = async () => unlisten();
    }
  }

  /** A dedicated connection (a pooled one would lose its LISTEN): reconnects, then re-checks the version. */
  async #listenPostgres(databaseUrl: string): Promise<void> {
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    const connect = async (initial: boolean) => {
      const next = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
      const retry = () => {
        if (this.#closed || client !== next) return;
        client = null;
        next.end().catch(() => {});
        timer = setTimeout(() => void connect(false), RECONNECT_DELAY_MS);
        timer.unref();
      };
      next.on('error', retry);
      next.on('end', retry);
      next.on('notification', (message) => {
        if (message.channel === CATALOGUE_CHANNEL) this.#onNotification(message.payload);
      });
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
        // Changes made while we were disconnected sent notifications nobody heard.
        if (!initial) this.#onNotification(undefined);
      } catch (error) {
        if (initial) {
          client = null;
          await next.end().catch(() => {});
          throw error;
        }
        this.options.log.warn({ err: error }, 'catalogue LISTEN connection failed; retrying');
        retry();
      }
    };
    await connect(true);
    this.#stopListening = async () => {
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end();
    };
  }
}
