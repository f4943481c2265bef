import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../server/catalogue/answer-cache';
import { EncodedBody } from '../../server/http/cache';

/** An answer of `bytes` bytes, counted 1.5 × (its compressed forms to come). */
const answer = (bytes: number) => new EncodedBody(Buffer.alloc(bytes, 'a'));

describe('AnswerCache (encoded answers remembered per snapshot)', () => {
  it('keeps answers within its byte budget, the least recently asked going first', () => {
    const cache = new AnswerCache(3000);
    const page1 = cache.remember('page=1', answer(800));
    cache.remember('page=2', answer(800));
    expect(cache.get('page=1')).toBe(page1);
    // 3 × 1,200 counted bytes is over 3,000: page=2, asked least recently, makes room.
    cache.remember('page=3', answer(800));
    expect([cache.get('page=1'), cache.get('page=2'), cache.get('page=3')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('keeps no answer larger than its whole budget, and forgets everything when cleared', () => {
    const cache = new AnswerCache(3000);
    cache.remember('small', answer(100));
    cache.remember('huge', answer(5000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBeDefined();
    cache.clear();
    expect(cache.get('small')).toBeUndefined();
  });
});
