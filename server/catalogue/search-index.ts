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
 * A query this module does not model (phrase operators from a word the parser splits, the same word
 * both exact and as a prefix) returns null, and the caller asks the database (searchProductIds:
 * ts_rank, then pg_trgm over titles), as it does before the first snapshot's index exists.
 */

/** One operand of a parsed tsquery: a lexeme, matched exactly or as a prefix (`:*`). */
export interface QueryLexeme {
  lexeme: string;
  prefix: boolean;
}

/**
 * The operands of PostgreSQL's text form of a tsquery made only of operands joined by `&`
 * (`'cotton' & 'kurta':*`), sorted and de-duplicated as ts_rank does (by UTF-8 bytes, shorter first);
 * [] for an empty query (only stop words); null for anything else (phrases, `|`, `!`, weights).
 */
export function parseQueryText(text: string): QueryLexeme[] | null {
  const items: QueryLexeme[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i++;
  };
  skipSpaces();
  if (i === text.length) return [];
  for (;;) {
    if (text[i] !== "'") return null;
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= text.length) return null;
      const c = text[i] as string;
      if (c === "'") {
        if (text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      if (c === '\\') {
        if (i + 1 >= text.length) return null;
        lexeme += text[i + 1];
        i += 2;
        continue;
      }
      lexeme += c;
      i++;
    }
    let prefix = false;
    if (text.startsWith(':*', i)) {
      prefix = true;
      i += 2;
    }
    items.push({ lexeme, prefix });
    skipSpaces();
    if (i === text.length) break;
    if (text[i] !== '&') return null;
    i++;
    skipSpaces();
  }
  items.sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  const unique: QueryLexeme[] = [];
  for (const item of items) {
    const last = unique[unique.length - 1];
    if (last && last.lexeme === item.lexeme) {
      // PostgreSQL keeps one of the two, by an unstable sort: leave that case to the database.
      if (last.prefix !== item.prefix) return null;
      continue;
    }
    unique.push(item);
  }
  return unique;
}

/** tsCompareString without prefix: bytes of the UTF-8 forms, then the shorter first. */
function compareLexemes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

// ---------------------------------------------------------------------------------------------
// ts_rank, as tsrank.c computes it. Every C `float` is a JavaScript number rounded with fround.

const f = Math.fround;
/** Weights D, C, B, A (a position's two weight bits index this). */
const WEIGHTS = [f(0.1), f(0.2), f(0.4), f(1.0)];
const POSITION_MASK = 0x3fff;
const TINY = f(1e-20);
const FAR = f(1e-30);

const weightOf = (position: number) => WEIGHTS[position >>> 14] as number;

function wordDistance(distance: number): number {
  if (distance > 100) return FAR;
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)));
}

/** The lexemes each product holds, with their positions (WordEntryPos: weight << 14 | position). */
export interface ProductVectors {
  /** Product i's entries are [entryStart[i], entryStart[i + 1]), in the tsvector's own order. */
  entryStart: Uint32Array;
  entryLexeme: Uint32Array;
  /** Entry e's positions are positions[positionStart[e], positionStart[e + 1]). */
  positionStart: Uint32Array;
  positions: Uint16Array;
}

/** Lexeme numbers, shared by the indexes of successive snapshots so a patch can copy entries as they are. */
export class LexemeDictionary {
  readonly #ids = new Map<string, number>();
  readonly #lexemes: string[] = [];

  idOf(lexeme: string): number {
    let id = this.#ids.get(lexeme);
    if (id === undefined) {
      id = this.#lexemes.length;
      this.#ids.set(lexeme, id);
      this.#lexemes.push(lexeme);
    }
    return id;
  }

  find(lexeme: string): number | undefined {
    return this.#ids.get(lexeme);
  }

  lexeme(id: number): string {
    return this.#lexemes[id] as string;
  }

  get size(): number {
    return this.#lexemes.length;
  }

  /** Lexemes by trigram, for typos; extended to new lexemes by indexTrigrams. */
  readonly #byTrigram = new Map<string, number[]>();
  readonly #trigramCounts: number[] = [];

