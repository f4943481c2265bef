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
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
});

let openRequested = false;
/** A tap on the button shown while the menu loads: the menu opens as soon as it has loaded. */
export function requestCategoryMenuOpen(): void {
  openRequested = true;
}
/** Whether the menu should open as it mounts (once). */
export function takeCategoryMenuOpenRequest(): boolean {
  const requested = openRequested;
  openRequested = false;
  return requested;
}
