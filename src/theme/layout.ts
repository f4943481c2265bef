/**
 * Layout primitives, spelled once and merged with a place's own styles: `css(stack, { gap: '4' })`.
 * They are Panda's stack, hstack, vstack, grid and circle patterns as plain style objects (css.raw):
 * the pattern functions add their own code to every route's JavaScript (0.1–0.4 KB brotli, over the
 * route budgets), while css() merging two objects is code every page already runs.
 */
import { css } from 'styled-system/css';

/** Children one above the other (with the place's own gap). */
export const stack = css.raw({ display: 'flex', flexDirection: 'column' });
/** Children one above the other, centred across. */
export const vstack = css.raw({ display: 'flex', flexDirection: 'column', alignItems: 'center' });
/** Children side by side, centred on the line. */
export const hstack = css.raw({ display: 'flex', alignItems: 'center' });
export const grid = css.raw({ display: 'grid' });
/** A round badge with its content in the middle (with the place's own width and height). */
export const circle = css.raw({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  borderRadius: 'full',
});
