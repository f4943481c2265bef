import { css } from 'styled-system/css';

/** The small uppercase term of an order's facts, on My Orders' cards and on Track order. */
export const factTerm = css({
  color: 'fg.muted',
  fontSize: 'xs',
  fontWeight: '600',
  textTransform: 'uppercase',
});
