/**
 * A search's ranked positions in one snapshot: matched and ranked by the in-memory search index when
 * there is one and it models the query, else ranked by the database.
 */
import type { PositionsById } from './product-ids';
import type { SearchTerms } from './search';
import type { SearchIndex } from './search-index';
import { parseQueryText } from './tsquery-text';

/** What a search asks of the database (server/catalogue/products.repository.ts). */
export interface CatalogueSearch {
  /** PostgreSQL's normal form of the tsquery. */
  normalize(tsquery: string): Promise<string>;
  /** Ranked ids by the database alone: full text, then titles within a typo (pg_trgm). */
  ranked(terms: SearchTerms): Promise<string[]>;
}

/**
 * With the search index, PostgreSQL only normalises the query and the matching and ranking happen
 * here; without it (or for a query the index does not model) the database ranks. Ids the snapshot does
 * not hold (written after it) are left out.
 */
export async function rankSearch(
  index: SearchIndex | null,
  indexById: PositionsById,
  terms: SearchTerms,
  search: CatalogueSearch,
): Promise<Int32Array> {
  if (terms.tsquery === '') return new Int32Array(0);
  if (index) {
    const items = parseQueryText(await search.normalize(terms.tsquery));
    if (items !== null) {
      const found = index.search(items);
      // Only when nothing matches are misspelt words replaced by the closest catalogue words.
      return found.length > 0 ? found : index.searchTypos(items);
    }
  }
  return positionsOf(indexById, await search.ranked(terms));
}

function positionsOf(indexById: PositionsById, ids: readonly string[]): Int32Array {
  const positions: number[] = [];
  for (const id of ids) {
    const i = indexById.get(id);
    if (i !== undefined) positions.push(i);
  }
  return Int32Array.from(positions);
}
