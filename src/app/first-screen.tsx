/**
 * The server's renderer for the first screen of /products and /product/{id} (shared/first-screen.ts):
 * the storefront frame with the page's own view in it, rendered from the state its machine starts in
 * when it is given the answer — the same views, machine and state the client's first render uses, so
 * the page React takes over is the page already painted. `npm run build` bundles this module for Node
 * into dist/.ssr/ (vite.config.ts `ssrBuild`); the server loads it from there.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createActor } from 'xstate';
import type { components } from '../../contract/schema';
import { parseProductsQuery, toDisplayProduct } from '../../machines/catalogue.model';
import { productMachine } from '../../machines/product.machine';
import { productsListMachine } from '../../machines/products-list.machine';
import type { StoreInfo } from '../../machines/store-info.machine';
import type { FirstScreenInput, FirstScreenRenderer } from '../../shared/first-screen';
import { ProductView } from '../routes/product/product-view';
import { ProductsView } from '../routes/products/products-view';
import { toProductsPage } from './actors/products-list.live';
import { MainLayoutView } from './layouts/main-layout';

const ignore = () => {};

function pageOf(input: FirstScreenInput) {
  if (input.route === 'product') {
    const first = toDisplayProduct(input.answer as components['schemas']['Product']);
    // Created, not started: its first state, with the product, and nothing asked of the API.
    const state = createActor(productMachine, { input: { id: input.id, first } }).getSnapshot();
    return (
      <ProductView state={state} send={ignore} onBack={ignore} saved={false} onToggleWishlist={ignore} />
    );
  }
  const query = parseProductsQuery(input.search);
  const state = createActor(productsListMachine, {
    input: { ...query, first: toProductsPage(input.answer as components['schemas']['ProductPage']) },
  }).getSnapshot();
  return (
    <ProductsView
      state={state}
      send={ignore}
      storeInfo={input.store as StoreInfo | null}
      columns={3}
      onColumnsChange={ignore}
      drawerOpen={false}
      onOpenDrawer={ignore}
      isSaved={() => false}
      onAddToCart={ignore}
      onToggleWishlist={ignore}
      onQuickView={ignore}
    />
  );
}

export const renderFirstScreen: FirstScreenRenderer = (input) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[input.url]}>
      <MainLayoutView store={input.store as StoreInfo | null} cartCount={0} authStatus="checking">
        {pageOf(input)}
      </MainLayoutView>
    </MemoryRouter>,
  );
