import { fromPromise } from 'xstate';
import { type ApiProduct, type DisplayProduct, toDisplayProduct } from '../../../machines/catalogue.model';
import { featuredProductsMachine } from '../../../machines/featured-products.machine';
import type { FirstAnswer } from '../../../shared/first-screen';
import { FEATURED_LIMIT } from '../../../shared/products-query';
import { type LiveDeps, logErrorAs } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** The featured products the server rendered the home page with, if it is that page. */
export function firstFeatured(first: FirstAnswer | null): DisplayProduct[] | null {
  if (first?.route !== 'home') return null;
  return ((first.answer as { data?: ApiProduct[] }).data ?? []).map(toDisplayProduct);
}

/** The contract's featured list: filter=featured, limit 4 (openapi.yaml GET /products). */
export function provideFeaturedProductsMachine(deps: LiveDeps) {
  const { client } = deps;
  return featuredProductsMachine.provide({
    actors: {
      fetchFeaturedProducts: fromPromise(async () => {
        const query = { filter: 'featured' as const, limit: FEATURED_LIMIT };
        const body = await call(
          client.GET('/products', { params: { query } }),
          'Failed to load featured products',
        );
        return (body.data ?? []).map(toDisplayProduct);
      }),
    },
    actions: { logError: logErrorAs(deps, 'Featured products') },
  });
}
