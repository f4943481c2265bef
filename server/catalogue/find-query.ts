/**
 * The catalogue query a listing request names (`GET /products`'s parameters), shared by its handler
 * (server/catalogue/products.handlers.ts) and the first page's render (server/web/page-head.ts).
 */
import type { operations } from '../../contract/schema';
import type { CatalogueFindQuery } from './catalogue-query';
import { parseSearch } from './search';

const DEFAULT_PAGE_SIZE = 12;
const MAX_PAGE_SIZE = 100;

/** The query listProducts takes, as the contract's validation has already checked it. */
export type ListQuery = NonNullable<operations['listProducts']['parameters']['query']>;

const blankToLower = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.toLowerCase() : null;
};

/** `M, l,,XL` → ['m', 'l', 'xl']; null when nothing is left (an empty list filters nothing). */
const commaList = (value: string | undefined): string[] | null => {
  const values = (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  return values.length > 0 ? [...new Set(values)].sort() : null;
};

const toPaiseOrNull = (rupees: number | undefined) =>
  rupees === undefined ? null : Math.round(rupees * 100);

/**
 * The listing a request asks for. `filter=featured` keeps its old meaning; any other `filter` text is
 * a search, as `q` is (q wins when both are given).
 */
export function toFindQuery(query: ListQuery): CatalogueFindQuery {
  const filter = query.filter?.trim() ?? '';
  const featured = filter.toLowerCase() === 'featured';
  const searchText = query.q?.trim() ? query.q : featured ? null : filter;
  return {
    page: query.page ?? 1,
    limit: Math.min(query.limit ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    category: blankToLower(query.category),
    parentCategory: blankToLower(query.parentCategory),
    gender: query.gender ? query.gender.toLowerCase() : null,
    featured,
    search: parseSearch(searchText),
    ...(query.sort ? { sort: query.sort } : {}),
    sizes: commaList(query.size),
    colors: commaList(query.color),
    minPricePaise: toPaiseOrNull(query.minPrice),
    maxPricePaise: toPaiseOrNull(query.maxPrice),
    onSale: query.onSale === true,
    facets: query.facets === true,
  };
}
