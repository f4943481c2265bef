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
 * before moves on to k + 1; one that matched them all is added to `room` after the `found` before.
 * Returns the new count.
 */
export function matchList(
  { products }: PostingList,
  k: number,
  full: number,
  matched: Uint8Array,
  room: Int32Array,
  found: number,
): number {
  let count = found;
  for (let p = 0; p < products.length; p++) {
    const i = products[p] as number;
    if (matched[i] !== k) continue;
    matched[i] = k + 1;
    if (k + 1 === full) room[count++] = i;
  }
  return count;
}

/**
 * The products in every one of `lists` (each by product, ascending: LiveLists), in that order, written
 * to `hits`, with list k's posting word of each written to `words[k]` beside it; returns how many. The
 * shortest list leads and each other is searched forward from where it was (galloping), so the work is
 * the lists' lengths read in order — no array by product, whose reads at a million products were a
 * cache miss per posting.
 */
export function intersect(lists: readonly PostingList[], hits: Int32Array, words: Uint32Array[]): number {
  if (lists.length === 2)
    return intersectTwo(
      lists[0] as PostingList,
      lists[1] as PostingList,
      hits,
      words[0] as Uint32Array,
      words[1] as Uint32Array,
    );
  let lead = 0;
  for (let k = 1; k < lists.length; k++)
    if ((lists[k] as PostingList).products.length < (lists[lead] as PostingList).products.length) lead = k;
  const leader = lists[lead] as PostingList;
  const at = new Int32Array(lists.length);
  let found = 0;
  for (let p = 0; p < leader.products.length; p++) {
    const i = leader.products[p] as number;
    let all = true;
    for (let k = 0; k < lists.length && all; k++) {
      if (k === lead) continue;
      const products = (lists[k] as PostingList).products;
      const q = firstFrom(products, at[k] as number, i);
      at[k] = q;
      all = q < products.length && products[q] === i;
    }
    if (!all) continue;
    for (let k = 0; k < lists.length; k++)
      (words[k] as Uint32Array)[found] = (lists[k] as PostingList).words[
        k === lead ? p : (at[k] as number)
      ] as number;
    hits[found++] = i;
  }
  return found;
}

/** intersect for two lists (the common two-word search), in one loop: the shorter one leads. */
function intersectTwo(
  a: PostingList,
  b: PostingList,
  hits: Int32Array,
  wordsA: Uint32Array,
  wordsB: Uint32Array,
): number {
  if (b.products.length < a.products.length) return intersectTwo(b, a, hits, wordsB, wordsA);
  const lead = a.products;
  const other = b.products;
  let q = 0;
  let found = 0;
  for (let p = 0; p < lead.length && q < other.length; p++) {
    const i = lead[p] as number;
    if ((other[q] as number) < i) q = firstFrom(other, q, i);
    if (q < other.length && other[q] === i) {
      wordsA[found] = a.words[p] as number;
      wordsB[found] = b.words[q] as number;
      hits[found++] = i;
    }
  }
  return found;
}

/**
 * The first index at or after `from` whose product is at least `i` (products ascending): a few steps
 * one by one (lists of common words are alike in length, and the next match is usually near), then
 * galloping and halving.
 */
function firstFrom(products: Int32Array, from: number, i: number): number {
  let low = from;
  const near = Math.min(products.length, from + LINEAR_STEPS);
  while (low < near && (products[low] as number) < i) low++;
  if (low < near || low === products.length) return low;
  let step = 1;
  let high = low;
  while (high < products.length && (products[high] as number) < i) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, products.length);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((products[middle] as number) < i) low = middle + 1;
    else high = middle;
  }
  return low;
}

const LINEAR_STEPS = 16;

/** Clears the match counts of a posting list's products, for the next search. */
export function unmatch(products: Int32Array, matched: Uint8Array): void {
  for (let p = 0; p < products.length; p++) matched[products[p] as number] = 0;
}

/** Positions below this fit beside a float4 rank's 32 bits in one exact float64 (2^53). */
const POSITION_KEYS = 2 ** 21;
const FLOAT4 = new Float32Array(1);
const FLOAT4_BITS = new Uint32Array(FLOAT4.buffer);

