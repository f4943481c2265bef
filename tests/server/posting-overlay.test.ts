import { describe, expect, it } from 'vitest';
import { LiveLists, NO_OVERLAY, type Overlay } from '../../server/catalogue/posting-overlay';
import type { ProductVectors } from '../../server/catalogue/product-vectors';
import type { Postings } from '../../server/catalogue/ts-rank';

/**
 * Three products, one entry each of lexeme 0 (entries 0, 1, 2), and lexeme 1 in product 0 alone
 * (entry 3). Product 1 was then rewritten in place: its one entry is now entry 4, again of lexeme 0.
 */
const index: Postings = {
  postingStart: Uint32Array.of(0, 3, 4),
  postings: Uint32Array.of(0, 1, 2, 3),
  postingProduct: Int32Array.of(0, 1, 2, 0),
};
const vectorsAfter = {
  entryStart: Uint32Array.of(0, 4, 2),
  entryEnd: Uint32Array.of(1, 5, 3),
} as ProductVectors;
const overlay: Overlay = { extra: new Map([[0, [4, 1]]]), delta: new Map([[0, 0]]), pairs: 2 };

const pairs = ({ entries, products }: { entries: Uint32Array; products: Int32Array }) =>
  Array.from(entries, (e, k) => [e, products[k]]);

describe('LiveLists', () => {
  it("a patched word's list leaves out the entries their products no longer hold, then the appended ones", () => {
    const lists = new LiveLists(index, overlay, vectorsAfter);
    expect(pairs(lists.of(0))).toEqual([
      [0, 0],
      [2, 2],
      [4, 1],
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
    expect(pairs(untouched)).toEqual([[3, 0]]);
    expect(untouched.entries.buffer).toBe(index.postings.buffer);
    const unpatched = new LiveLists(index, NO_OVERLAY, vectorsAfter).of(0);
    expect(unpatched.products.buffer).toBe(index.postingProduct.buffer);
  });
});
