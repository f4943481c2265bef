/**
 * Ranked searches remembered within one snapshot (Snapshot.searchPositions): concurrent askers of one
 * query share one answer, and later pages, sorts and facets of it cost no search. An lru-cache bounded
 * by the positions held as well as by searches: at a million products a broad query ranks hundreds of
 * thousands of products (a megabyte or more each), and a count alone let a stream of distinct broad
 * searches hold gigabytes. The least recently asked searches go first.
 */
import { LRUCache } from 'lru-cache';

/** Distinct searches remembered per snapshot. */
const SEARCH_MEMO_LIMIT = 5000;
/** Ranked positions remembered per snapshot (4 bytes each: 64 MB). */
const SEARCH_MEMO_POSITIONS = 16 * 1024 * 1024;

export class SearchMemo {
  readonly #searches: LRUCache<string, Promise<Int32Array>>;

  constructor(limits = { searches: SEARCH_MEMO_LIMIT, positions: SEARCH_MEMO_POSITIONS }) {
    // A search still running counts 1 until its answer says how many positions it holds.
    this.#searches = new LRUCache({
      max: limits.searches,
      maxSize: limits.positions,
      sizeCalculation: () => 1,
    });
  }

  get(key: string): Promise<Int32Array> | undefined {
    return this.#searches.get(key);
  }

  /** Positions held by the answered searches remembered now (a running one counts 1). */
  get positions(): number {
    return this.#searches.calculatedSize;
  }

  clear(): void {
    this.#searches.clear();
  }

  /**
   * Remembers `pending` under `key` and returns it; once answered it is sized by its positions, the
   * least recently asked searches making room. A failed search is not remembered: the next request
   * asks again.
   */
  remember(key: string, pending: Promise<Int32Array>): Promise<Int32Array> {
    this.#searches.set(key, pending);
    pending.then(
      (positions) => {
        // Still the one remembered (not forgotten or replaced meanwhile): now it has a size.
        if (this.#searches.peek(key) === pending)
          this.#searches.set(key, pending, { size: Math.max(1, positions.length), noUpdateTTL: true });
      },
      () => {
        if (this.#searches.peek(key) === pending) this.#searches.delete(key);
      },
    );
    return pending;
  }
}