/**
 * The hits, best rank first and ties in catalogue order (`rank[h]` is hit h's). A non-negative float4's
 * bits order as the number does, so (2^32 - 1 - bits) · 2^21 + position is one exact key per hit, and a
 * Float64Array sorts natively — at a million products a common word's few hundred thousand hits sort
 * many times faster than with a comparison. Anything else (a rank that is not a non-negative float4, a
 * position past 2^21) is sorted by comparison, to the same order.
 */
export function byRank(hits: Int32Array, rank: Float64Array, room: Float64Array): Int32Array {
  const sorted = radixByRank(hits, rank, room);
  if (sorted) return sorted;
  const keys = rankKeys(hits, rank, room);
  if (keys) {
    keys.sort();
    return positionsOfKeys(keys);
  }
  const order = Array.from(hits, (_, h) => h).sort(
    (a, b) => (rank[b] as number) - (rank[a] as number) || (hits[a] as number) - (hits[b] as number),
  );
  return Int32Array.from(order, (h) => hits[h] as number);
}

/** Counts of one radix digit (radixByRank). */
const DIGITS = new Uint32Array(1 << 11);

/**
 * byRank for hits in catalogue order (an intersection's) with non-negative float4 ranks — the common
 * search: a stable radix sort on the rank's bits alone (three passes of 11, 11 and 10 bits) keeps ties
 * in catalogue order, and takes a fraction of the float64 sort's time (at a million products "white
 * shirt" sorts 74,000 hits). Its keys use `room`, and `hits` is overwritten. Null for any other input.
 */
function radixByRank(hits: Int32Array, rank: Float64Array, room: Float64Array): Int32Array | null {
  const n = hits.length;
  let keys = new Uint32Array(room.buffer, room.byteOffset, n);
  let keysTo = new Uint32Array(room.buffer, room.byteOffset + 4 * n, n);
  let last = -1;
  for (let h = 0; h < n; h++) {
    const i = hits[h] as number;
    const r = (rank[h] as number) + 0;
    if (i <= last || r < 0 || Math.fround(r) !== r) return null;
    last = i;
    FLOAT4[0] = r;
    keys[h] = 0xffffffff - (FLOAT4_BITS[0] as number);
  }
  let values = hits;
  let valuesTo: Int32Array = new Int32Array(n);
  const sorted = valuesTo;
  for (let shift = 0; shift < 32; shift += 11) {
    DIGITS.fill(0);
    for (let h = 0; h < n; h++) (DIGITS[((keys[h] as number) >>> shift) & 0x7ff] as number)++;
    let sum = 0;
    for (let d = 0; d < DIGITS.length; d++) {
      const count = DIGITS[d] as number;
      DIGITS[d] = sum;
      sum += count;
    }
    for (let h = 0; h < n; h++) {
      const key = keys[h] as number;
      const at = (DIGITS[(key >>> shift) & 0x7ff] as number)++;
      keysTo[at] = key;
      valuesTo[at] = values[h] as number;
    }
    [keys, keysTo] = [keysTo, keys];
    [values, valuesTo] = [valuesTo, values];
  }
  // Three passes: hits → sorted → hits → sorted.
  return sorted;
}

/**
 * One exact float64 key per hit (see byRank), written at the start of `room` (the scratch's, filled and
 * sorted within one search); null when a rank or position does not fit one.
 */
function rankKeys(hits: Int32Array, rank: Float64Array, room: Float64Array): Float64Array | null {
  const keys = room.subarray(0, hits.length);
  let fits = true;
  for (let h = 0; h < hits.length && fits; h++) {
    const i = hits[h] as number;
    const r = (rank[h] as number) + 0;
    fits = i < POSITION_KEYS && r >= 0 && Math.fround(r) === r;
    FLOAT4[0] = r;
    keys[h] = (0xffffffff - (FLOAT4_BITS[0] as number)) * POSITION_KEYS + i;
  }
  return fits ? keys : null;
}

function positionsOfKeys(keys: Float64Array): Int32Array {
  const order = new Int32Array(keys.length);
  for (let k = 0; k < keys.length; k++) order[k] = (keys[k] as number) % POSITION_KEYS;
  return order;
}
