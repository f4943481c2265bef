/**
 * Ranked searches remembered within one snapshot (Snapshot.searchPositions): concurrent askers of one
 * query share one answer, and later pages, sorts and facets of it cost no search. Bounded by the
 * positions held as well as by searches: at a million products a broad query ranks hundreds of
 * thousands of products (a megabyte or more each), and a count alone let a stream of distinct broad
 * searches hold gigabytes.
 */

/** Distinct searches remembered per snapshot. */
const SEARCH_MEMO_LIMIT = 5000;
/** Ranked positions remembered per snapshot (4 bytes each: 64 MB). */
const SEARCH_MEMO_POSITIONS = 16 * 1024 * 1024;

export class SearchMemo {
  readonly #searches = new Map<string, Promise<Int32Array>>();
  #positions = 0;

  constructor(private readonly limits = { searches: SEARCH_MEMO_LIMIT, positions: SEARCH_MEMO_POSITIONS }) {}

  get(key: string): Promise<Int32Array> | undefined {
    return this.#searches.get(key);
  }

  /** Positions held by the answered searches remembered now. */
  get positions(): number {
    return this.#positions;
  }

  clear(): void {
    this.#searches.clear();
    this.#positions = 0;
  }

  /**
   * Remembers `pending` under `key` (forgetting every search first when either bound is reached) and
   * returns it. A failed search is not remembered: the next request asks again.
   */
  remember(key: string, pending: Promise<Int32Array>): Promise<Int32Array> {
    if (this.#searches.size >= this.limits.searches || this.#positions >= this.limits.positions) this.clear();
    this.#searches.set(key, pending);
    pending.then(
      (positions) => {
        if (this.#searches.get(key) === pending) this.#positions += positions.length;
      },
      () => {
        if (this.#searches.get(key) === pending) this.#searches.delete(key);
      },
    );
    return pending;
  }
}
