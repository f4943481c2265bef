import { describe, expect, it } from 'vitest';
import { LiveLists, NO_OVERLAY, type Overlay } from '../../server/catalogue/posting-overlay';
import { postingWord } from '../../server/catalogue/posting-word';
import type { ProductVectors } from '../../server/catalogue/product-vectors';
import type { Postings } from '../../server/catalogue/ts-rank';

/**
 * Three products: product 0 holds lexemes 0 and 1 (entries 0, 1), products 1 and 2 lexeme 0 (entries 2,
 * 3), each at one position. Product 1 was then rewritten in place: its one entry is now entry 4, again
 * of lexeme 0, at four positions (too many to pack: its posting word is the entry itself).
 */
const vectorsAfter = {
  entryStart: Uint32Array.of(0, 4, 3),
  entryEnd: Uint32Array.of(2, 5, 4),
  positionStart: Uint32Array.of(0, 1, 2, 3, 4, 8),
  positions: Uint16Array.of(1, 2, 1, 1, 1, 5, 9, 12),
} as ProductVectors;
const word = (e: number) => postingWord(vectorsAfter, e);
const index: Postings = {
  postingStart: Uint32Array.of(0, 3, 4),
  postings: Uint32Array.of(word(0), word(2), word(3), word(1)),
  postingProduct: Int32Array.of(0, 1, 2, 0),
};
const overlay: Overlay = { extra: new Map([[0, [4, 1]]]), delta: new Map([[0, 0]]), pairs: 2 };

const pairs = ({ words, products }: { words: Uint32Array; products: Int32Array }) =>
  Array.from(words, (w, k) => [w, products[k]]);

describe('LiveLists', () => {
  it("a patched word's list leaves out the entries their products no longer hold and takes the appended ones in product order", () => {
    const lists = new LiveLists(index, overlay, vectorsAfter);
    expect(pairs(lists.of(0))).toEqual([
      [word(0), 0],
      [4, 1],
      [word(3), 2],
    ]);
  });

  it('copies a patched list once: a later search of the word gets the same arrays', () => {
    const lists = new LiveLists(index, overlay, vectorsAfter);
    const first = lists.of(0);
    expect(lists.of(0)).toBe(first);
  });

  it("serves a word no patch touched from the built index's own arrays, not a copy", () => {
    const lists = new LiveLists(index, overlay, vectorsAfter);
    const untouched = lists.of(1);
    expect(pairs(untouched)).toEqual([[word(1), 0]]);
    expect(untouched.words.buffer).toBe(index.postings.buffer);
    const unpatched = new LiveLists(index, NO_OVERLAY, vectorsAfter).of(0);
    expect(unpatched.products.buffer).toBe(index.postingProduct.buffer);
  });
});
