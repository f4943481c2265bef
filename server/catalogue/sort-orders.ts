/**
 * The listing orders other than the catalogue's own (newest first, then id): by price paid either way
 * and by share off. Every order ends with the id, so pages never overlap.
 */
import type { CatalogueSort } from './catalogue-query';

/** Below this many matches a page is sorted directly; above, a whole-catalogue order is walked. */
const SMALL_RESULT = 2048;

/** One snapshot's sort orders: comparisons over its prices, and whole-catalogue orders made once. */
export class SortOrders {
  readonly #orders = new Map<CatalogueSort, Int32Array>();

  /**
   * @param idOf product ids by position
   * @param paidOf the price the shopper pays (discounted ?? regular) by position, in paise
   * @param regularOf the regular price by position, in paise
   */
  constructor(
    private readonly idOf: readonly string[],
    private readonly paidOf: Int32Array,
    private readonly regularOf: Int32Array,
  ) {}

  /** Compares two positions in a sort order; every order ends with the id, so paging is stable. */
  compare(sort: CatalogueSort): (a: number, b: number) => number {
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
  order(sort: CatalogueSort): Int32Array {
    let order = this.#orders.get(sort);
    if (!order) {
      const size = this.idOf.length;
      order = new Int32Array(size);
      for (let i = 0; i < size; i++) order[i] = i;
      order.sort(this.compare(sort));
      this.#orders.set(sort, order);
    }
    return order;
  }

  /**
   * Positions [from, to) of `matches` (positions, catalogue order; sorted in place when few) in `sort`.
   * Many matches are not sorted: the whole catalogue's order is walked, keeping matches.
   */
  page(matches: number[], sort: CatalogueSort, from: number, to: number): number[] {
    if (matches.length <= SMALL_RESULT) return matches.sort(this.compare(sort)).slice(from, to);
    const matching = new Uint8Array(this.idOf.length);
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
