/**
 * What a catalogue listing asks for, after the handler has validated and normalised the request
 * (server/catalogue/products.handlers.ts); the read model answers it.
 */
import type { ProductSort } from '../../shared/products-query';
import type { SearchTerms } from './search';

/** A list request after validation and normalisation (filters trimmed and lower-cased, or null). */
export interface CatalogueListQuery {
  page: number;
  limit: number;
  category: string | null;
  parentCategory: string | null;
  gender: string | null;
  featured: boolean;
}

/** The contract's sort names (shared/products-query.ts, which the storefront's list reads too). */
export type CatalogueSort = ProductSort;

/**
 * A list request with the discovery options (search, sort, facets, size/colour/price/on-sale
 * filters). Absent options mean "not asked", so a plain listing is still a CatalogueListQuery.
 */
export interface CatalogueFindQuery extends CatalogueListQuery {
  /** Parsed free text (see search.ts); null or absent for no search. */
  search?: SearchTerms | null;
  /** Default: relevance when searching, else newest. */
  sort?: CatalogueSort;
  /** Lower-cased; a product matches when it has any of them. */
  sizes?: string[] | null;
  colors?: string[] | null;
  /** Bounds (inclusive) on the price paid (discounted ?? regular), in paise. */
  minPricePaise?: number | null;
  maxPricePaise?: number | null;
  onSale?: boolean;
  facets?: boolean;
}

/** True when the query needs nothing but the original listing (filters, newest first, a page). */
export function isPlainListing(query: CatalogueFindQuery): boolean {
  return (
    !query.search &&
    (query.sort === undefined || query.sort === 'newest' || query.sort === 'relevance') &&
    !query.sizes &&
    !query.colors &&
    (query.minPricePaise ?? null) === null &&
    (query.maxPricePaise ?? null) === null &&
    !query.onSale &&
    !query.facets
  );
}
