/**
 * The catalogue's full-text search, answered in memory from PostgreSQL's own tsvectors.
 *
 * PostgreSQL stays the authority on language: it stems and weighs every product into the stored
 * `search_vector` (migration 0003_search) and turns what the shopper typed into a tsquery
 * (`to_tsquery('english', …)`, one tiny query). What it cannot do quickly is rank: an uncached
 * `ts_rank` over every match of a common word took 340 ms at 100,000 products on PGlite. So the read
 * model keeps each product's lexemes, positions and weights (read with the catalogue, patched with it),
 * an inverted index from lexeme to products, and ranks with the same arithmetic as PostgreSQL's
 * `ts_rank` (src/backend/utils/adt/tsrank.c, default weights, no normalisation, float4 throughout),
 * so the order is the one `ORDER BY ts_rank(…) DESC, created_at DESC, id` gives, ties included —
 * tests/server/search-index.test.ts compares the two on many queries.
 *
 * When nothing matches, each word that matched nothing is read as the catalogue's closest words by
 * pg_trgm's `similarity` measure (searchTypos): `kurtha` finds what `kurta` and `kurti` find, and
 * `silk kurtha` keeps `silk` narrowing. It looks the word's trigrams up in an index of the catalogue's
 * distinct words (built once, extended by each patch), so a misspelt search costs the words sharing
 * its trigrams rather than a trigram match over every title.
 *
 * The pieces: tsquery-text.ts reads the normalised query, lexeme-dictionary.ts numbers the words and
 * indexes their trigrams, product-vectors.ts holds each product's entries, posting-word.ts packs an
 * entry's positions into its posting, posting-overlay.ts keeps what patches changed, search-match.ts
 * intersects, walks and orders the matches, ts-rank.ts ranks; this module keeps the inverted index and
 * answers searches with them.
 *
 * A query the in-memory search does not model (phrase operators from a word the parser splits, the same
 * word both exact and as a prefix) parses to null (parseQueryText), and the caller asks the database
 * (searchProductIds: ts_rank, then pg_trgm over titles), as it does before the first snapshot's index
 * exists.
 */
import { type LexemeDictionary, trigrams } from './lexeme-dictionary';
import { LiveLists, liveCount, NO_OVERLAY, type Overlay, overlayFull, withPatch } from './posting-overlay';
import { postingWord } from './posting-word';
import { appendProducts, type ProductVectors } from './product-vectors';
import { byRank, intersect, matchList, unmatch } from './search-match';
import { Slices } from './slices';
import { type PostingList, type Postings, type RankScratch, rankAnd, rankAndOfHits, rankOr } from './ts-rank';
import { compareLexemes, type QueryLexeme } from './tsquery-text';

/** How close (pg_trgm similarity) a catalogue word must be to count as a typo of a word that matched nothing. */
const TYPO_SIMILARITY = 0.4;

/**
 * Entries by lexeme, over one snapshot's ProductVectors: which products match a query (every operand
 * has an entry, exactly or by prefix) and their ts_rank order. Work is proportional to the entries of
 * the query's lexemes, not to the catalogue.
 */
export class SearchIndex {
  /** The products and entries holding each lexeme: the inverted index a search walks. */
  readonly #index: Postings;
  readonly #products: number;
  /** The lexemes present (their numbers), sorted as their texts compare, for prefix lookups. */
  readonly #sorted: Int32Array;
  /** Postings added and counts changed by in-place patches since the build (patchedInPlace). */
  readonly #overlay: Overlay;
  /** Each lexeme's live postings (posting-overlay.ts). */
  readonly #lists: LiveLists;

  private constructor(
    readonly dictionary: LexemeDictionary,
    readonly vectors: ProductVectors,
    index: Postings,
    sorted: Int32Array,
    overlay: Overlay = NO_OVERLAY,
    scratch: RankScratch | null = null,
  ) {
    this.#index = index;
    this.#products = vectors.entryEnd.length;
    this.#sorted = sorted;
    this.#overlay = overlay;
    this.#lists = new LiveLists(index, overlay, vectors);
    this.#scratchArrays = scratch;
  }

