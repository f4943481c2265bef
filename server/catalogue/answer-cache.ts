/**
 * Encoded answers (bytes, ETag, compressed forms) remembered within one snapshot, so a repeated
 * listing or product costs a map lookup. Bounded by bytes, not entries: deep pages of a large catalogue
 * would otherwise grow it without limit.
 */
import type { EncodedBody } from '../http/cache';

/** Bytes of cached answers kept per snapshot before the oldest are dropped. */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;

export class AnswerCache {
  readonly #answers = new Map<string, EncodedBody>();
  #cachedBytes = 0;

  get(key: string): EncodedBody | undefined {
    return this.#answers.get(key);
  }

  clear(): void {
    this.#answers.clear();
    this.#cachedBytes = 0;
  }

  /** Keeps `body` under `key` (dropping the oldest answers while over budget) and returns it. */
  remember(key: string, body: EncodedBody): EncodedBody {
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
