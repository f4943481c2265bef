/**
 * What in-place patches of a SearchIndex (search-index.ts, patchedInPlace) change without building it
 * again: per lexeme, the postings appended for products whose description was rewritten and the change
 * in its count of live postings. A lexeme's list is then the built index's range without the entries
 * their products no longer hold, followed by the appended ones (liveList).
 */
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
 * Lexeme l's live postings in catalogue order of the build: the built index's own range when no patch
 * touched l, else that range without entries their products no longer hold, then the appended entries.
 */
function liveList(index: Postings, overlay: Overlay, vectors: ProductVectors, l: number): PostingList {
  const { postings, postingProduct } = index;
  const [from, to] = baseRange(index, l);
  if (!overlay.delta.has(l))
    return { entries: postings.subarray(from, to), products: postingProduct.subarray(from, to) };
  const extra = overlay.extra.get(l) ?? [];
  // Typed arrays of the most there can be, filled in one loop each (a common word has a hundred
  // thousand postings: pushed one by one into arrays, through a closure, they cost a search milliseconds
  // and the collector a list on its heap).
  const entries = new Uint32Array(to - from + extra.length / 2);
  const products = new Int32Array(entries.length);
  let count = keepLive(
    postings.subarray(from, to),
    postingProduct.subarray(from, to),
    1,
    vectors,
    entries,
    products,
    0,
  );
  count = keepLive(extra, extra, 2, vectors, entries, products, count);
  return { entries: entries.subarray(0, count), products: products.subarray(0, count) };
}

/**
 * Appends to `entries` and `products` (after the first `count`) the pairs its product still holds:
 * entry k is entriesIn[k * step] of product productsIn[k * step + step - 1], so one loop reads the built
 * index's two arrays (step 1) and the overlay's interleaved pairs (step 2). Returns the new count.
 */
function keepLive(
  entriesIn: ArrayLike<number>,
  productsIn: ArrayLike<number>,
  step: 1 | 2,
  { entryStart, entryEnd }: ProductVectors,
  entries: Uint32Array,
  products: Int32Array,
  count: number,
): number {
  let n = count;
  for (let k = 0; k < entriesIn.length; k += step) {
    const e = entriesIn[k] as number;
    const i = productsIn[k + step - 1] as number;
    if (e < (entryStart[i] as number) || e >= (entryEnd[i] as number)) continue;
    entries[n] = e;
    products[n++] = i;
  }
  return n;
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
