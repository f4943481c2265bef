import { describe, expect, it } from 'vitest';
import { byRank } from '../../server/catalogue/search-match';

const f = Math.fround;

/** The order byRank must give: best rank first, ties by position. */
const expected = (hits: number[], rank: number[]) =>
  hits
    .map((i, h) => [i, rank[h] as number] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([i]) => i);

const sorted = (hits: number[], rank: number[]) =>
  Array.from(byRank(Int32Array.from(hits), Float64Array.from(rank), new Uint32Array(2 * hits.length)));

describe('byRank (search-match.ts)', () => {
  it('orders hits in catalogue order best first, ties kept in catalogue order', () => {
    const hits = [3, 8, 20, 21, 400, 5000];
    const rank = [f(0.1), f(0.6), f(0.1), f(0.6), f(1e-20), f(0.0607927)];
    expect(sorted(hits, rank)).toEqual(expected(hits, rank));
  });

  it('orders hits in any order, positions past 2^22 included, ties by position', () => {
    const hits = [9_000_000, 12, 4_194_305, 70_000, 3, 2048, 4_194_304];
    const rank = [f(0.3), f(0.3), f(0.9), f(0.3), f(0.9), f(0), f(0.3)];
    expect(sorted(hits, rank)).toEqual(expected(hits, rank));
  });

  it('sorts ranks that are not non-negative float4 values by comparison, to the same order', () => {
    const hits = [7, 2, 5];
    const rank = [0.1, -1, 0.1];
    expect(sorted(hits, rank)).toEqual([5, 7, 2]);
  });

  it('answers an array of its own, not the scratch it was given', () => {
    const hits = Int32Array.of(1, 2, 3);
    const answer = byRank(hits, Float64Array.of(f(0.1), f(0.2), f(0.3)), new Uint32Array(6));
    expect(Array.from(answer)).toEqual([3, 2, 1]);
    expect(answer.buffer).not.toBe(hits.buffer);
  });
});