  /** Indexes the trigrams of every lexeme added since the last call (a patch adds a few). */
  indexTrigrams(): void {
    for (let l = this.#trigramCounts.length; l < this.#lexemes.length; l++) {
      const own = trigrams(this.#lexemes[l] as string);
      this.#trigramCounts.push(own.size);
      for (const trigram of own) {
        const list = this.#byTrigram.get(trigram);
        if (list) list.push(l);
        else this.#byTrigram.set(trigram, [l]);
      }
    }
  }

  withTrigram(trigram: string): readonly number[] {
    return this.#byTrigram.get(trigram) ?? [];
  }

  trigramCount(lexeme: number): number {
    return this.#trigramCounts[lexeme] ?? 0;
  }
}

/** Growable typed arrays for building ProductVectors one product at a time. */
export class VectorsBuilder {
  #entryStart: Uint32Array;
  #entryLexeme = new Uint32Array(1024);
  #positionStart = new Uint32Array(1025);
  #positions = new Uint16Array(2048);
  #products = 0;
  #entries = 0;
  #positionCount = 0;

  constructor(
    readonly dictionary: LexemeDictionary,
    products: number,
  ) {
    this.#entryStart = new Uint32Array(products + 1);
  }

  /**
   * Adds the next product from its tsvector's text form (`'kurta':1A,9 'cotton':2A`); positions
   * without a weight letter are D. Returns false when the text is not a tsvector's output.
   */
  addText(text: string): boolean {
    this.#entryStart[this.#products] = this.#entries;
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (text.charCodeAt(i) === 32) {
        i++;
        continue;
      }
      if (text[i] !== "'") return false;
      i++;
      let lexeme = '';
      let from = i;
      for (;;) {
        if (i >= n) return false;
        const c = text.charCodeAt(i);
        if (c === 39 /* ' */) {
          lexeme += text.slice(from, i);
          if (text.charCodeAt(i + 1) === 39) {
            lexeme += "'";
            i += 2;
            from = i;
            continue;
          }
          i++;
          break;
        }
        if (c === 92 /* \ */) {
          lexeme += text.slice(from, i) + text.charAt(i + 1);
          i += 2;
          from = i;
          continue;
        }
        i++;
      }
      this.#entry(this.dictionary.idOf(lexeme));
      if (text.charCodeAt(i) !== 58 /* : */) continue;
      i++;
      for (;;) {
        let position = 0;
        const digitsFrom = i;
        while (i < n) {
          const c = text.charCodeAt(i);
          if (c < 48 || c > 57) break;
          position = position * 10 + (c - 48);
          i++;
        }
        if (i === digitsFrom) return false;
        let weight = 0;
        const letter = text.charCodeAt(i);
        if (letter >= 65 && letter <= 68) {
          weight = 68 - letter; // A 3, B 2, C 1, D 0
          i++;
        }
        this.#position((weight << 14) | Math.min(position, POSITION_MASK));
        if (text.charCodeAt(i) !== 44 /* , */) break;
        i++;
      }
    }
    this.#products++;
    return true;
  }

  /**
   * Adds the next `count` products as copies of products j, j + 1, … of an earlier index built on the
   * same dictionary (a patch copies long runs of unchanged products at once).
   */
  addCopies(from: ProductVectors, j: number, count: number): void {
    const firstEntry = from.entryStart[j] as number;
    const entries = (from.entryStart[j + count] as number) - firstEntry;
    const firstPosition = from.positionStart[firstEntry] as number;
    const positions = (from.positionStart[firstEntry + entries] as number) - firstPosition;
    while (this.#entries + entries + 1 >= this.#entryLexeme.length) {
      this.#entryLexeme = grow(this.#entryLexeme);
      this.#positionStart = grow(this.#positionStart);
    }
    while (this.#positionCount + positions >= this.#positions.length) this.#positions = grow(this.#positions);
    const entryShift = this.#entries - firstEntry;
    for (let k = 0; k < count; k++)
      this.#entryStart[this.#products + k] = (from.entryStart[j + k] as number) + entryShift;
    this.#entryLexeme.set(from.entryLexeme.subarray(firstEntry, firstEntry + entries), this.#entries);
    const positionShift = this.#positionCount - firstPosition;
    for (let k = 0; k < entries; k++)
      this.#positionStart[this.#entries + k] = (from.positionStart[firstEntry + k] as number) + positionShift;
    this.#positions.set(
      from.positions.subarray(firstPosition, firstPosition + positions),
      this.#positionCount,
    );
    this.#entries += entries;
    this.#positionCount += positions;
    this.#products += count;
  }

