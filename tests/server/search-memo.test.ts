import { describe, expect, it } from 'vitest';
import { SearchMemo } from '../../server/catalogue/search-memo';

const ranked = (length: number) => Promise.resolve(new Int32Array(length));

describe('SearchMemo (ranked searches remembered per snapshot)', () => {
  it('shares one answer per query and counts the positions it holds', async () => {
    const memo = new SearchMemo();
    const first = memo.remember('kurta', ranked(300));
    expect(memo.get('kurta')).toBe(first);
    await first;
    expect(memo.positions).toBe(300);
  });

  it('forgets the least recently asked searches once the positions held pass the bound', async () => {
    const memo = new SearchMemo({ searches: 5000, positions: 1000 });
    await memo.remember('cotton', ranked(600));
    await memo.remember('shirt', ranked(500));
    // 1,100 positions: the older search makes room, however few the searches.
    expect(memo.get('cotton')).toBeUndefined();
    expect(memo.get('shirt')).toBeDefined();
    await memo.remember('white', ranked(300));
    expect(memo.get('shirt')).toBeDefined();
    await memo.remember('linen', ranked(300));
    // 1,100 again: the least recently asked goes (shirt was asked after white was remembered).
    expect([memo.get('shirt'), memo.get('white'), memo.get('linen')].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    expect(memo.positions).toBe(800);
  });

  it('forgets the least recently asked search at the count bound too', async () => {
    const memo = new SearchMemo({ searches: 2, positions: 1000 });
    await memo.remember('a', ranked(1));
    await memo.remember('b', ranked(1));
    expect(memo.get('a')).toBeDefined();
    await memo.remember('c', ranked(1));
    expect([memo.get('a'), memo.get('b'), memo.get('c')].map(Boolean)).toEqual([true, false, true]);
  });

  it('does not remember a failed search, and a search forgotten meanwhile adds nothing when it answers', async () => {
    const memo = new SearchMemo({ searches: 5000, positions: 1000 });
    const failing = memo.remember('broken', Promise.reject(new Error('database down')));
    await expect(failing).rejects.toThrow('database down');
    expect(memo.get('broken')).toBeUndefined();
    let answer: (positions: Int32Array) => void = () => {};
    const slow = memo.remember('slow', new Promise<Int32Array>((resolve) => (answer = resolve)));
    memo.clear();
    answer(new Int32Array(700));
    await slow;
    expect(memo.positions).toBe(0);
  });
});
