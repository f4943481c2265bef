import { css } from 'styled-system/css';

/**
 * The search box's props, look and wording, apart from both of its forms: the plain stand-in
 * (search-box.tsx, with the page) and the suggestions combobox (search-combobox.tsx, its own chunk)
 * import them from here, so the swap does not move a pixel and neither form imports the other.
 */
export type SearchBoxProps = {
  className?: string | undefined;
  initialText?: string;
  /** The search of the page on show (`q` or `filter=<text>` on /products), '' on any other page. */
  query?: string;
  /** The stand-in had the focus: the combobox takes it, the caret after the text. */
  takeFocus?: boolean;
};

export const searchForm = css({ position: 'relative', w: 'full' });
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
/** The input's kind, name for assistive tech, placeholder and look, the same in both forms. */
export const searchInputProps = {
  type: 'search',
  'aria-label': 'Search products',
  placeholder: 'Search kurtas, sarees, tees…',
  className: searchInput,
} as const;
