/**
 * The size and colour facets: every distinct value in one snapshot numbered, and each product's values
 * as those numbers, so the attribute filters and facet counts of a listing are one pass over integers.
 */
import type { ProductAttributeValues } from './attribute-values';

/** The store's size order; any other size (Free Size, One Size, chest sizes) follows, see sizeOrder. */
const SIZE_ORDER = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];

/** Compares two size names (lower-cased): the letter sizes in order, then numbers, then the rest A-Z. */
export function sizeOrder(a: string, b: string): number {
  const rank = (size: string) => {
    const known = SIZE_ORDER.indexOf(size);
    if (known >= 0) return known;
    return /^\d+(\.\d+)?$/.test(size) ? SIZE_ORDER.length : SIZE_ORDER.length + 1;
  };
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) === SIZE_ORDER.length) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One facet's values across the snapshot: each distinct value (case-insensitive) gets a number, each
 * distinct set of values a number too, and each product its set's. A catalogue has a few hundred
 * sets however many products it holds, so a listing's facet pass counts sets (one small array, one
 * read per product) and spreads each set's count over its values at the end.
 */
export interface FacetIndex {
  /** Display names (as first seen in catalogue order), in the facet's order. */
  names: string[];
  byKey: Map<string, number>;
  /** The set of values of product i. */
  setOf: Uint32Array;
  /** Sets by their value ids joined with commas, in order. */
  setByKey: Map<string, number>;
  /** Set s holds the value ids setValues[setStarts[s], setStarts[s + 1]). */
  setStarts: Uint32Array;
  setValues: Uint32Array;
}

export function facetIndex(valuesOf: string[][], order: (a: string, b: string) => number): FacetIndex {
  // Products with the same sizes or colours share one array (attributeValuesOf): each distinct array
  // is read once, which at a million products is a few hundred arrays rather than a million.
  const distinct = new Set(valuesOf);
  const display = new Map<string, string>();
  for (const values of distinct)
    for (const value of values) {
      const key = facetKey(value);
      if (key !== '' && !display.has(key)) display.set(key, value.trim());
    }
  const keys = [...display.keys()].sort(order);
  const byKey = new Map(keys.map((key, i) => [key, i]));
  const setIds = new Map<string, number>();
  const sets: number[][] = [];
  const setOfArray = new Map<string[], number>();
  for (const values of distinct) {
    const own = new Set<number>();
    for (const value of values) {
      const id = byKey.get(facetKey(value));
      if (id !== undefined) own.add(id);
    }
    const ids = [...own].sort((a, b) => a - b);
    const key = ids.join(',');
    let set = setIds.get(key);
    if (set === undefined) {
      set = sets.length;
      setIds.set(key, set);
      sets.push(ids);
    }
    setOfArray.set(values, set);
  }
  const setOf = new Uint32Array(valuesOf.length);
  for (let i = 0; i < valuesOf.length; i++) setOf[i] = setOfArray.get(valuesOf[i] as string[]) as number;
  const setStarts = new Uint32Array(sets.length + 1);
  const setValues = new Uint32Array(sets.reduce((total, ids) => total + ids.length, 0));
  let at = 0;
  sets.forEach((ids, s) => {
    setStarts[s] = at;
    for (const id of ids) setValues[at++] = id;
  });
  setStarts[sets.length] = at;
  const names = keys.map((key) => display.get(key) as string);
  return { names, byKey, setOf, setByKey: setIds, setStarts, setValues };
}

/** A snapshot's two facets. */
export interface Facets {
  sizeIndex: FacetIndex;
  colorIndex: FacetIndex;
}

/**
 * The facets of every product's sizes and colours. Only the facets are kept: each product's values are
 * its set's (setOf), so no array per product stays on the heap for the collector to walk.
 */
export function facetsOf(values: ProductAttributeValues): Facets {
  return { sizeIndex: facetIndex(values.sizes, sizeOrder), colorIndex: facetIndex(values.colors, nameOrder) };
}

/** Product i's values, as the facet names them, in the facet's order. */
export function valuesAt(index: FacetIndex, i: number): string[] {
  return namesOfSet(index, index.setOf[i] as number);
}

/** Set s's values, as the facet names them, in the facet's order. */
function namesOfSet(index: FacetIndex, s: number): string[] {
  return [...index.setValues.subarray(index.setStarts[s], index.setStarts[s + 1])].map(
    (id) => index.names[id] as string,
  );
}

/** A value as the facet matches it: any case, without surrounding spaces ('' is no value). */
function facetKey(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The facets after the products at positions `at` were written with `values` (in `at`'s order):
 * `base` itself when each kept its set of values (a price or a description written; a value written in
 * another case or spacing is the same value, and keeps the spelling the facet shows), else numbered
 * again from every product's values, the written ones' new.
 */
export function patchedFacets(base: Facets, at: readonly number[], values: ProductAttributeValues): Facets {
  return {
    sizeIndex: patchedFacet(base.sizeIndex, at, values.sizes, sizeOrder),
    colorIndex: patchedFacet(base.colorIndex, at, values.colors, nameOrder),
  };
}

function patchedFacet(
  base: FacetIndex,
  at: readonly number[],
  values: string[][],
  order: (a: string, b: string) => number,
): FacetIndex {
  if (at.every((i, k) => setIdOf(base, values[k] as string[]) === base.setOf[i])) return base;
  const setNames = Array.from({ length: base.setStarts.length - 1 }, (_, s) => namesOfSet(base, s));
  const valuesOf: string[][] = Array.from(base.setOf, (s) => setNames[s] as string[]);
  at.forEach((i, k) => {
    valuesOf[i] = values[k] as string[];
  });
  return facetIndex(valuesOf, order);
}

/** The set these values make in `index`, or undefined when it has no such set (or not every value). */
function setIdOf(index: FacetIndex, values: readonly string[]): number | undefined {
  const ids = new Set<number>();
  for (const value of values) {
    const key = facetKey(value);
    if (key === '') continue;
    const id = index.byKey.get(key);
    if (id === undefined) return undefined;
    ids.add(id);
  }
  return index.setByKey.get([...ids].sort((a, b) => a - b).join(','));
}

/** The sets holding any of the requested values, as flags by set (values the catalogue lacks match nothing). */
export function wantedSets(index: FacetIndex, values: string[] | null | undefined): Uint8Array | null {
  if (!values) return null;
  const wanted = new Uint8Array(index.names.length);
  for (const value of values) {
    const id = index.byKey.get(value);
    if (id !== undefined) wanted[id] = 1;
  }
  const sets = new Uint8Array(index.setStarts.length - 1);
  for (let s = 0; s < sets.length; s++)
    for (let v = index.setStarts[s] as number; v < (index.setStarts[s + 1] as number); v++)
      if (wanted[index.setValues[v] as number] === 1) sets[s] = 1;
  return sets;
}

/** Value counts from set counts: each set's count added to each of its values. */
export function valueCounts(index: FacetIndex, setCounts: Uint32Array): Uint32Array {
  const counts = new Uint32Array(index.names.length);
  for (let s = 0; s < setCounts.length; s++) {
    const n = setCounts[s] as number;
    if (n === 0) continue;
    for (let v = index.setStarts[s] as number; v < (index.setStarts[s + 1] as number); v++)
      (counts[index.setValues[v] as number] as number) += n;
  }
  return counts;
}

/** Colours are listed A-Z (keys are lower-cased, compared as plain strings). */
export function nameOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
