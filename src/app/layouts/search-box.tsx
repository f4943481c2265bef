import { type ComponentType, type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cx } from 'styled-system/css';
import { searchTextOf } from '../../../shared/search-text';
import { type SearchBoxProps, searchForm, searchInputProps } from './search-field';

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
 * The search box; it shows the search of the results page on show and is empty elsewhere. Until the
 * shopper shows interest (pointer, touch, focus) it is a plain search form (Enter goes to the results)
 * so the home page does not carry the suggestions machine; the combobox with suggestions then replaces
 * it with the text typed so far and takes the focus.
 *
 * The plain box is uncontrolled, and a real form (GET /products?q=…): the app asks for its code after
 * the first paint (src/boot.ts), and what a shopper types before it has hydrated stays typed (a
 * controlled box was emptied by hydration) and Enter works even then.
 */
export function SearchBox({ className }: SearchBoxProps) {
  const query = useResultsQuery();
  const input = useRef<HTMLInputElement>(null);
  // Another page (another search, or none) shows its own search again; typing over one keeps the text.
  const shown = useRef(query);
  useEffect(() => {
    if (shown.current === query) return;
    shown.current = query;
    if (input.current) input.current.value = query;
  }, [query]);
  const [combobox, setCombobox] = useState<{ Combobox: ComponentType<SearchBoxProps>; text: string } | null>(
    null,
  );
  const navigate = useNavigate();
  // The plain box stays, keeping what is typed, until the combobox's chunk is in: then the combobox
  // takes its place with the text typed so far (a box swapped while loading would drop keystrokes).
  const wake = () => {
    void loadCombobox().then((Combobox) =>
      setCombobox((had) => had ?? { Combobox, text: input.current?.value ?? shown.current }),
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = (input.current?.value ?? '').trim();
    if (q) navigate(`/products?${new URLSearchParams({ q })}`);
  };
  if (combobox) {
    const { Combobox, text } = combobox;
    // The text in the box as it is replaced (keys typed while this render was pending included), and
    // whether the box has the focus: asked of the document, not of onFocus, which never ran for a box
    // focused before hydration (the pointer then woke it, and the keys after the swap went to the page).
    const typed = input.current?.value ?? text;
    const hadFocus = input.current !== null && document.activeElement === input.current;
    return <Combobox className={className} initialText={typed} query={query} takeFocus={hadFocus} />;
  }
  return (
    <search className={cx(searchForm, className)} onPointerOver={wake} onTouchStart={wake}>
      <form action="/products" onSubmit={submit}>
        <input ref={input} {...searchInputProps} name="q" defaultValue={query} onFocus={wake} />
      </form>
    </search>
  );
}
