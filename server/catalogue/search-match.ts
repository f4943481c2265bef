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

const FLOAT4 = new Float32Array(1);
const FLOAT4_BITS = new Uint32Array(FLOAT4.buffer);
/** Counts of one radix digit (11 bits). */
const DIGITS = new Uint32Array(1 << 11);

/**
 * The hits, best rank first and ties in catalogue order (`rank[h]` is hit h's). A non-negative float4's
 * bits order as the number does, so a stable radix sort on 2^32 - 1 - bits (three passes of 11, 11 and
 * 10 bits) puts the best first and keeps ties in the order they come; hits not already in catalogue
 * order (an intersection's are) are first sorted by position the same way. At a million products
 * "white shirt" sorts 74,000 hits in a fraction of a float64 sort's time. `room` holds the keys (two
 * per hit) and `hits` is overwritten. A rank that is not a non-negative float4 (ts_rank's never are)
 * is sorted by comparison, to the same order.
 */
export function byRank(hits: Int32Array, rank: Float64Array, room: Uint32Array): Int32Array {
  const n = hits.length;
  let keys = room.subarray(0, n);
  let keysTo = room.subarray(n, 2 * n);
  let inOrder = true;
  let highest = 0;
  for (let h = 0; h < n; h++) {
    const i = hits[h] as number;
    const r = (rank[h] as number) + 0;
    if (r < 0 || Math.fround(r) !== r) return byComparison(hits, rank);
    if (h > 0 && i <= (hits[h - 1] as number)) inOrder = false;
    if (i > highest) highest = i;
    FLOAT4[0] = r;
    keys[h] = 0xffffffff - (FLOAT4_BITS[0] as number);
  }
  let values = hits;
  let valuesTo: Int32Array = new Int32Array(n);
  const passes: Array<[byPosition: boolean, shift: number]> = [];
  if (!inOrder)
    for (let shift = 0; shift < 32 && (shift === 0 || highest >>> shift > 0); shift += 11)
      passes.push([true, shift]);
  for (let shift = 0; shift < 32; shift += 11) passes.push([false, shift]);
  for (const [byPosition, shift] of passes) {
    radixPass(byPosition ? values : keys, shift, keys, values, keysTo, valuesTo);
    [keys, keysTo] = [keysTo, keys];
    [values, valuesTo] = [valuesTo, values];
  }
  // The order is kept with the snapshot: not in `hits`, which is the index's scratch.
  return values === hits ? hits.slice() : values;
}

/**
 * One stable pass of the radix sort: the 11 bits of `digits` (the keys, or the positions) at `shift`
 * place each key and position from `keys` and `values` into `keysTo` and `valuesTo`.
 */
function radixPass(
  digits: Uint32Array | Int32Array,
  shift: number,
  keys: Uint32Array,
  values: Int32Array,
  keysTo: Uint32Array,
  valuesTo: Int32Array,
): void {
  DIGITS.fill(0);
  for (let h = 0; h < digits.length; h++) (DIGITS[((digits[h] as number) >>> shift) & 0x7ff] as number)++;
  let sum = 0;
  for (let d = 0; d < DIGITS.length; d++) {
    const count = DIGITS[d] as number;
    DIGITS[d] = sum;
    sum += count;
  }
  for (let h = 0; h < digits.length; h++) {
    const at = (DIGITS[((digits[h] as number) >>> shift) & 0x7ff] as number)++;
    keysTo[at] = keys[h] as number;
    valuesTo[at] = values[h] as number;
  }
}

function byComparison(hits: Int32Array, rank: Float64Array): Int32Array {
  const order = Array.from(hits, (_, h) => h).sort(
    (a, b) => (rank[b] as number) - (rank[a] as number) || (hits[a] as number) - (hits[b] as number),
  );
  return Int32Array.from(order, (h) => hits[h] as number);
}
