import { type ComponentType, type FormEvent, useRef, useState } from 'react';
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
let combobox: Promise<ComponentType<SearchBoxProps>> | null = null;
const loadCombobox = () => {
  combobox ??= import('./search-combobox').then((module) => module.default);
  return combobox;
};

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
  const [Combobox, setCombobox] = useState<ComponentType<SearchBoxProps> | null>(null);
  const focused = useRef(false);
  const navigate = useNavigate();
  // The plain box stays, keeping what is typed, until the combobox's chunk is in: then the combobox
  // takes its place with the text typed so far (a box swapped while loading would drop keystrokes).
  const wake = () => {
    void loadCombobox().then((loaded) => setCombobox(() => loaded));
  };
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
          onBlur={() => {
            focused.current = false;
          }}
          onChange={(event) => setDraft({ query, text: event.target.value })}
        />
      </form>
    </search>
  );
  if (!Combobox) return stand;
  return <Combobox className={className} initialText={text} query={query} takeFocus={focused.current} />;
}
