/**
 * ts_rank, as PostgreSQL's tsrank.c computes it (default weights, no normalisation), for every product
 * a query matched at once. Every C `float` is a JavaScript number rounded with fround, and the additions
 * happen in tsrank.c's order, so the float4 results — and so the order, ties included — agree.
 */
import { positionsOfWord } from './posting-word';
import { POSITION_MASK, type ProductVectors } from './product-vectors';

/** Which entries hold each lexeme, and which product each entry belongs to (built by SearchIndex). */
export interface Postings {
  /**
   * The entries holding lexeme l are postings[postingStart[l], postingStart[l + 1]), in catalogue order,
   * each as its posting word (posting-word.ts: its positions, or the entry). An index
   * built over n entries has n postings, so a product whose entries now start at or past that was
   * rewritten since (posting-overlay.ts).
   */
  postingStart: Uint32Array;
  postings: Uint32Array;
  /**
   * The product of each posting (postingProduct[p] holds postings[p]'s): a walk over a lexeme's postings
   * reads it in order, ascending, instead of looking each entry up across the whole catalogue's entries
   * (at a million products that random access was most of a search's time).
   */
  postingProduct: Int32Array;
}

/** One lexeme's live postings: words[k] (postingWord) is products[k]'s entry of it (LiveLists.of). */
export interface PostingList {
  words: Uint32Array;
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
  /** Per operand, the posting word of the last entry of it taken in product i (tsrank.c's pos[]). */
  last: Uint32Array[];
  /** Per operand of a plain query, its posting word of each hit, by hit (rankAndOfHits). */
  words: Uint32Array[];
  /** Each hit's rank, by hit: what byRank orders. */
  hitRank: Float64Array;
  /**
   * Room for a search's matches (every product at most): filled and read within one search, so a
   * common word's hundred thousand matches are not a new array each time (one that size lands in V8's
   * old generation at once, and a stream of them brought on full collections mid-search).
   */
  hits: Int32Array;
  /**
   * Room for the sort keys of a search's matches, two per match (SearchIndex's byRank): a new array of
   * them per search was two thirds of the typed arrays a search allocated (the order it answers, kept
   * with the snapshot, is the rest). Full collections in a probe's run went from 48 and 43 to 43 and 40.
   */
  keys: Uint32Array;
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
 * Room for one entry's positions, twice (a pair of entries): PostgreSQL keeps at most 256 positions of a
 * lexeme in a tsvector (MAXNUMPOS), and positionsOfWord writes them here to be read.
 */
const MAX_POSITIONS = 256;
const OWN = new Uint16Array(MAX_POSITIONS);
const OTHER = new Uint16Array(MAX_POSITIONS);
/** scratch.last's "no entry taken yet": no posting word is this (posting-word.ts). */
const NONE = 0xffffffff;

/**
 * calc_rank_or for every matching product at once: per product, the additions happen in the same
 * order as in tsrank.c (operand by operand, entries in the tsvector's order), so the float4 sums agree.
 */
export function rankOr({ vectors, scratch, operands, full, hits }: RankInput): Float64Array {
  const { matched, rank: res } = scratch;
  for (const i of hits) res[i] = 0;
  for (const lists of operands)
    for (const { words, products } of lists)
      for (let p = 0; p < products.length; p++) {
        const i = products[p] as number;
        if (matched[i] !== full) continue;
        const count = Math.min(MAX_POSITIONS, positionsOfWord(words[p] as number, vectors, OWN));
        let resj = 0;
        let wjm = -1;
        let jm = 0;
        for (let j = 0; j < count; j++) {
          const w = weightOf(OWN[j] as number);
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
  const { matched, rank: res, last } = scratch;
  // One slot per product, like `matched`.
  while (last.length < operands.length) last.push(new Uint32Array(matched.length));
  for (const i of hits) {
    res[i] = -1;
    for (let k = 0; k < operands.length; k++) (last[k] as Uint32Array)[i] = NONE;
  }
  for (let k = 0; k < operands.length; k++) {
    const own = last[k] as Uint32Array;
    for (const { words, products } of operands[k] as PostingList[])
      for (let p = 0; p < products.length; p++) {
        const i = products[p] as number;
        if (matched[i] !== full) continue;
        const word = words[p] as number;
        own[i] = word;
        let r = res[i] as number;
        for (let other = 0; other < k; other++) {
          const c = (last[other] as Uint32Array)[i] as number;
          if (c !== NONE) r = rankPairs(r, word, c, vectors);
        }
        res[i] = r;
      }
  }
  for (const i of hits) if ((res[i] as number) < 0) res[i] = TINY;
  return res;
}

/**
 * rankAnd when every operand is one lexeme (a plain `white & shirt`): a product then holds one entry of
 * each, which the intersection wrote beside each hit (`words[k][h]`: search-match.ts, intersect), so this
 * reads the matches in order alone — the same pairs in the same order as rankAnd, so the same float4
 * ranks — into `rank[h]`, by hit. For "white shirt" at a million products that is 74,000 matches
 * instead of the words' postings, several times as many.
 */
export function rankAndOfHits(
  vectors: ProductVectors,
  words: readonly Uint32Array[],
  count: number,
  rank: Float64Array,
): void {
  for (let h = 0; h < count; h++) {
    let r = -1;
    for (let k = 1; k < words.length; k++) {
      const word = (words[k] as Uint32Array)[h] as number;
      for (let other = 0; other < k; other++)
        r = rankPairs(r, word, (words[other] as Uint32Array)[h] as number, vectors);
    }
    rank[h] = r < 0 ? TINY : r;
  }
}

/**
 * calc_rank_and's step for one product: `r` (-1 for none yet) updated with every pair of a position of
 * the entry posting word `own` stands for and one of `other`'s, in tsrank.c's order.
 */
function rankPairs(r: number, own: number, other: number, vectors: ProductVectors): number {
  const aCount = Math.min(MAX_POSITIONS, positionsOfWord(own, vectors, OWN));
  const bCount = Math.min(MAX_POSITIONS, positionsOfWord(other, vectors, OTHER));
  for (let a = 0; a < aCount; a++) {
    const post = OWN[a] as number;
    const at = post & POSITION_MASK;
    const row = (post >>> 14) * 4;
    for (let b = 0; b < bCount; b++) {
      const ct = OTHER[b] as number;
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
