/**
 * One catalogue version held in memory: its products' JSON (product-json.ts: in memory, or read by id
 * from the database for a catalogue too large to hold) and indexes by
 * category, parentCategory (both lower-cased, as the API matches them) and featured, so totals are
 * index lengths and a page is O(limit) at any depth. What is worked out from them on demand — filter
 * positions, sort orders, facet indexes, ranked searches, encoded answers — is remembered for this
 * version only, and dropped with it. A new version is a new Snapshot (snapshot-load.ts).
 */
import type { Product } from '../../contract/schema';
import { EncodedBody } from '../http/cache';
import { AnswerCache } from './answer-cache';
import { noAttributeValues, type ProductAttributeValues } from './attribute-values';
import type { CatalogueFindQuery, CatalogueListQuery, CatalogueSort } from './catalogue-query';
import { type FacetIndex, type Facets, facetsOf } from './facet-index';
import { facetRecords, findBody, findKey } from './find-answer';
import { type IdSequence, type ProductIds, productIds } from './product-ids';
import { HeldJson, listBody, type ProductSource, type ReadProductJson, StoredJson } from './product-json';
import { type ProductMeta, parseMeta } from './product-meta';
import type { SearchTerms } from './search';
import type { SearchIndex } from './search-index';
import { SearchMemo } from './search-memo';
import { type CatalogueSearch, rankSearch } from './search-positions';
import { sizeChartOf } from './size-charts';
import { filterLists, inPlaceParts, paidPrices, type SharedParts } from './snapshot-parts';
import { SortOrders } from './sort-orders';

/** Distinct filter combinations whose position lists are remembered per snapshot. */
const FILTER_MEMO_LIMIT = 2000;

type Listing = { ids: Iterable<string>; categories: string[]; parentCategories: string[] };

export class Snapshot {
  readonly size: number;
  /** Product ids by position and positions by id (typed arrays: product-ids.ts). */
  readonly ids: ProductIds;
  readonly byCategory: ReadonlyMap<string, Int32Array>;
  readonly byParent: ReadonlyMap<string, Int32Array>;
  readonly featured: Int32Array;
  readonly categoryOf: string[];
  readonly parentOf: (string | null)[];
  readonly isFeatured: Uint8Array;
  readonly xminOf: Uint32Array;
  /** The price the shopper pays (discounted ?? regular) and the regular price, in paise. */
  readonly paidOf: Int32Array;
  readonly regularOf: Int32Array;
  readonly onSaleOf: Uint8Array;
  readonly sortOrders: SortOrders;
  /** Sizes and colours numbered, built with the snapshot: the first search after a reload does not pay for them. */
  readonly sizeIndex: FacetIndex;
  readonly colorIndex: FacetIndex;
  /** Each product's size set, colour set, sale flag and price side by side (find-answer.ts). */
  readonly facetRecords: Uint32Array;
  /** Lexemes, positions and weights by product, and products by lexeme (null: search asks the database). */
  #searchIndex: SearchIndex | null = null;
  readonly #searches = new SearchMemo();
  readonly #filters = new Map<string, Int32Array | null>();
  readonly #answers = new AnswerCache();
  #listing: Listing | null = null;

  /**
   * @param products every product's JSON, by position
   * @param ids the products' ids, in catalogue order (an in-place patch lends the snapshot before's)
   * @param meta the other index fields of each product, in the same order
   * @param facets the sizes and colours numbered (facetsOf), each product's by position
   * @param shared what an in-place patch (patchedInPlace) keeps from the snapshot before: worked out
   *   from fields its writes left as they were, so not worked out again
   */
  constructor(
    readonly version: number,
    readonly products: ProductSource,
    ids: ProductIds,
    meta: Omit<ProductMeta, 'options' | 'ids'>,
    facets: Facets,
    shared: SharedParts = {},
  ) {
    const n = ids.length;
    this.size = n;
    this.ids = ids;
    this.sizeIndex = facets.sizeIndex;
    this.colorIndex = facets.colorIndex;
    this.categoryOf = meta.categories;
    this.parentOf = meta.parents;
    this.xminOf = meta.xmins;
    this.isFeatured = meta.featured;
    this.regularOf = meta.regular;
    ({ paidOf: this.paidOf, onSaleOf: this.onSaleOf } = paidPrices(meta, n));
    this.facetRecords = facetRecords(this.sizeIndex, this.colorIndex, this.paidOf, this.onSaleOf);
    const lists = shared.lists ?? filterLists(meta);
    this.byCategory = lists.byCategory;
    this.byParent = lists.byParent;
    this.featured = lists.featured;
    this.sortOrders = shared.sortOrders ?? new SortOrders(ids, this.paidOf, this.regularOf);
  }

  static empty(): Snapshot {
    return new Snapshot(-1, HeldJson.empty(), productIds([]), parseMeta(''), facetsOf(noAttributeValues()));
  }

  /** From a full load: every product's JSON one per line, in parts, and its sizes and colours, in the order of `meta`. */
  static fromLines(
    version: number,
    jsonParts: readonly Buffer[],
    meta: ProductMeta,
    values: ProductAttributeValues,
  ): Snapshot {
    const held = HeldJson.fromLines(meta.ids.length, jsonParts);
    return new Snapshot(version, held, productIds(meta.ids), meta, facetsOf(values));
  }

