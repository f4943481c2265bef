/**
 * A posting's word: what the search index (search-index.ts) keeps of each entry beside its product.
 * Entry e's positions are packed into the word itself when they fit — nearly every entry of a catalogue
 * holds one to three positions, all early in its text — so a search's ranking reads them in order beside
 * the posting instead of in the vectors' arrays of tens of millions, where each read was a cache miss
 * (most of an uncached search's time at a million products). Any other entry's word is e itself.
 *
 * - Bit 31 clear: the entry e (entries stay below 2^31: their positions' offsets are 32-bit).
 * - Bits 31 and 30 `10`: up to two positions, bits 0–14 and 15–29, each `weight << 13 | position`
 *   (position 1 … 8191), 0 for none.
 * - Bits 31 and 30 `11`: three positions, bits 0–9, 10–19 and 20–29, each `weight << 8 | position`
 *   (position 1 … 254, so no word is 0xffffffff, which callers keep for "none").
 */
import { POSITION_MASK, type ProductVectors } from './product-vectors';

const PACKED = 0x80000000;
const THREE = 0x40000000;
const TWO_POSITION = 0x1fff;
const TWO_FIELD = 0x7fff;
const THREE_POSITION = 0xff;
const THREE_FIELD = 0x3ff;

/** Entry e's word (see above). */
export function postingWord({ positionStart, positions }: ProductVectors, e: number): number {
  const from = positionStart[e] as number;
  const count = (positionStart[e + 1] as number) - from;
  if (count > 3) return e;
  const three = count === 3;
  let word = three ? PACKED + THREE : PACKED;
  for (let k = 0; k < count; k++) {
    const position = positions[from + k] as number;
    const at = position & POSITION_MASK;
    const weight = position >>> 14;
    if (at === 0 || at > (three ? THREE_POSITION - 1 : TWO_POSITION)) return e;
    word += three ? ((weight << 8) | at) * 2 ** (10 * k) : ((weight << 13) | at) * 2 ** (15 * k);
  }
  return word;
}

/** Writes the positions (weight << 14 | position, in order) `word` stands for into `out`; returns how many. */
export function positionsOfWord(
  word: number,
  { positionStart, positions }: ProductVectors,
  out: Uint16Array,
): number {
  if (word < PACKED) {
    const from = positionStart[word] as number;
    const count = (positionStart[word + 1] as number) - from;
    for (let k = 0; k < count; k++) out[k] = positions[from + k] as number;
    return count;
  }
  if (word >= PACKED + THREE) {
    for (let k = 0; k < 3; k++) {
      const field = (word >>> (10 * k)) & THREE_FIELD;
      out[k] = ((field >>> 8) << 14) | (field & THREE_POSITION);
    }
    return 3;
  }
  const low = word & TWO_FIELD;
  if (low === 0) return 0;
  out[0] = ((low >>> 13) << 14) | (low & TWO_POSITION);
  const high = (word >>> 15) & TWO_FIELD;
  if (high === 0) return 1;
  out[1] = ((high >>> 13) << 14) | (high & TWO_POSITION);
  return 2;
}
