import { fromPromise } from 'xstate';
import { FEATURED_LIMIT, toDisplayProduct } from '../../../machines/catalogue.model';
import { featuredProductsMachine } from '../../../machines/featured-products.machine';
import { type LiveDeps, logErrorAs } from './live-deps';
import { call } from './request';

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