  /**
   * From a full load that leaves the JSON in the database (`read` asks it for a page's products), with
   * each product's sizes and colours, in the order of `meta`.
   */
  static stored(
    version: number,
    meta: ProductMeta,
    read: ReadProductJson,
    values: ProductAttributeValues,
  ): Snapshot {
    const ids = productIds(meta.ids);
    return new Snapshot(version, new StoredJson(ids, read), ids, meta, facetsOf(values));
  }

  /**
   * The next snapshot reusing this one's bytes for every product whose row did not change; `fresh` holds
   * the JSON of those that did, `attributeValues` every product's sizes and colours, in the order of `meta`.
   */
  patched(
    version: number,
    meta: ProductMeta,
    fresh: Map<string, string>,
    attributeValues: ProductAttributeValues,
  ): Snapshot {
    const ids = productIds(meta.ids);
    const products = this.products.patched(this.ids, ids, fresh);
    return new Snapshot(version, products, ids, meta, facetsOf(attributeValues));
  }

  /**
   * The next snapshot when every product written since this one kept its place in the catalogue's
   * order (migration 0012's log says so: none new, deleted or re-dated). This one's arrays are copied
   * with the written products' fields set, and what depends only on fields no write touched — the ids'
   * positions always, the category lists, facets and price orders when their fields are unchanged — is
   * shared rather than worked out again: at a million products that is milliseconds, not seconds.
   * `changed` holds the written products' index fields (any order), `fresh` their JSON when it is held,
   * `values` their sizes and colours (in `changed`'s order). Null when one is not in this snapshot.
   */
  patchedInPlace(
    version: number,
    changed: ProductMeta,
    fresh: Map<string, string>,
    values: ProductAttributeValues,
  ): Snapshot | null {
    const parts = inPlaceParts(this, changed, values);
    if (!parts) return null;
    const products = this.products.patched(this.ids, this.ids, fresh);
    return new Snapshot(version, products, this.ids, parts.meta, parts.facets, parts.shared);
  }

  /** Every product's JSON, when it is held in memory (null: read from the database by id). */
  get held(): HeldJson | null {
    return this.products instanceof HeldJson ? this.products : null;
  }

  /** Ids of products that are new or whose row changed (another xmin) since this snapshot. */
  changedIds(meta: { ids: IdSequence; xmins: Uint32Array }): string[] {
    const changed: string[] = [];
    for (let i = 0; i < meta.ids.length; i++) {
      const id = meta.ids.at(i) as string;
      const j = this.ids.get(id);
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

  async list(query: CatalogueListQuery): Promise<EncodedBody> {
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
    const body = await listBody(this.products, positions, from, to, tail);
    return this.#answers.remember(key, new EncodedBody(body));
  }

  /**
   * The ranked positions for a search (see rankSearch), once per snapshot and query: concurrent askers
   * share one answer.
   */
  searchPositions(terms: SearchTerms, search: CatalogueSearch): Promise<Int32Array> {
    return (
      this.#searches.get(terms.tsquery) ??
      this.#searches.remember(terms.tsquery, rankSearch(this.#searchIndex, this.ids, terms, search))
    );
  }

  get searchIndex(): SearchIndex | null {
    return this.#searchIndex;
  }

  /**
   * While this snapshot is built (loadSnapshot, snapshot-load.ts), or once it is served for a stored
   * catalogue's (indexSearch, read-model.ts): then the searches the database answered meanwhile are
   * forgotten, so each is asked of the index (the same order, but misspellings are matched word by word).
   */
  adoptSearchIndex(index: SearchIndex | null): void {
    this.#searchIndex = index;
    this.#searches.clear();
    this.#answers.clear();
  }

  get listing(): Listing {
    this.#listing ??= {
      ids: this.ids,
      categories: [...this.byCategory.keys()].sort(),
      parentCategories: [...this.byParent.keys()].sort(),
    };
    return this.#listing;
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
  async find(query: CatalogueFindQuery, ranked: Int32Array | null): Promise<EncodedBody> {
    const sort: CatalogueSort = query.sort ?? (query.search ? 'relevance' : 'newest');
    const key = findKey(query, sort);
    const cached = this.#answers.get(key);
    if (cached) return cached;
    const base = this.positions(query);
    // A search's hits pass through whole (not copied) when no category filter narrows them (base null).
    const hits = ranked ?? new Int32Array(0);
    const candidates = !query.search ? base : base ? hits.filter((i) => this.#inBase(query, i)) : hits;
    const body = await findBody(this, query, sort, candidates);
    return this.#answers.remember(key, new EncodedBody(body));
  }

  async product(id: string): Promise<EncodedBody | null> {
    const index = this.ids.get(id.toLowerCase());
    if (index === undefined) return null;
    const key = `p\u0000${index}`;
    const cached = this.#answers.get(key);
    if (cached) return cached;
    const bytes = await this.products.one(index);
    return bytes ? this.#answers.remember(key, new EncodedBody(withSizeChart(bytes))) : null;
  }
}

const CLOSING_BRACE = 0x7d;

/**
 * One product's JSON with its `sizeChart` (size-charts.ts) as the last field: only GET /products/{id}
 * carries it, so lists stay as small as they were, and it is worked out once per snapshot (the answer
 * cache keeps the result).
 */
function withSizeChart(json: Buffer): Buffer {
  const chart = sizeChartOf(JSON.parse(json.toString()) as Product);
  const end = json.lastIndexOf(CLOSING_BRACE);
  return Buffer.concat([json.subarray(0, end), Buffer.from(`,"sizeChart":${JSON.stringify(chart)}}`)]);
}
