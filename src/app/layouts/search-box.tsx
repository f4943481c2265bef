import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { css, cx } from 'styled-system/css';
import { productsPath } from '../../../machines/catalogue.model';
import { deferredComponent, deferredWrapper, useDeferredComponent } from '../../components/ui/deferred';

export type SearchBoxProps = { className?: string | undefined; initialText?: string };

/** Shared by the stand-in below and the real combobox, so the swap does not move a pixel. */
export const searchForm = css({ position: 'relative', w: 'full' });
export const searchInput = css({
  w: 'full',
  h: '10',
  px: '4',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'white',
  fontSize: 'sm',
  _placeholder: { color: 'fg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '1px' },
});
export const SEARCH_LABEL = 'Search products';
export const SEARCH_PLACEHOLDER = 'Search kurtas, sarees, tees…';

const deferredSearch = deferredComponent(() =>
  import('./search-combobox').then((module) => module.SearchCombobox),
);

/**
 * The search box. Until the shopper shows interest (pointer, touch, focus) it is a plain search form
 * (Enter goes to the results) so the home page does not carry the suggestions machine; the combobox
 * with suggestions then replaces it with the text typed so far, keeping focus in the input.
 */
export function SearchBox({ className }: SearchBoxProps) {
  const { Component: Combobox, wrapper, intent } = useDeferredComponent(deferredSearch, 'search');
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) navigate(productsPath({ q, page: 1 }));
  };
  return (
    <div ref={wrapper} className={deferredWrapper} {...(Combobox ? {} : intent)}>
      {Combobox ? (
        <Combobox className={className} initialText={text} />
      ) : (
        <search className={cx(searchForm, className)}>
          <form onSubmit={submit}>
            <input
              type="search"
              data-scope="search"
              data-part="input"
              aria-label={SEARCH_LABEL}
              placeholder={SEARCH_PLACEHOLDER}
              className={searchInput}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </form>
        </search>
      )}
    </div>
  );
}
