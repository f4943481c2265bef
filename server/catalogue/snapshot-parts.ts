/**
 * What a Snapshot (snapshot.ts) works out from its products' index fields when it is made — the
 * category and featured lists — and, for an in-place patch, which of those and of the facets and price
 * orders the snapshot before can lend unchanged (inPlaceParts; its ids it always lends).
 */
import type { ProductAttributeValues } from './attribute-values';
import { type Facets, patchedFacets } from './facet-index';
import type { ProductIds } from './product-ids';
import type { ProductMeta } from './product-meta';
import type { SortOrders } from './sort-orders';

/** What an in-place patch keeps of the snapshot before (see Snapshot's constructor). */
export interface SharedParts {
  lists?: FilterLists;
  sortOrders?: SortOrders;
}

/** Positions by category, by parentCategory and of featured products, in catalogue order. */
interface FilterLists {
  byCategory: ReadonlyMap<string, Int32Array>;
  byParent: ReadonlyMap<string, Int32Array>;
  featured: Int32Array;
}

/** The fields of the snapshot before that an in-place patch reads (a Snapshot has them all). */
interface PatchBase extends FilterLists, Facets {
  readonly size: number;
  readonly ids: ProductIds;
  readonly categoryOf: string[];
  readonly parentOf: (string | null)[];
  readonly isFeatured: Uint8Array;
  readonly xminOf: Uint32Array;
  readonly paidOf: Int32Array;
  readonly regularOf: Int32Array;
  readonly onSaleOf: Uint8Array;
  readonly sortOrders: SortOrders;
}

/**
 * The price each of the first n products sells at (its discounted price, or else its regular one, in
 * paise) and whether it is on sale.
 */
export function paidPrices(meta: Pick<ProductMeta, 'discounted' | 'regular'>, n: number) {
  const paidOf = new Int32Array(n);
  const onSaleOf = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const discounted = meta.discounted[i] as number;
    onSaleOf[i] = discounted >= 0 ? 1 : 0;
    paidOf[i] = discounted >= 0 ? discounted : (meta.regular[i] as number);
  }
  return { paidOf, onSaleOf };
}

/**
 * The index fields, sizes and colours of the next snapshot when the products in `changed` were written
 * in place (Snapshot.patchedInPlace), and what it may share with `base`: arrays are copied with the
 * written products' fields set, and whatever depends only on fields no write touched is lent.
 * `values` holds the written products' sizes and colours in `changed`'s order. Null when one of them
 * is not in `base`.
 */
export function inPlaceParts(
  base: PatchBase,
  changed: ProductMeta,
  values: ProductAttributeValues,
): {
  meta: Omit<ProductMeta, 'options' | 'ids'>;
  facets: Facets;
  shared: SharedParts;
} | null {
  const at: number[] = [];
  for (const id of changed.ids) {
    const i = base.ids.get(id);
    if (i === undefined) return null;
    at.push(i);
  }
  const differs = <T>(now: ArrayLike<T>, next: ArrayLike<T>) => at.some((i, k) => now[i] !== next[k]);
  const discounted = (i: number) => (base.onSaleOf[i] === 1 ? (base.paidOf[i] as number) : -1);
  const listsKept =
    !differs(base.categoryOf, changed.categories) &&
    !differs(base.parentOf, changed.parents) &&
    !differs(base.isFeatured, changed.featured);
  const pricesKept =
    !differs(base.regularOf, changed.regular) && at.every((i, k) => discounted(i) === changed.discounted[k]);
  const withChanged = <A extends { slice(): A; [i: number]: unknown }>(all: A, own: ArrayLike<unknown>) => {
    const next = all.slice();
    at.forEach((i, k) => {
      next[i] = own[k];
    });
    return next;
  };
  const meta = {
    categories: listsKept ? base.categoryOf : withChanged(base.categoryOf, changed.categories),
    parents: listsKept ? base.parentOf : withChanged(base.parentOf, changed.parents),
    featured: listsKept ? base.isFeatured : withChanged(base.isFeatured, changed.featured),
    xmins: withChanged(base.xminOf, changed.xmins),
    regular: pricesKept ? base.regularOf : withChanged(base.regularOf, changed.regular),
    discounted: new Int32Array(base.size),
  };
  for (let i = 0; i < base.size; i++) meta.discounted[i] = discounted(i);
  at.forEach((i, k) => {
    meta.discounted[i] = changed.discounted[k] as number;
  });
  return {
    meta,
    facets: patchedFacets(base, at, values),
    shared: {
      lists: listsKept
        ? { byCategory: base.byCategory, byParent: base.byParent, featured: base.featured }
        : undefined,
      sortOrders: pricesKept ? base.sortOrders : undefined,
    },
  };
}

export function filterLists(meta: Pick<ProductMeta, 'categories' | 'parents' | 'featured'>): FilterLists {
  const categories = new Map<string, number[]>();
  const parents = new Map<string, number[]>();
  const featured: number[] = [];
  for (let i = 0; i < meta.categories.length; i++) {
    push(categories, meta.categories[i] as string, i);
    const parent = meta.parents[i];
    if (parent !== null && parent !== undefined) push(parents, parent, i);
    if (meta.featured[i] === 1) featured.push(i);
  }
  const lists = (map: Map<string, number[]>) =>
    new Map([...map].map(([key, list]) => [key, Int32Array.from(list)] as const));
  return { byCategory: lists(categories), byParent: lists(parents), featured: Int32Array.from(featured) };
}

function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
