/**
 * A products list's address (/products?…) as a query, and back: one query has one address. The
 * storefront's list machine and the server's first render of /products (server/web/page-head.ts) read it
 * alike; the sort names are the contract's.
 */
import { searchTextOf } from './search-text';

/** Products per page of the list (the server's first render asks the same). */
export const PAGE_SIZE = 12;
/** The home page's Featured Styles: GET /products?filter=featured&limit=4 (the server renders the same). */
export const FEATURED_LIMIT = 4;

export type ProductSort = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'discount';
export const PRODUCT_SORTS: readonly ProductSort[] = [
  'relevance',
  'newest',
  'price-asc',
  'price-desc',
  'discount',
];

export type ProductsQuery = {
  category?: string;
  parentCategory?: string;
  page: number;
  featured?: boolean;
  /** Free text searched over the catalogue. */
  q?: string;
  /** Left out when it is the default order (see `defaultSort`). */
  sort?: ProductSort;
  /** Any of these sizes / colours (multi-select); left out when none is picked. */
  sizes?: string[];
  colors?: string[];
  /** The price the shopper pays, in rupees, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  onSale?: boolean;
};

/** Relevance while searching, newest otherwise (the contract's own defaults). */
export const defaultSort = (query: Pick<ProductsQuery, 'q'>): ProductSort =>
  query.q ? 'relevance' : 'newest';

/** The order the list is in: the one picked, else the default. */
export const sortOf = (query: Pick<ProductsQuery, 'q' | 'sort'>): ProductSort =>
  query.sort ?? defaultSort(query);

const listParam = (values: readonly string[] | undefined) =>
  values && values.length > 0 ? values.join(',') : undefined;

/**
 * `/products?…` for a query; page 1, the default sort and empty filters are left out, and the
 * parameters keep one order, so one query has one address (shareable, and Back lands on it).
 */
export function productsPath(query: ProductsQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.parentCategory) params.set('parentCategory', query.parentCategory);
  if (query.featured) params.set('featured', 'true');
  if (query.sort && query.sort !== defaultSort(query)) params.set('sort', query.sort);
  const sizes = listParam(query.sizes);
  if (sizes) params.set('size', sizes);
  const colors = listParam(query.colors);
  if (colors) params.set('color', colors);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.onSale) params.set('onSale', 'true');
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `/products?${search}` : '/products';
}

/** Two queries are the same list when they have the same address. */
export const sameProductsQuery = (a: ProductsQuery, b: ProductsQuery): boolean =>
  productsPath(a) === productsPath(b);

const listOf = (raw: string | null): string[] | undefined => {
  const values = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
  return values.length > 0 ? values : undefined;
};

const priceOf = (raw: string | null): number | undefined => {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

/**
 * Parse the list's URL search params (page defaults to 1; junk pages, sorts and prices are dropped).
 * `filter` other than `featured` is a search, as the API reads it.
 */
export function parseProductsQuery(search: URLSearchParams | string): ProductsQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const query: ProductsQuery = { page: Number.isInteger(page) && page >= 1 ? page : 1 };
  const filter = params.get('filter')?.trim();
  const q = searchTextOf(params);
  if (q) query.q = q;
  const category = params.get('category')?.trim();
  if (category) query.category = category;
  const parentCategory = params.get('parentCategory')?.trim();
  if (parentCategory) query.parentCategory = parentCategory;
  if (params.get('featured') === 'true' || filter === 'featured') query.featured = true;
  const sort = params.get('sort') as ProductSort | null;
  if (sort && PRODUCT_SORTS.includes(sort) && sort !== defaultSort(query)) query.sort = sort;
  const sizes = listOf(params.get('size'));
  if (sizes) query.sizes = sizes;
  const colors = listOf(params.get('color'));
  if (colors) query.colors = colors;
  const minPrice = priceOf(params.get('minPrice'));
  if (minPrice !== undefined) query.minPrice = minPrice;
  const maxPrice = priceOf(params.get('maxPrice'));
  if (maxPrice !== undefined) query.maxPrice = maxPrice;
  if (params.get('onSale') === 'true') query.onSale = true;
  return query;
}
