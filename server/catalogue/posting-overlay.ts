/**
 * What in-place patches of a SearchIndex (search-index.ts, patchedInPlace) change without building it
 * again: per lexeme, the postings appended for products whose description was rewritten and the change
 * in its count of live postings. A lexeme's list is then the built index's range without the entries
 * their products no longer hold, with the appended ones merged in by product (liveList).
 */
import { postingWord } from './posting-word';
import type { ProductVectors } from './product-vectors';
import type { PostingList, Postings } from './ts-rank';

/** Postings appended (entry, product pairs) and count changes by lexeme; `pairs` is the length of every list. */
export interface Overlay {
  extra: ReadonlyMap<number, number[]>;
  delta: ReadonlyMap<number, number>;
  pairs: number;
}

export const NO_OVERLAY: Overlay = { extra: new Map(), delta: new Map(), pairs: 0 };

/**
 * Postings in-place patches may append before the index is built again: 1/64 of the built ones (as
 * much as the vectors' room, product-vectors.ts), at least this many.
 */
const OVERLAY_MINIMUM = 65_536;

/** Whether `overlay` has grown past what patches may append to `index` (then it is built again). */
export function overlayFull(overlay: Overlay, index: Postings): boolean {
  return overlay.pairs / 2 > Math.max(OVERLAY_MINIMUM, index.postings.length / 64);
}

/**
 * `overlay` with products `at` moved from their entries in `before` to those in `after` (the vectors
 * after appendProducts), and the lexemes whose count changed. Each touched lexeme's list is copied
 * once: the overlay before stays as it was for the index still serving it.
 */
export function withPatch(
  overlay: Overlay,
  before: ProductVectors,
  after: ProductVectors,
  at: readonly number[],
): { overlay: Overlay; counted: Set<number> } {
  const extra = new Map(overlay.extra);
  const delta = new Map(overlay.delta);
  let pairs = overlay.pairs;
  const touched = new Set<number>();
  const counted = new Set<number>();
  for (const i of at) {
    for (let e = before.entryStart[i] as number; e < (before.entryEnd[i] as number); e++) {
      const l = before.entryLexeme[e] as number;
      delta.set(l, (delta.get(l) ?? 0) - 1);
      counted.add(l);
    }
    for (let e = after.entryStart[i] as number; e < (after.entryEnd[i] as number); e++) {
      const l = after.entryLexeme[e] as number;
      delta.set(l, (delta.get(l) ?? 0) + 1);
      counted.add(l);
      if (!touched.has(l)) extra.set(l, [...(extra.get(l) ?? [])]);
      touched.add(l);
      extra.get(l)?.push(e, i);
      pairs += 2;
    }
  }
  return { overlay: { extra, delta, pairs }, counted };
}

/**
 * Lexeme l's live postings, by product (every list is: SearchIndex intersects them in one pass): the
 * built index's own range when no patch touched l, else that range without the products rewritten
 * since the build (their entries now lie past the built ones) merged with the appended entries their
 * products still hold, as posting words.
 */
function liveList(index: Postings, overlay: Overlay, vectors: ProductVectors, l: number): PostingList {
  const { postings, postingProduct } = index;
  const [from, to] = baseRange(index, l);
  if (!overlay.delta.has(l))
    return { words: postings.subarray(from, to), products: postingProduct.subarray(from, to) };
  const { entryStart, entryEnd } = vectors;
  const extra = overlay.extra.get(l) ?? [];
  const appended: Array<[product: number, entry: number]> = [];
  for (let k = 0; k < extra.length; k += 2) {
    const e = extra[k] as number;
    const i = extra[k + 1] as number;
    if (e >= (entryStart[i] as number) && e < (entryEnd[i] as number)) appended.push([i, e]);
  }
  appended.sort((a, b) => a[0] - b[0]);
  // Typed arrays of the most there can be, filled in one loop (a common word has a hundred thousand
  // postings: pushed one by one into arrays, through a closure, they cost a search milliseconds and
  // the collector a list on its heap).
  const words = new Uint32Array(to - from + appended.length);
  const products = new Int32Array(words.length);
  const built = postings.length;
  let count = 0;
  let next = 0;
  for (let p = from; p <= to; p++) {
    const i = p < to ? (postingProduct[p] as number) : Number.POSITIVE_INFINITY;
    for (; next < appended.length && (appended[next] as [number, number])[0] < i; next++) {
      const [product, e] = appended[next] as [number, number];
      words[count] = postingWord(vectors, e);
      products[count++] = product;
    }
    if (p === to || (entryStart[i] as number) >= built) continue;
    words[count] = postings[p] as number;
    products[count++] = i;
  }
  return { words: words.subarray(0, count), products: products.subarray(0, count) };
}

/**
 * Postings the copies one LiveLists keeps may hold in all (8 bytes each: 16 MB), so that the searched
 * words a patch touched are copied once without a million-product catalogue's common words piling up.
 */
const PATCHED_POSTINGS_KEPT = 2_000_000;

/**
 * Each lexeme's live postings for one index and overlay (neither changes after): the built range as it
 * is, or for a lexeme a patch touched the copy liveList makes, made once when a search first asks rather
 * than on every search.
 */
export class LiveLists {
  readonly #patched = new Map<number, PostingList>();
  #kept = 0;

  constructor(
    private readonly index: Postings,
    private readonly overlay: Overlay,
    private readonly vectors: ProductVectors,
  ) {}

  of(l: number): PostingList {
    if (!this.overlay.delta.has(l)) return liveList(this.index, this.overlay, this.vectors, l);
    let list = this.#patched.get(l);
    if (!list) {
      list = liveList(this.index, this.overlay, this.vectors, l);
      if (this.#kept + list.products.length > PATCHED_POSTINGS_KEPT) {
        this.#patched.clear();
        this.#kept = 0;
      }
      this.#patched.set(l, list);
      this.#kept += list.products.length;
    }
    return list;
  }
}

/** How many live postings lexeme l has: the built index's, changed by the overlay. */
export function liveCount(index: Postings, overlay: Overlay, l: number): number {
  const [from, to] = baseRange(index, l);
  return to - from + (overlay.delta.get(l) ?? 0);
}

/** The built index's postings of a lexeme: [from, to) (empty for one numbered after the build). */
function baseRange({ postingStart }: Postings, lexeme: number): [number, number] {
  if (lexeme + 1 >= postingStart.length) return [0, 0];
  return [postingStart[lexeme] as number, postingStart[lexeme + 1] as number];
}