  /**
   * The index over `vectors` (whose lexemes are numbered by `dictionary`), built in slices: at a million
   * products it is seconds of work, and a reload or a late build (read-model.ts) lets requests in.
   */
  static async build(
    dictionary: LexemeDictionary,
    vectors: ProductVectors,
    slices = new Slices(),
  ): Promise<SearchIndex> {
    const lexemes = dictionary.size;
    const counts = new Uint32Array(lexemes + 1);
    const { entryLexeme, entryStart, entryEnd } = vectors;
    for (let e = 0; e < entryLexeme.length; e++) {
      (counts[(entryLexeme[e] as number) + 1] as number)++;
      if ((e & 0xfffff) === 0 && slices.due()) await slices.pause();
    }
    for (let l = 0; l < lexemes; l++) (counts[l + 1] as number) += counts[l] as number;
    const postingStart = counts.slice();
    const fill = counts;
    const postings = new Uint32Array(entryLexeme.length);
    const postingProduct = new Int32Array(entryLexeme.length);
    const products = entryEnd.length;
    for (let i = 0; i < products; i++) {
      for (let e = entryStart[i] as number; e < (entryEnd[i] as number); e++) {
        const at = (fill[entryLexeme[e] as number] as number)++;
        postings[at] = postingWord(vectors, e);
        postingProduct[at] = i;
      }
      if ((i & 0x3fff) === 0 && slices.due()) await slices.pause();
    }
    let present = 0;
    for (let l = 0; l < lexemes; l++)
      if ((postingStart[l + 1] as number) > (postingStart[l] as number)) present++;
    const sorted = new Int32Array(present);
    present = 0;
    for (let l = 0; l < lexemes; l++)
      if ((postingStart[l + 1] as number) > (postingStart[l] as number)) sorted[present++] = l;
    dictionary.sort(sorted);
    await dictionary.indexTrigramsInSlices(slices);
    return new SearchIndex(dictionary, vectors, { postingStart, postings, postingProduct }, sorted);
  }

