/**
 * ts_rank, as PostgreSQL's tsrank.c computes it (default weights, no normalisation), for every product
 * a query matched at once. Every C `float` is a JavaScript number rounded with fround, and the additions
 * happen in tsrank.c's order, so the float4 results — and so the order, ties included — agree.
 */
import { POSITION_MASK, type ProductVectors } from './product-vectors';

/** Which entries hold each lexeme, and which product each entry belongs to (built by SearchIndex). */
export interface Postings {
  /** Entries holding lexeme l are postings[postingStart[l], postingStart[l + 1]), in catalogue order. */
  postingStart: Uint32Array;
  postings: Uint32Array;
  /**
   * The product of each posting (postingProduct[p] holds postings[p]'s): a walk over a lexeme's postings
   * reads it in order, ascending, instead of looking each entry up across the whole catalogue's entries
   * (at a million products that random access was most of a search's time).
   */
  postingProduct: Int32Array;
}

/** One lexeme's live postings: entries[k] is an entry of products[k] (SearchIndex.#listOf). */
export interface PostingList {
  entries: Uint32Array;
  products: Int32Array;
}

/**
 * Arrays by product kept between searches (a search runs to the end synchronously) and cleaned for
 * the products touched, so a search costs its postings, not the catalogue's size.
 */
export interface RankScratch {
  /** How many of the query's groups product i has matched so far. */
  matched: Uint8Array;
  rank: Float64Array;
  /** Per operand, the last entry of it taken in product i (tsrank.c's pos[]). */
  last: Int32Array[];
  /**
   * Room for a search's matches (every product at most): filled and read within one search, so a
   * common word's hundred thousand matches are not a new array each time (one that size lands in V8's
   * old generation at once, and a stream of them brought on full collections mid-search).
   */
  hits: Int32Array;
  /**
   * Room for the sort keys of a search's matches (SearchIndex's byRank): a new Float64Array of them per
   * search was two thirds of the typed arrays a search allocated (the order it answers, kept with the
   * snapshot, is the rest). Full collections in a probe's run went from 48 and 43 to 43 and 40.
   */
  keys: Float64Array;
}

/** What a ranking reads: the postings, the vectors, the scratch arrays, and the query's matches. */
interface RankInput {
  vectors: ProductVectors;
  scratch: RankScratch;
  /** The query's operands, each as the posting lists of the lexemes it stands for. */
  operands: PostingList[][];
  /** The `matched` count of a product that matched every group. */
  full: number;
  /** The products that matched every group (a view of the scratch's `hits`). */
  hits: Int32Array;
}

const f = Math.fround;
/** Weights D, C, B, A (a position's two weight bits index this). */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
const TINY = f(1e-20);
const FAR = f(1e-30);

const weightOf = (position: number) => WEIGHTS[position >>> 14] as number;

function wordDistance(distance: number): number {
  if (distance > 100) return FAR;
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}

/** Distances past this weigh alike (wordDistance's FAR). */
const NEAR = 100;
/**
 * calc_rank_and's weight of two positions, by both weights and the distance (1 … NEAR, NEAR + 1 for
 * any farther), worked out once with the same float4 steps: the ranking's innermost loop reads it
 * instead of calling exp and sqrt per pair of positions (over a third of an uncached search's time
 * at a million products).
 */
const PAIR_WEIGHT = (() => {
  const table = new Float64Array(16 * (NEAR + 2));
  for (let a = 0; a < 4; a++)
    for (let b = 0; b < 4; b++)
      for (let d = 1; d <= NEAR + 1; d++)
        table[(a * 4 + b) * (NEAR + 2) + d] = f(
          Math.sqrt(f(f((WEIGHTS[a] as number) * (WEIGHTS[b] as number)) * wordDistance(d))),
        );
  return table;
})();

/**
 * calc_rank_or for every matching product at once: per product, the additions happen in the same
 * order as in tsrank.c (operand by operand, entries in the tsvector's order), so the float4 sums agree.
 */
