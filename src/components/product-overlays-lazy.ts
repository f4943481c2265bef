import { lazy, useRef, useState } from 'react';

/**
 * The size chart and the image viewer (./product-overlays.tsx) in one chunk, fetched when a pointer or
 * the keyboard reaches a button that opens either: one dynamic import for both, since each costs the
 * page that holds it its list of chunks to preload (scripts/js-budget.ts), and most visits open neither.
 */
const loadOverlays = () => import('./product-overlays');

const preloadOverlays = () => {
  loadOverlays().catch(() => undefined);
};

export const SizeChartDialog = lazy(() =>
  loadOverlays().then((module) => ({ default: module.SizeChartDialog })),
);
export const ZoomViewer = lazy(() => loadOverlays().then((module) => ({ default: module.ZoomViewer })));

/**
 * An overlay's button: whether it is open, and whether it has been (mounted from the first opening on,
 * so closing runs Ark's own return of focus to `opener`). A view matter, like the gallery's picture.
 */
export function useOverlay() {
  const [state, setState] = useState({ open: false, used: false });
  const opener = useRef<HTMLButtonElement>(null);
  const setOpen = (open: boolean) => setState({ open, used: true });
  return {
    ...state,
    setOpen,
    returnFocus: () => opener.current,
    /** The opening button's props. */
    trigger: {
      ref: opener,
      type: 'button',
      'aria-haspopup': 'dialog',
      onPointerEnter: preloadOverlays,
      onFocus: preloadOverlays,
      onClick: () => setOpen(true),
    } as const,
  };
}
