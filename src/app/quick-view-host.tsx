import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { QUICK_VIEW_PARAM } from './quick-view-param';

// The dialog, the product machine and Ark's Dialog load on the first Quick View, not with the page.
const QuickView = lazy(() => import('../features/catalogue/quick-view'));

/** Shows the Quick View dialog while the URL names a product; Back (or Escape) takes it away. */
export function QuickViewHost() {
  const id = new URLSearchParams(useLocation().search).get(QUICK_VIEW_PARAM);
  if (!id) return null;
  return (
    <Suspense fallback={null}>
      <QuickView key={id} id={id} />
    </Suspense>
  );
}

/** Opens a product in Quick View: its id goes into the URL (pushed, so Back closes the dialog). */
export function useOpenQuickView() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (id: string) => {
      const params = new URLSearchParams(search);
      params.set(QUICK_VIEW_PARAM, id);
      navigate({ search: `?${params}` });
    },
    [navigate, search],
  );
}
