/**
 * The size and colour facets: every distinct value in one snapshot numbered, and each product's values
 * as those numbers, so the attribute filters and facet counts of a listing are one pass over integers.
 */

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
 * One facet's values across the snapshot: each distinct value (case-insensitive) gets a number, and
 * each product's values are the numbers in valueIds[starts[i], starts[i + 1]).
 */
export interface FacetIndex {
  /** Display names (as first seen in catalogue order), in the facet's order. */
  names: string[];
  byKey: Map<string, number>;
  starts: Uint32Array;
  valueIds: Uint32Array;
}

export function facetIndex(valuesOf: string[][], order: (a: string, b: string) => number): FacetIndex {
  // Products with the same sizes or colours share one array (attributeValuesOf): each distinct array
  // is read once, which at a million products is a few hundred arrays rather than a million.
  const distinct = new Set(valuesOf);
  const display = new Map<string, string>();
  for (const values of distinct)
    for (const value of values) {
      const key = value.trim().toLowerCase();
      if (key !== '' && !display.has(key)) display.set(key, value.trim());
    }
  const keys = [...display.keys()].sort(order);
  const byKey = new Map(keys.map((key, i) => [key, i]));
  const idsOf = new Map<string[], number[]>();
  for (const values of distinct) {
    const own = new Set<number>();
    for (const value of values) {
      const id = byKey.get(value.trim().toLowerCase());
      if (id !== undefined) own.add(id);
    }
    idsOf.set(values, [...own]);
  }
  const starts = new Uint32Array(valuesOf.length + 1);
  let total = 0;
  for (const values of valuesOf) total += (idsOf.get(values) as number[]).length;
  const valueIds = new Uint32Array(total);
  let at = 0;
  for (let i = 0; i < valuesOf.length; i++) {
    starts[i] = at;
    for (const id of idsOf.get(valuesOf[i] as string[]) as number[]) valueIds[at++] = id;
  }
  starts[valuesOf.length] = at;
  return { names: keys.map((key) => display.get(key) as string), byKey, starts, valueIds };
}

/** Whether product i has any of the wanted values (a Uint8Array flag per value id). */
export function hasAny(index: FacetIndex, i: number, wanted: Uint8Array): boolean {
  for (let k = index.starts[i] as number; k < (index.starts[i + 1] as number); k++)
    if (wanted[index.valueIds[k] as number] === 1) return true;
  return false;
}

/** The requested values as flags by value id (values the catalogue does not have match nothing). */
export function wantedFlags(index: FacetIndex, values: string[] | null | undefined): Uint8Array | null {
  if (!values) return null;
  const flags = new Uint8Array(index.names.length);
  for (const value of values) {
    const id = index.byKey.get(value);
    if (id !== undefined) flags[id] = 1;
  }
  return flags;
}

/** Colours are listed A-Z (keys are lower-cased, compared as plain strings). */
export function nameOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
