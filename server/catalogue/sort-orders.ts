/**
 * The listing orders other than the catalogue's own (newest first, then id): by price paid either way
 * and by share off. Every order ends with the id, so pages never overlap.
 */
import type { CatalogueSort } from './catalogue-query';
import type { ProductIds } from './product-ids';

/** Below this many matches a page is sorted directly; above, a whole-catalogue order is walked. */
const SMALL_RESULT = 2048;

/**
 * Whole-catalogue price orders are sorted as numbers (a Float64Array sorts natively, far faster than
 * with a comparison function at a million products): a price (an Int32, shifted to 0 … 2^32) times 2^21
 * plus the product's rank by id is exact below 2^53. Catalogues of 2^21 products or more are compared.
 */
const RANK_BITS = 2 ** 21;
const INT32_SHIFT = 2 ** 31;

/** One snapshot's sort orders: comparisons over its prices, and whole-catalogue orders made once. */
export class SortOrders {
  readonly #orders = new Map<CatalogueSort, Int32Array>();
  #idRanks: { rankOf: Int32Array; byRank: Int32Array } | null = null;

  /**
   * @param ids product ids by position
   * @param paidOf the price the shopper pays (discounted ?? regular) by position, in paise
   * @param regularOf the regular price by position, in paise
   */
  constructor(
    private readonly ids: ProductIds,
    private readonly paidOf: Int32Array,
    private readonly regularOf: Int32Array,
  ) {}

  /** Compares two positions in a sort order; every order ends with the id, so paging is stable. */
  compare(sort: CatalogueSort): (a: number, b: number) => number {
    const byId = (a: number, b: number) => this.ids.compare(a, b);
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
  order(sort: CatalogueSort): Int32Array {
    let order = this.#orders.get(sort);
    if (!order) {
      order = this.#byPrice(sort) ?? this.#compared(sort);
      this.#orders.set(sort, order);
    }
    return order;
  }

  #compared(sort: CatalogueSort): Int32Array {
    const size = this.ids.length;
    const order = new Int32Array(size);
    for (let i = 0; i < size; i++) order[i] = i;
    const ranks = this.#ranks();
    if (sort === 'discount' && ranks) {
      // As compare('discount'), with the id tie-break by rank: no string comparisons.
      const paid = this.paidOf;
      const regular = this.regularOf;
      const rankOf = ranks.rankOf;
      return order.sort((a, b) => {
        const offA = (regular[a] as number) - (paid[a] as number);
        const offB = (regular[b] as number) - (paid[b] as number);
        return (
          offB * (regular[a] as number) - offA * (regular[b] as number) ||
          (rankOf[a] as number) - (rankOf[b] as number)
        );
      });
    }
    return order.sort(this.compare(sort));
  }

  /** The price orders as a numeric sort of packed keys (see RANK_BITS); null for other sorts or too many products. */
  #byPrice(sort: CatalogueSort): Int32Array | null {
    if (sort !== 'price-asc' && sort !== 'price-desc') return null;
    const ranks = this.#ranks();
    if (!ranks) return null;
    const size = this.ids.length;
    const keys = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const paid = (this.paidOf[i] as number) + INT32_SHIFT;
      const price = sort === 'price-asc' ? paid : 2 * INT32_SHIFT - 1 - paid;
      keys[i] = price * RANK_BITS + (ranks.rankOf[i] as number);
    }
    keys.sort();
    const order = new Int32Array(size);
    for (let k = 0; k < size; k++) order[k] = ranks.byRank[(keys[k] as number) % RANK_BITS] as number;
    return order;
  }

  /**
   * Each position's rank by id, and the position at each rank (null above RANK_BITS products): ids
   * (uuids, lower-case hex) sorted by their first eight digits as numbers, runs sharing them by the whole id.
   */
  #ranks(): { rankOf: Int32Array; byRank: Int32Array } | null {
    if (this.#idRanks) return this.#idRanks;
    const size = this.ids.length;
    if (size >= RANK_BITS) return null;
    const keys = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      keys[i] = this.ids.prefix(i) * RANK_BITS + i;
    }
    keys.sort();
    const byRank = new Int32Array(size);
    for (let k = 0; k < size; k++) byRank[k] = (keys[k] as number) % RANK_BITS;
    // Ids sharing their first eight digits are put in order by the whole id.
    const byId = (a: number, b: number) => this.ids.compare(a, b);
    for (let from = 0; from < size; ) {
      const prefix = Math.floor((keys[from] as number) / RANK_BITS);
      let to = from + 1;
      while (to < size && Math.floor((keys[to] as number) / RANK_BITS) === prefix) to++;
      if (to - from > 1) byRank.subarray(from, to).sort(byId);
      from = to;
    }
    const rankOf = new Int32Array(size);
    for (let k = 0; k < size; k++) rankOf[byRank[k] as number] = k;
    this.#idRanks = { rankOf, byRank };
    return this.#idRanks;
  }

  /**
   * Positions [from, to) of `matches` (positions, catalogue order; sorted in place when few) in `sort`.
   * Many matches are not sorted: the whole catalogue's order is walked, keeping matches.
   */
  page(matches: number[], sort: CatalogueSort, from: number, to: number): number[] {
    if (matches.length <= SMALL_RESULT) return matches.sort(this.compare(sort)).slice(from, to);
    const matching = new Uint8Array(this.ids.length);
    for (const i of matches) matching[i] = 1;
    const page: number[] = [];
    let seen = 0;
    for (const i of this.order(sort)) {
      if (matching[i] !== 1) continue;
      if (seen >= from) page.push(i);
      seen++;
      if (seen >= to) break;
    }
    return page;
  }
}
