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
export function liveList(index: Postings, overlay: Overlay, vectors: ProductVectors, l: number): PostingList {
  const { postings, postingProduct } = index;
  const [from, to] = baseRange(index, l);
  if (!overlay.delta.has(l))
    return { entries: postings.subarray(from, to), products: postingProduct.subarray(from, to) };
  const { entryStart, entryEnd } = vectors;
  const entries: number[] = [];
  const products: number[] = [];
  const keep = (e: number, i: number) => {
    if (e < (entryStart[i] as number) || e >= (entryEnd[i] as number)) return;
    entries.push(e);
    products.push(i);
  };
  for (let p = from; p < to; p++) keep(postings[p] as number, postingProduct[p] as number);
  const extra = overlay.extra.get(l) ?? [];
  for (let k = 0; k < extra.length; k += 2) keep(extra[k] as number, extra[k + 1] as number);
  return { entries: Uint32Array.from(entries), products: Int32Array.from(products) };
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
