import { css } from 'styled-system/css';

/**
 * The vertical stack of a validated form. The input recipe's `_invalid` also matches the native
 * `:invalid` state, which every empty required input has from the start: only inputs the form marked
 * invalid (aria-invalid, after the shopper left the field or submitted) are drawn red.
 */
export const formStack = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  '& :is(input, textarea):invalid:not([aria-invalid=true])': {
    borderColor: 'border.default',
    _hover: { borderColor: 'cotton.400' },
    _focusVisible: { borderColor: 'border.focus', boxShadow: '0 0 0 3px token(colors.indigo.100)' },
  },
});
