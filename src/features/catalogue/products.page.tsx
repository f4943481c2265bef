import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseProductsQuery } from '../../../machines/catalogue.model';
import { listPageTitle } from '../../../shared/page-titles';
import { usePageActor, useStoreInfo } from '../../app/app-actor';
import { useCardActions } from '../../app/card-actions';
import { useDocumentTitle } from '../../app/document-title';
import { useFirstAnswer } from '../../app/first-answer-context';
import { storeDisplayName } from '../../components/layout/store-display';
import { ProductsView } from './products/products-view';
import { firstProductsPage, provideProductsListMachine } from './products-list.live';

// The phone's filter drawer (Ark Dialog) loads on the first tap of 'Filters'.
const FilterDrawer = lazy(() => import('./products/filter-drawer'));

/** /products (spec §2 Products list): the URL is the query; the machine loads and owns paging. */
export default function ProductsPage() {
  const [searchParams] = useSearchParams();
  const urlQuery = useMemo(() => parseProductsQuery(searchParams), [searchParams]);
  // The answer the server rendered this page with, when this is that page (read once per screen).
  const answer = useFirstAnswer();
  const [first] = useState(() => firstProductsPage(urlQuery, answer()));
  const [state, send] = usePageActor('productsList', provideProductsListMachine, {
    ...urlQuery,
    first,
  });
  // Stable handlers, so the memoised grid skips the renders that do not change its cards.
  const cardActions = useCardActions();
  // Column choice is a view preference, not shared state.
  const [columns, setColumns] = useState<2 | 3>(3);
  const [drawer, setDrawer] = useState<'unloaded' | 'open' | 'closed'>('unloaded');
  const storeInfo = useStoreInfo();

  // Links, back/forward and the machine's own navigation all land here; the machine ignores a query
  // it already holds.
  useEffect(() => {
    send({ type: 'products.sync', ...urlQuery });
  }, [send, urlQuery]);

  const { query, total, facets } = state.context;
  // The tab names the query the machine holds, as the server's HTML for this address does.
  useDocumentTitle(
    listPageTitle(query, { name: storeDisplayName(storeInfo), categories: storeInfo?.categories }),
  );

  return (
    <ProductsView
      state={state}
      send={send}
      storeInfo={storeInfo}
      columns={columns}
      onColumnsChange={setColumns}
      drawerOpen={drawer === 'open'}
      onOpenDrawer={() => setDrawer('open')}
      {...cardActions}
      drawerSlot={
        facets && drawer !== 'unloaded' ? (
          <Suspense fallback={null}>
            <FilterDrawer
              open={drawer === 'open'}
              onOpenChange={(open) => setDrawer(open ? 'open' : 'closed')}
              total={total}
              query={query}
              facets={facets}
              send={send}
            />
          </Suspense>
        ) : null
      }
    />
  );
}
