import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cx } from 'styled-system/css';
import { searchTextOf } from '../../../shared/search-text';
import {
  SEARCH_LABEL,
  SEARCH_PLACEHOLDER,
  type SearchBoxProps,
  searchForm,
  searchInput,
} from './search-field';

// The suggestions combobox (its machine, the list) loads on the first sign of interest in the box.
const SearchCombobox = lazy(() => import('./search-combobox'));

/** The search the page on show is the results of: `q` (or `filter=<text>`) on /products, else ''. */
function useResultsQuery(): string {
  const { pathname, search } = useLocation();
  return pathname === '/products' ? searchTextOf(new URLSearchParams(search)) : '';
}

/**
 * The search box; it shows the search of the results page on show and is empty elsewhere. Until the shopper shows interest (pointer, touch, focus) it is a plain search form
 * (Enter goes to the results) so the home page does not carry the suggestions machine; the combobox
 * with suggestions then replaces it with the text typed so far and takes the focus.
 */
export function SearchBox({ className }: SearchBoxProps) {
  const query = useResultsQuery();
  // What is typed over a page's search; another page (another search, or none) shows its own again.
  const [draft, setDraft] = useState({ query, text: query });
  const text = draft.query === query ? draft.text : query;
  const [live, setLive] = useState(false);
  const focused = useRef(false);
  const navigate = useNavigate();
  const wake = () => setLive(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) navigate(`/products?${new URLSearchParams({ q })}`);
  };
  const stand = (
    <search className={cx(searchForm, className)} onPointerOver={wake} onTouchStart={wake}>
      <form onSubmit={submit}>
        <input
          type="search"
          aria-label={SEARCH_LABEL}
          placeholder={SEARCH_PLACEHOLDER}
          className={searchInput}
          value={text}
          onFocus={() => {
            focused.current = true;
            wake();
          }}
          onChange={(event) => setDraft({ query, text: event.target.value })}
        />
      </form>
    </search>
  );
  if (!live) return stand;
  return (
    <Suspense fallback={stand}>
      <SearchCombobox className={className} initialText={text} query={query} takeFocus={focused.current} />
    </Suspense>
  );
}
