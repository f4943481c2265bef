import { lazy } from 'react';

/**
 * The size chart and the image viewer (./product-overlays.tsx) in one chunk, fetched when a pointer or
 * the keyboard reaches a button that opens either: one dynamic import for both, since each costs every
 * route a little of the entry (scripts/js-budget.ts), and most visits open neither.
 */
const loadOverlays = () => import('./product-overlays');

export const preloadOverlays = () => {
  loadOverlays().catch(() => undefined);
};

export const SizeChartDialog = lazy(() =>
  loadOverlays().then((module) => ({ default: module.SizeChartDialog })),
);
