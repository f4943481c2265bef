/**
 * The loops of a search over typed arrays (SearchIndex's #run): walking the query's posting lists for
 * the products that hold every word, clearing what the walk marked, and putting the matches in rank
 * order. Each loop is a function that ends with it: V8 compiles a long loop on the fly the first time it
 * runs (on-stack replacement), and code after the loop that had not run yet sent every later call back
 * to the interpreter at the same place (seen with --trace-deopt).
 */
import type { PostingList } from './ts-rank';

/**
 * One posting list of group k (of `full`) walked for the match: a product that matched the groups
 * before moves on to k + 1, noting this list's entry in `own` when given (rankAndOfHits); one that
 * matched them all is added to `room` after the `found` before. Returns the new count.
 */
export function matchList(
  { entries, products }: PostingList,
  k: number,
  full: number,
  matched: Uint8Array,
  own: Int32Array | null,
  room: Int32Array,
  found: number,
): number {
  let count = found;
  for (let p = 0; p < products.length; p++) {
    const i = products[p] as number;
    if (matched[i] !== k) continue;
    matched[i] = k + 1;
    if (own) own[i] = entries[p] as number;
    if (k + 1 === full) room[count++] = i;
  }
  return count;
}

/** Clears the match counts of a posting list's products, for the next search. */
export function unmatch(products: Int32Array, matched: Uint8Array): void {
  for (let p = 0; p < products.length; p++) matched[products[p] as number] = 0;
}

/** Positions below this fit beside a float4 rank's 32 bits in one exact float64 (2^53). */
const POSITION_KEYS = 2 ** 21;
const FLOAT4 = new Float32Array(1);
const FLOAT4_BITS = new Uint32Array(FLOAT4.buffer);

/**
 * The hits, best rank first and ties in catalogue order. A non-negative float4's bits order as the
 * number does, so (2^32 - 1 - bits) · 2^21 + position is one exact key per hit, and a Float64Array sorts
 * natively — at a million products a common word's few hundred thousand hits sort many times faster
 * than with a comparison. Anything else (a rank that is not a non-negative float4, a position past
 * 2^21) is sorted by comparison, to the same order.
 */
export function byRank(hits: Int32Array, rank: Float64Array, room: Float64Array): Int32Array {
  const keys = rankKeys(hits, rank, room);
  if (!keys) return Int32Array.from(hits.sort((a, b) => (rank[b] as number) - (rank[a] as number) || a - b));
  keys.sort();
  return positionsOfKeys(keys);
}

/**
 * One exact float64 key per hit (see byRank), written at the start of `room` (the scratch's, filled and
 * sorted within one search); null when a rank or position does not fit one.
 */
function rankKeys(hits: Int32Array, rank: Float64Array, room: Float64Array): Float64Array | null {
  const keys = room.subarray(0, hits.length);
  let fits = true;
  for (let k = 0; k < hits.length && fits; k++) {
    const i = hits[k] as number;
    const r = (rank[i] as number) + 0;
    fits = i < POSITION_KEYS && r >= 0 && Math.fround(r) === r;
    FLOAT4[0] = r;
    keys[k] = (0xffffffff - (FLOAT4_BITS[0] as number)) * POSITION_KEYS + i;
  }
  return fits ? keys : null;
}

function positionsOfKeys(keys: Float64Array): Int32Array {
  const order = new Int32Array(keys.length);
  for (let k = 0; k < keys.length; k++) order[k] = (keys[k] as number) % POSITION_KEYS;
  return order;
}
