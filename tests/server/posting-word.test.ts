import { describe, expect, it } from 'vitest';
import { positionsOfWord, postingWord } from '../../server/catalogue/posting-word';
import type { ProductVectors } from '../../server/catalogue/product-vectors';

const A = 3 << 14;
const B = 2 << 14;
const C = 1 << 14;

/** Entry k's positions are entries[k]; the vectors lay them out one after another. */
function vectorsOf(entries: number[][]): ProductVectors {
  const positionStart = new Uint32Array(entries.length + 1);
  entries.forEach((positions, k) => {
    positionStart[k + 1] = (positionStart[k] as number) + positions.length;
  });
  return { positionStart, positions: Uint16Array.from(entries.flat()) } as ProductVectors;
}

const read = (word: number, vectors: ProductVectors) => {
  const out = new Uint16Array(256);
  return Array.from(out.subarray(0, positionsOfWord(word, vectors, out)));
};

describe('posting words (server/catalogue/posting-word.ts)', () => {
  it('packs none, one or two positions of 1 … 8191, and three of 1 … 254, with their weights', () => {
    const entries = [
      [],
      [C | 4],
      [A | 1, 8191],
      [A | 1, B | 7, 254],
      [1, 2, C | 3],
      [A | 254, A | 254, A | 254],
    ];
    const vectors = vectorsOf(entries);
    entries.forEach((positions, e) => {
      const word = postingWord(vectors, e);
      expect(word, `entry ${e}`).toBeGreaterThanOrEqual(0x80000000);
      expect(word).not.toBe(0xffffffff);
      expect(read(word, vectors)).toEqual(positions);
    });
  });

  it('is the entry itself past what packs, and reads its positions from the vectors', () => {
    const entries = [[1, 2, 3, 4], [B | 8192], [1, 2, 255], [0], [C | 5, 0, 9]];
    const vectors = vectorsOf(entries);
    entries.forEach((positions, e) => {
      expect(postingWord(vectors, e), `entry ${e}`).toBe(e);
      expect(read(e, vectors)).toEqual(positions);
    });
  });
});
