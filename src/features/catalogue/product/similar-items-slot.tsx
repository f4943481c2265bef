import { lazy, Suspense } from 'react';
import { useIsClient } from '../../../components/use-is-client';
import type { SimilarItemsProps } from './similar-items';

/**
 * Similar items come after the page: below the fold, in a chunk of their own (their machine, its call
 * and the row) fetched once the page has hydrated, so the product's own page stays as light as its
 * budget (scripts/route-budgets.json). The server renders nothing here, and neither does hydration.
 */
const SimilarItems = lazy(() => import('./similar-items'));

export function SimilarItemsSlot(props: SimilarItemsProps) {
  const client = useIsClient();
  if (!client) return null;
  return (
    <Suspense fallback={null}>
      <SimilarItems {...props} />
    </Suspense>
  );
}
