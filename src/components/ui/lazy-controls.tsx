import { css } from 'styled-system/css';
import { lazyPart } from '../lazy-part';
import type { QuantityInput as QuantityInputComponent } from './number-input';
import { Skeleton } from './skeleton';

/**
 * Ark's NumberInput stepper (./number-input.tsx, with its state machine) in its own chunk, for the
 * product page and the cart: rendered on the server, preloaded with the page, hydrated as it was
 * rendered (src/components/lazy-part.tsx). Mounted in the browser before its chunk is in, a skeleton
 * of its size holds its place.
 */
export const LazyQuantityInput = lazyPart<Parameters<typeof QuantityInputComponent>[0]>(
  'src/components/ui/number-input.tsx',
  () => import('./number-input').then((module) => ({ default: module.QuantityInput })),
  { fallback: <Skeleton className={css({ w: '32', h: '11' })} /> },
);