export function rankOr({ vectors, scratch, operands, full, hits }: RankInput): Float64Array {
  const { positionStart, positions } = vectors;
  const { matched, rank: res } = scratch;
  for (const i of hits) res[i] = 0;
  for (const lists of operands)
    for (const { entries, products } of lists)
      for (let p = 0; p < products.length; p++) {
        const i = products[p] as number;
        if (matched[i] !== full) continue;
        const e = entries[p] as number;
        let resj = 0;
        let wjm = -1;
        let jm = 0;
        const from = positionStart[e] as number;
        const to = positionStart[e + 1] as number;
        for (let j = 0; j < to - from; j++) {
          const w = weightOf(positions[from + j] as number);
          resj = f(resj + f(w / ((j + 1) * (j + 1))));
          if (w > wjm) {
            wjm = w;
            jm = j;
          }
        }
        res[i] = f((res[i] as number) + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
      }
  for (const i of hits) res[i] = f((res[i] as number) / operands.length);
  return res;
}

/**
 * calc_rank_and for every matching product at once: each entry of operand k pairs with the last
 * entry taken of every earlier operand in the same product (tsrank.c's pos[]), in tsrank.c's order.
 */
export function rankAnd({ vectors, scratch, operands, full, hits }: RankInput): Float64Array {
  const { positionStart, positions } = vectors;
  const { matched, rank: res, last } = scratch;
  // One slot per product, like `matched`.
  while (last.length < operands.length) last.push(new Int32Array(matched.length));
  for (const i of hits) {
    res[i] = -1;
    for (let k = 0; k < operands.length; k++) (last[k] as Int32Array)[i] = -1;
  }
  for (let k = 0; k < operands.length; k++) {
    const own = last[k] as Int32Array;
    for (const { entries, products } of operands[k] as PostingList[])
      for (let p = 0; p < products.length; p++) {
        const i = products[p] as number;
        if (matched[i] !== full) continue;
        const e = entries[p] as number;
        own[i] = e;
        let r = res[i] as number;
        for (let other = 0; other < k; other++) {
          const c = (last[other] as Int32Array)[i] as number;
          if (c >= 0) r = rankPairs(r, e, c, positionStart, positions);
        }
        res[i] = r;
      }
  }
  for (const i of hits) if ((res[i] as number) < 0) res[i] = TINY;
  return res;
}

/**
 * rankAnd when every operand is one lexeme (a plain `white & shirt`): a product then holds one entry of
 * each, which the match noted as it walked the postings (scratch.last[k][i]), so this walks the matches
 * alone rather than every posting of every operand again — the same pairs in the same order, so the same
 * float4 ranks. For "white shirt" at a million products that is 74,000 matches instead of the words'
 * postings, several times as many.
 */
export function rankAndOfHits({ vectors, scratch, operands, hits }: RankInput): Float64Array {
  const { positionStart, positions } = vectors;
  const { rank: res, last } = scratch;
  for (let h = 0; h < hits.length; h++) {
    const i = hits[h] as number;
    let r = -1;
    for (let k = 1; k < operands.length; k++) {
      const e = (last[k] as Int32Array)[i] as number;
      for (let other = 0; other < k; other++)
        r = rankPairs(r, e, (last[other] as Int32Array)[i] as number, positionStart, positions);
    }
    res[i] = r < 0 ? TINY : r;
  }
  return res;
}

/**
 * calc_rank_and's step for one product: `r` (-1 for none yet) updated with every pair of a position of
 * entry e and one of entry c, in tsrank.c's order.
 */
function rankPairs(
  r: number,
  e: number,
  c: number,
  positionStart: Uint32Array,
  positions: Uint16Array,
): number {
  const aEnd = positionStart[e + 1] as number;
  const bStart = positionStart[c] as number;
  const bEnd = positionStart[c + 1] as number;
  for (let a = positionStart[e] as number; a < aEnd; a++) {
    const post = positions[a] as number;
    const at = post & POSITION_MASK;
    const row = (post >>> 14) * 4;
    for (let b = bStart; b < bEnd; b++) {
      const ct = positions[b] as number;
      const distance = Math.abs(at - (ct & POSITION_MASK));
      // Two lexemes at one position do not count (tsrank.c counts them only for an entry without
      // positions, which a generated tsvector never has).
      if (distance === 0) continue;
      const curw = PAIR_WEIGHT[
        (row + (ct >>> 14)) * (NEAR + 2) + (distance > NEAR ? NEAR + 1 : distance)
      ] as number;
      r = r < 0 ? curw : f(1.0 - (1.0 - r) * (1.0 - curw));
    }
  }
  return r;
}
