/**
 * One catalogue version held in memory: every product's JSON (product-json.ts) and indexes by
 * category, parentCategory (both lower-cased, as the API matches them) and featured, so totals are
 * index lengths and a page is O(limit) at any depth. What is worked out from them on demand — filter
 * positions, sort orders, facet indexes, ranked searches, encoded answers — is remembered for this
 * version only, and dropped with it. A new version is a new Snapshot (snapshot-load.ts).
 */
import { EncodedBody } from '../http/cache';
import { AnswerCache } from './answer-cache';
import { carriedAttributeValues, type ProductAttributeValues, readAttributeValues } from './attribute-values';
import type { CatalogueFindQuery, CatalogueListQuery, CatalogueSort } from './catalogue-query';
import { type FacetIndex, facetIndex, nameOrder, sizeOrder } from './facet-index';
import { findBody } from './find-answer';
import { jsonFromLines, listBody, type ProductJson, patchedJson } from './product-json';
import { type ProductMeta, parseMeta } from './product-meta';
import type { SearchTerms } from './search';
import type { SearchIndex } from './search-index';
import { type CatalogueSearch, rankSearch } from './search-positions';
import { SortOrders } from './sort-orders';

/** Distinct filter combinations whose position lists are remembered per snapshot. */
const FILTER_MEMO_LIMIT = 2000;
/** Distinct searches whose ranked results are remembered per snapshot. */
const SEARCH_MEMO_LIMIT = 5000;

type Listing = { ids: readonly string[]; categories: string[]; parentCategories: string[] };

export class Snapshot implements ProductJson {
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
  readonly sortOrders: SortOrders;
  /** Each product's sizes and colours, read from its JSON when first needed (see attributeValues). */
  #attributeValues: ProductAttributeValues | null = null;
  #sizeIndex: FacetIndex | null = null;
  #colorIndex: FacetIndex | null = null;
  /** Lexemes, positions and weights by product, and products by lexeme (null: search asks the database). */
  #searchIndex: SearchIndex | null = null;
  readonly #searches = new Map<string, Promise<Int32Array>>();
  readonly #filters = new Map<string, Int32Array | null>();
  readonly #answers = new AnswerCache();
  #listing: Listing | null = null;

  /**
   * @param bytes every product's JSON in catalogue order, joined by commas
   * @param meta the index fields of each product, in the same order
   */
  constructor(
    readonly version: number,
    bytes: ProductJson,
    meta: ProductMeta,
  ) {
    const n = meta.ids.length;
    this.size = n;
    this.json = bytes.json;
    this.starts = bytes.starts;
    this.ends = bytes.ends;
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
    this.sortOrders = new SortOrders(this.idOf, this.paidOf, this.regularOf);
  }

  static empty(): Snapshot {
    const bytes = { json: Buffer.alloc(0), starts: new Uint32Array(0), ends: new Uint32Array(0) };
    return new Snapshot(-1, bytes, parseMeta(''));
  }

  /** From a full load: every product's JSON one per line, in parts, in the order of `meta`. */
  static fromLines(version: number, jsonParts: readonly Buffer[], meta: ProductMeta): Snapshot {
    return new Snapshot(version, jsonFromLines(meta.ids.length, jsonParts), meta);
  }

  /** The next snapshot reusing this one's bytes for every product whose row did not change. */
  patched(version: number, meta: ProductMeta, fresh: Map<string, string>): Snapshot {
    const next = new Snapshot(version, patchedJson(this, this.indexById, meta.ids, fresh), meta);
    const previous = this.#attributeValues;
    if (previous) next.adoptAttributeValues(carriedAttributeValues(previous, this.indexById, meta, fresh));
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
      result = shortest.filter((i) => this.#inBase(query, i));
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
    const pagination = { page, limit, total, totalPages: Math.ceil(total / limit) };
    const tail = `],"pagination":${JSON.stringify(pagination)},"count":${total}}`;
    return this.#answers.remember(key, new EncodedBody(listBody(this, positions, from, to, tail)));
  }

  /**
   * The ranked positions for a search (see rankSearch), once per snapshot and query: concurrent askers
   * share one answer.
   */
  searchPositions(terms: SearchTerms, search: CatalogueSearch): Promise<Int32Array> {
    const known = this.#searches.get(terms.tsquery);
    if (known) return known;
    const pending = rankSearch(this.#searchIndex, this.indexById, terms, search);
    if (this.#searches.size >= SEARCH_MEMO_LIMIT) this.#searches.clear();
    this.#searches.set(terms.tsquery, pending);
    // A failed query is not remembered: the next request asks again.
    pending.catch(() => this.#searches.delete(terms.tsquery));
    return pending;
  }

  get searchIndex(): SearchIndex | null {
    return this.#searchIndex;
  }

  /** Only while building this snapshot (see loadSnapshot, snapshot-load.ts). */
  adoptSearchIndex(index: SearchIndex | null): void {
    this.#searchIndex = index;
  }

  get listing(): Listing {
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
    this.#attributeValues ??= readAttributeValues(this, this.size);
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
    this.#colorIndex ??= facetIndex(this.attributeValues.colors, nameOrder);
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

  /**
   * A page of a search, sort or attribute-filtered listing, with facet counts when asked (find-answer.ts),
   * over the ranked search results or the products passing the category filters.
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
    return this.#answers.remember(key, new EncodedBody(findBody(this, query, sort, candidates)));
  }

  product(id: string): EncodedBody | null {
    const index = this.indexById.get(id.toLowerCase());
    if (index === undefined) return null;
    const key = `p\u0000${index}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    // A copy, so a cached answer does not keep a view into a replaced snapshot's buffer alive.
    const bytes = Buffer.from(this.json.subarray(this.starts[index], this.ends[index]));
    return this.#answers.remember(key, new EncodedBody(bytes));
  }
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
