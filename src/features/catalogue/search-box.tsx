import { useLocation } from 'react-router';
import { css } from 'styled-system/css';
import { searchTextOf } from '../../../shared/search-text';
import { lazyPart } from '../../components/lazy-part';
import { Skeleton } from '../../components/ui/skeleton';
import type { SearchBoxProps } from './search-combobox';

// The suggestions combobox (its machine, the list) in its own chunk: rendered on the server, preloaded
// with the page and hydrated as rendered (src/components/lazy-part.tsx).
const SearchCombobox = lazyPart<SearchBoxProps>(
  'src/features/catalogue/search-combobox.tsx',
  () => import('./search-combobox'),
  { fallback: <Skeleton className={css({ w: 'full', h: '10', borderRadius: 'full' })} /> },
);

/** The search the page on show is the results of: `q` (or `filter=<text>`) on /products, else ''. */
function useResultsQuery(): string {
  const { pathname, search } = useLocation();
  return pathname === '/products' ? searchTextOf(new URLSearchParams(search)) : '';
}

/** The header's search box; it shows the search of the results page on show and is empty elsewhere. */
export function SearchBox({ className }: Pick<SearchBoxProps, 'className'>) {
  return <SearchCombobox className={className} query={useResultsQuery()} />;
}
