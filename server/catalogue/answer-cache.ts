/**
 * Encoded answers (bytes, ETag, compressed forms) remembered within one snapshot, so a repeated
 * listing or product costs a lookup. Bounded by bytes, not entries (lru-cache's `maxSize`): deep pages
 * of a large catalogue would otherwise grow it without limit. The least recently asked go first.
 */
import { LRUCache } from 'lru-cache';
import type { EncodedBody } from '../http/cache';

/** Bytes of cached answers kept per snapshot before the least recently asked are dropped. */
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024;

export class AnswerCache {
  readonly #answers: LRUCache<string, EncodedBody>;

  constructor(budgetBytes = CACHE_BUDGET_BYTES) {
    this.#answers = new LRUCache({
      maxSize: budgetBytes,
      // Compressed forms are made later and lazily, so count them up front at about half the size.
      sizeCalculation: (body) => Math.max(1, Math.ceil(body.identity.length * 1.5)),
    });
  }

  get(key: string): EncodedBody | undefined {
    return this.#answers.get(key);
  }

  clear(): void {
    this.#answers.clear();
  }

  /** Keeps `body` under `key` (dropping the least recently asked answers while over budget) and returns it. */
  remember(key: string, body: EncodedBody): EncodedBody {
    this.#answers.set(key, body);
    return body;
  }
}
