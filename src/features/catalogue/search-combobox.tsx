import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { formatRupees, paiseOf } from '../../../shared/money';
import { usePageActor } from '../../app/app-actor';
import { Highlight } from '../../components/highlight';
import { provideSearchMachine } from './search.live';

/**
 * The box's props. The header's SearchBox (search-box.tsx, with the page) imports only this type, so
 * the combobox's code stays in its own chunk.
 */
export type SearchBoxProps = {
  className?: string | undefined;
  /** The search of the page on show (`q` or `filter=<text>` on /products), '' on any other page. */
  query?: string;
};

const searchForm = css({ position: 'relative', w: 'full' });
const searchInput = css({
  w: 'full',
  h: '10',
  px: '4',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'white',
  fontSize: 'sm',
  _placeholder: { color: 'fg.subtle' },
  focusVisibleRing: 'outside',
  focusRingOffset: '1px',
});
/** The input's kind, name for assistive tech, placeholder and look. */
const searchInputProps = {
  type: 'search',
  'aria-label': 'Search products',
  placeholder: 'Search kurtas, sarees, tees…',
  className: searchInput,
} as const;

const listbox = css({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  insetX: '0',
  minW: { md: '22rem' },
  zIndex: 'dropdown',
  bg: 'white',
  borderRadius: 'card',
  boxShadow: 'raised',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  py: '2',
  maxH: '70vh',
  overflowY: 'auto',
});
const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  cursor: 'pointer',
  '&[aria-selected=true]': { bg: 'cotton.100' },
  _hover: { bg: 'cotton.100' },
});

const KEYS: Record<string, 'search.next' | 'search.previous' | 'search.submit' | 'search.close'> = {
  ArrowDown: 'search.next',
  ArrowUp: 'search.previous',
  Enter: 'search.submit',
  Escape: 'search.close',
};

/**
 * The search box as an ARIA combobox (input + listbox, the highlighted option named by
 * aria-activedescendant) over the search machine: the view only forwards keys and renders the list.
 */
export default function SearchCombobox({ className, query = '' }: SearchBoxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, send] = usePageActor('search', provideSearchMachine, { text: query, query });
  // What was typed into the server's box before the app hydrated it is in the input, not the machine
  // (React keeps a hydrated input's value as it finds it): the machine takes it over, as if just typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on hydration (mount) only
  useLayoutEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== query) send({ type: 'search.type', text: typed });
  }, []);
  // Links, searches and Back/Forward: the box shows the new page's search (the machine ignores the same one).
  useEffect(() => {
    send({ type: 'search.sync', q: query });
  }, [send, query]);
  const id = useId();
  const listId = `${id}-list`;
  const { text, suggestions, highlighted } = state.context;
  // The earlier list stays up while the next one is awaited, so typing does not make it flicker.
  const open = state.matches('open') || (!state.matches('closed') && suggestions.length > 0);
  const optionId = (index: number) => `${id}-option-${index}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const type = KEYS[event.key];
    if (!type) return;
    // Keep the caret where it is on arrows; Enter is the machine's, not the form's.
    event.preventDefault();
    // Escape with the list open closes the list only, not the phone menu around the box.
    if (type === 'search.close' && open) event.stopPropagation();
    send({ type });
  };

  return (
    <search className={cx(searchForm, className)}>
      {/* Before hydration a plain GET form: Enter opens the results page (server/web/spa.ts renders it). */}
      <form
        action="/products"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'search.submit' });
        }}
      >
        <input
          {...searchInputProps}
          ref={inputRef}
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && highlighted >= 0 ? optionId(highlighted) : undefined}
          aria-busy={state.hasTag('loading') || undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => send({ type: 'search.type', text: event.target.value })}
          onKeyDown={onKeyDown}
          onBlur={() => send({ type: 'search.close' })}
        />
        {open && suggestions.length === 0 ? (
          <p role="status" className={cx(listbox, css({ px: '3', color: 'fg.muted', fontSize: 'sm' }))}>
            No suggestions. Press Enter to search all products.
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className={listbox}
          hidden={!open || suggestions.length === 0}
        >
          {suggestions.map((suggestion, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys stay in the input (aria-activedescendant), as the combobox pattern has it
            <div
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === highlighted}
              className={option}
              // Before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => send({ type: 'search.pick', id: suggestion.id })}
            >
              <img
                src={suggestion.image}
                alt=""
                width={40}
                height={40}
                className={css({
                  w: '10',
                  h: '10',
                  objectFit: 'cover',
                  borderRadius: 'sm',
                  bg: 'cotton.100',
                })}
              />
              <span className={css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' })}>
                <span className={css({ fontSize: 'sm', fontWeight: '500', truncate: true })}>
                  <Highlight text={suggestion.name} query={text} />
                </span>
                <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'capitalize' })}>
                  {suggestion.category}
                </span>
              </span>
              <span className={css({ fontSize: 'sm', fontWeight: '600' })}>
                {formatRupees(paiseOf(suggestion.price))}
              </span>
            </div>
          ))}
        </div>
      </form>
    </search>
  );
}