  finish(): ProductVectors {
    this.#entryStart[this.#products] = this.#entries;
    this.#positionStart[this.#entries] = this.#positionCount;
    return {
      entryStart: this.#entryStart.subarray(0, this.#products + 1),
      entryLexeme: this.#entryLexeme.slice(0, this.#entries),
      positionStart: this.#positionStart.slice(0, this.#entries + 1),
      positions: this.#positions.slice(0, this.#positionCount),
    };
  }

  #entry(lexeme: number) {
    if (this.#entries + 1 >= this.#entryLexeme.length) {
      this.#entryLexeme = grow(this.#entryLexeme);
      this.#positionStart = grow(this.#positionStart);
    }
    this.#positionStart[this.#entries] = this.#positionCount;
    this.#entryLexeme[this.#entries] = lexeme;
    this.#entries++;
  }

  #position(position: number) {
    if (this.#positionCount >= this.#positions.length) this.#positions = grow(this.#positions);
    this.#positions[this.#positionCount++] = position;
  }
}

/** How close (pg_trgm similarity) a catalogue word must be to count as a typo of a word that matched nothing. */
export const TYPO_SIMILARITY = 0.4;

/** pg_trgm's trigrams of one word: lower-case, two spaces before and one after, each piece once. */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const pieces = new Set<string>();
  const chars = [...padded];
  for (let k = 0; k + 3 <= chars.length; k++) pieces.add(chars.slice(k, k + 3).join(''));
  return pieces;
}

function grow<T extends Uint32Array | Uint16Array>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}

/**
 * Entries by lexeme, over one snapshot's ProductVectors: which products match a query (every operand
 * has an entry, exactly or by prefix) and their ts_rank order. Work is proportional to the entries of
 * the query's lexemes, not to the catalogue.
 */
export class SearchIndex {
  /** Entries holding lexeme l are postings[postingStart[l], postingStart[l + 1]), in catalogue order. */
  readonly #postingStart: Uint32Array;
  readonly #postings: Uint32Array;
  /** The product each entry belongs to. */
  readonly #productOf: Int32Array;
  readonly #products: number;
  /** The lexemes present, sorted, for prefix lookups. */
  readonly #sorted: string[];