  /**
   * The index with products `at[k]` holding the tsvector texts `texts[k]` instead, their places in the
   * catalogue unchanged (an in-place patch, snapshot-load.ts): their new entries are appended to the
   * shared vectors and postings, their old ones left to be skipped, so nothing the size of the catalogue
   * is copied or built (at a million products a rebuild held a second index's ≈ 0.6 GB for seconds).
   * This index stays as it was for the snapshot still serving it. Null when the vectors cannot take
   * the entries or the overlay is full (posting-overlay.ts): the caller then builds the index again.
   */
  patchedInPlace(at: readonly number[], texts: readonly string[]): SearchIndex | null {
    if (overlayFull(this.#overlay, this.#index)) return null;
    const vectors = appendProducts(this.vectors, this.dictionary, at, texts);
    if (!vectors) return null;
    const { overlay, counted } = withPatch(this.#overlay, this.vectors, vectors, at);
    // The lexemes present are those with a live posting, as a whole build lists them: the few whose
    // presence changed are inserted or removed where they sort (no sort of every lexeme).
    let sorted = this.#sorted;
    for (const l of counted) {
      const was = this.#postingsOf(l) > 0;
      const is = liveCount(this.#index, overlay, l) > 0;
      if (was === is) continue;
      const k = this.dictionary.firstNotBefore(sorted, this.dictionary.lexeme(l));
      const next = new Int32Array(sorted.length + (is ? 1 : -1));
      next.set(sorted.subarray(0, k));
      if (is) {
        next[k] = l;
        next.set(sorted.subarray(k), k + 1);
      } else next.set(sorted.subarray(k + 1), k);
      sorted = next;
    }
    this.dictionary.indexTrigrams();
    return new SearchIndex(this.dictionary, vectors, this.#index, sorted, overlay, this.#scratch);
  }

  /** Products (positions) matching every operand, best ts_rank first, ties in catalogue order. */
  search(items: readonly QueryLexeme[]): Int32Array {
    const operands = items.map((item) => this.#lexemesFor(item));
    return this.#run(
      operands.map((_, k) => [k]),
      operands,
    );
  }

  /**
   * The search again with each word that matches nothing replaced by the catalogue's closest words
   * (pg_trgm's `similarity`: shared three-letter pieces of the padded words over all of them, at least
   * TYPO_SIMILARITY; every word at the best score), as if the shopper had typed `(kurta | kurti)` for
   * `kurtha`. Ranked by ts_rank of that query. Empty when every word matched (then the words only
   * fail together, which no spelling fixes) or a word has no close word.
   */
  searchTypos(items: readonly QueryLexeme[]): Int32Array {
    const operands: number[][] = [];
    const groups: number[][] = [];
    let corrected = false;
    for (const item of items) {
      const lexemes = this.#lexemesFor(item);
      if (lexemes.length > 0) {
        groups.push([operands.length]);
        operands.push(lexemes);
        continue;
      }
      const close = this.#closest(item.lexeme);
      if (close.length === 0) return new Int32Array(0);
      corrected = true;
      groups.push(close.map((_, k) => operands.length + k));
      for (const l of close) operands.push([l]);
    }
    return corrected ? this.#run(groups, operands) : new Int32Array(0);
  }

  /**
   * Products matching the query `groups` describe — every group has an entry among its operands'
   * lexemes (`&` of `|`s) — in ts_rank order. operands[k] is the lexemes operand k matches (one, or all
   * those with a prefix, in the tsvector's byte order); operands are in ts_rank's order (PostgreSQL's
   * sort of the query's operands) or, for a corrected query, any order.
   */
  #run(groups: number[][], operands: number[][]): Int32Array {
    if (groups.length === 0 || operands.some((lexemes) => lexemes.length === 0)) return new Int32Array(0);
    const lists = operands.map((lexemes) => lexemes.map((l) => this.#lists.of(l)));
    // Scratch arrays by product or by hit, kept between searches (a search runs to the end
    // synchronously), so a search costs its postings, not the catalogue's size.
    const scratch = this.#scratch;
    const full = groups.length;
    const room = scratch.hits;
    const hitRank = scratch.hitRank;
    // A plain `a & b …` (group k is operand k alone, of one lexeme): the lists are intersected in
    // order, each hit's entries noted beside it, and ranked by hit (rankAndOfHits).
    const plain =
      full > 1 &&
      groups.every((group, k) => group.length === 1 && group[0] === k) &&
      operands.length === full &&
      lists.every((lexemes) => lexemes.length === 1);
    if (plain) {
      while (scratch.words.length < full) scratch.words.push(new Uint32Array(room.length));
      const found = intersect(
        lists.map((lexemes) => lexemes[0] as PostingList),
        room,
        scratch.words,
      );
      rankAndOfHits(this.vectors, scratch.words.slice(0, full), found, hitRank);
      return byRank(room.subarray(0, found), hitRank, scratch.keys);
    }
    const matched = scratch.matched;
    let found = 0;
    for (let k = 0; k < full; k++)
      for (const operand of groups[k] as number[])
        for (const list of lists[operand] as PostingList[])
          found = matchList(list, k, full, matched, room, found);
    const hits = room.subarray(0, found);
    // The root of a query of several groups is `&` (calc_rank_and, which ranks one distinct operand as
    // calc_rank_or does); of one group, `|` or an operand (calc_rank_or).
    const input = { vectors: this.vectors, scratch, operands: lists, full, hits };
    const rank = full > 1 && operands.length > 1 ? rankAnd(input) : rankOr(input);
    for (let h = 0; h < found; h++) hitRank[h] = rank[hits[h] as number] as number;
    for (const operand of groups[0] as number[])
      for (const { products } of lists[operand] as PostingList[]) unmatch(products, matched);
    return byRank(hits, hitRank, scratch.keys);
  }

  #scratchArrays: RankScratch | null = null;

  get #scratch(): RankScratch {
    this.#scratchArrays ??= {
      matched: new Uint8Array(this.#products),
      rank: new Float64Array(this.#products),
      hits: new Int32Array(this.#products),
      hitRank: new Float64Array(this.#products),
      words: [],
      keys: new Uint32Array(2 * this.#products),
      last: [],
    };
    return this.#scratchArrays;
  }

  #lexemesFor(item: QueryLexeme): number[] {
    if (!item.prefix) {
      const id = this.dictionary.find(item.lexeme);
      return id === undefined || this.#postingsOf(id) === 0 ? [] : [id];
    }
    const sorted = this.#sorted;
    const found: number[] = [];
    for (
      let k = this.dictionary.firstNotBefore(sorted, item.lexeme);
      k < sorted.length && this.dictionary.startsWith(sorted[k] as number, item.lexeme);
      k++
    )
      found.push(sorted[k] as number);
    // JavaScript's order is the UTF-8 byte order except between astral and high BMP characters.
    const lexeme = (l: number) => this.dictionary.lexeme(l);
    if (found.some((l) => ASTRAL.test(lexeme(l)))) found.sort((a, b) => compareLexemes(lexeme(a), lexeme(b)));
    return found;
  }

  #postingsOf(lexeme: number): number {
    return liveCount(this.#index, this.#overlay, lexeme);
  }

  /** The catalogue's words closest to `word` by trigram similarity (all at the best score), or none. */
  #closest(word: string): number[] {
    const wanted = trigrams(word);
    const shared = new Map<number, number>();
    for (const trigram of wanted)
      for (const l of this.dictionary.withTrigram(trigram))
        if (this.#postingsOf(l) > 0) shared.set(l, (shared.get(l) ?? 0) + 1);
    let best = TYPO_SIMILARITY;
    let closest: number[] = [];
    for (const [l, common] of shared) {
      const similarity = common / (wanted.size + this.dictionary.trigramCount(l) - common);
      if (similarity > best) {
        best = similarity;
        closest = [l];
      } else if (similarity === best) closest.push(l);
    }
    return closest.sort((a, b) => compareLexemes(this.dictionary.lexeme(a), this.dictionary.lexeme(b)));
  }
}

const ASTRAL = /[\uD800-\uDFFF]/;
