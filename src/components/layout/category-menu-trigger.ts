import { css } from 'styled-system/css';

/**
 * The "All categories" button's look, apart from the menu (src/components/layout/category-menu.tsx): the
 * header shows it at once while Ark's Menu loads in its own chunk, off the home page's JS budget.
 */
export const categoryMenuTrigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.muted',
  py: '2',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  focusVisibleRing: 'outside',
});

let openRequested = false;
/** A tap on the button shown while the menu loads: the menu opens as soon as it has loaded. */
export function requestCategoryMenuOpen(): void {
  openRequested = true;
}
/**
 * Whether the menu should open as it mounts. Read during render, so it must not change anything: React
 * may render and throw away a render (a lazy component resolving mid-render), and a read that also
 * cleared the request lost the tap (the browser smoke's nav-all-categories, now and then).
 */
export function categoryMenuOpenRequested(): boolean {
  return openRequested;
}
/** Forgets the tap once the menu has mounted with it (an effect, after the commit). */
export function clearCategoryMenuOpenRequest(): void {
  openRequested = false;
}