  constructor(
    readonly dictionary: LexemeDictionary,
    readonly vectors: ProductVectors,
  ) {
    const lexemes = dictionary.size;
    const counts = new Uint32Array(lexemes + 1);
    const { entryLexeme, entryStart } = vectors;
    for (let e = 0; e < entryLexeme.length; e++) (counts[(entryLexeme[e] as number) + 1] as number)++;
    for (let l = 0; l < lexemes; l++) (counts[l + 1] as number) += counts[l] as number;
    this.#postingStart = counts.slice();
    const fill = counts;
    this.#postings = new Uint32Array(entryLexeme.length);
    this.#productOf = new Int32Array(entryLexeme.length);
    this.#products = entryStart.length - 1;
    for (let i = 0; i < this.#products; i++)
      for (let e = entryStart[i] as number; e < (entryStart[i + 1] as number); e++) {
        this.#productOf[e] = i;
        this.#postings[(fill[entryLexeme[e] as number] as number)++] = e;
      }
    const present: string[] = [];
    for (let l = 0; l < lexemes; l++) if (this.#postingsOf(l) > 0) present.push(dictionary.lexeme(l));
    this.#sorted = present.sort();
    dictionary.indexTrigrams();
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
    // Scratch arrays by product, kept between searches (a search runs to the end synchronously) and
    // cleaned for the products touched, so a search costs its postings, not the catalogue's size.
    const matched = this.#scratch.matched;
    const full = groups.length;
    const hits: number[] = [];
    for (let k = 0; k < full; k++)
      for (const operand of groups[k] as number[])
        for (const l of operands[operand] as number[])
          for (let p = this.#postingStart[l] as number; p < (this.#postingStart[l + 1] as number); p++) {
            const i = this.#productOf[this.#postings[p] as number] as number;
            if (matched[i] !== k) continue;
            matched[i] = k + 1;
            if (k + 1 === full) hits.push(i);
          }
    // The root of a query of several groups is `&` (calc_rank_and, which ranks one distinct operand as
    // calc_rank_or does); of one group, `|` or an operand (calc_rank_or).
    const rank =
      full > 1 && operands.length > 1
        ? this.#rankAnd(operands, matched, full, hits)
        : this.#rankOr(operands, matched, full, hits);
    hits.sort((a, b) => (rank[b] as number) - (rank[a] as number) || a - b);
    for (const operand of groups[0] as number[])
      for (const l of operands[operand] as number[])
        for (let p = this.#postingStart[l] as number; p < (this.#postingStart[l + 1] as number); p++)
          matched[this.#productOf[this.#postings[p] as number] as number] = 0;
    return Int32Array.from(hits);
  }

  #scratchArrays: { matched: Uint8Array; rank: Float64Array; last: Int32Array[] } | null = null;

  get #scratch(): { matched: Uint8Array; rank: Float64Array; last: Int32Array[] } {
    this.#scratchArrays ??= {
      matched: new Uint8Array(this.#products),
      rank: new Float64Array(this.#products),
      last: [],
    };
    return this.#scratchArrays;
  }

  /**
   * calc_rank_or for every matching product at once: per product, the additions happen in the same
   * order as in tsrank.c (operand by operand, entries in the tsvector's order), so the float4 sums agree.
   */
  #rankOr(operands: number[][], matched: Uint8Array, full: number, hits: number[]): Float64Array {
    const { positionStart, positions } = this.vectors;
    const res = this.#scratch.rank;
    for (const i of hits) res[i] = 0;
    for (const lexemes of operands)
      for (const l of lexemes)
        for (let p = this.#postingStart[l] as number; p < (this.#postingStart[l + 1] as number); p++) {
          const e = this.#postings[p] as number;
          const i = this.#productOf[e] as number;
          if (matched[i] !== full) continue;
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
  #rankAnd(operands: number[][], matched: Uint8Array, full: number, hits: number[]): Float64Array {
    const { positionStart, positions } = this.vectors;
    const scratch = this.#scratch;
    const res = scratch.rank;
    while (scratch.last.length < operands.length) scratch.last.push(new Int32Array(this.#products));
    const last = scratch.last;
    for (const i of hits) {
      res[i] = -1;
      for (let k = 0; k < operands.length; k++) (last[k] as Int32Array)[i] = -1;
    }
    for (let k = 0; k < operands.length; k++) {
      const own = last[k] as Int32Array;
      for (const l of operands[k] as number[])
        for (let p = this.#postingStart[l] as number; p < (this.#postingStart[l + 1] as number); p++) {
          const e = this.#postings[p] as number;
          const i = this.#productOf[e] as number;
          if (matched[i] !== full) continue;
          own[i] = e;
          let r = res[i] as number;
          for (let other = 0; other < k; other++) {
            const c = (last[other] as Int32Array)[i] as number;
            if (c < 0) continue;
            for (let a = positionStart[e] as number; a < (positionStart[e + 1] as number); a++) {
              const post = positions[a] as number;
              for (let b = positionStart[c] as number; b < (positionStart[c + 1] as number); b++) {
                const ct = positions[b] as number;
                const distance = Math.abs((post & POSITION_MASK) - (ct & POSITION_MASK));
                // Two lexemes at one position do not count (tsrank.c counts them only for an entry
                // without positions, which a generated tsvector never has).
                if (distance === 0) continue;
                const curw = f(Math.sqrt(f(f(weightOf(post) * weightOf(ct)) * wordDistance(distance))));
                r = r < 0 ? curw : f(1.0 - (1.0 - r) * (1.0 - curw));
              }
            }
          }
          res[i] = r;
        }
    }
    for (const i of hits) if ((res[i] as number) < 0) res[i] = TINY;
    return res;
  }

  #lexemesFor(item: QueryLexeme): number[] {
    if (!item.prefix) {
      const id = this.dictionary.find(item.lexeme);
      return id === undefined || this.#postingsOf(id) === 0 ? [] : [id];
    }
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sorted[middle] as string) < item.lexeme) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let k = low; k < this.#sorted.length && (this.#sorted[k] as string).startsWith(item.lexeme); k++)
      found.push(this.#sorted[k] as string);
    // JavaScript's order is the UTF-8 byte order except between astral and high BMP characters.
    if (found.some((lexeme) => ASTRAL.test(lexeme))) found.sort(compareLexemes);
    return found.map((lexeme) => this.dictionary.find(lexeme) as number);
  }

  #postingsOf(lexeme: number): number {
    return (this.#postingStart[lexeme + 1] ?? 0) - (this.#postingStart[lexeme] ?? 0);
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
