import { fromPromise } from 'xstate';
import { toDisplayProduct } from '../../../machines/catalogue.model';
import { type FetchSimilarInput, similarProductsMachine } from '../../../machines/similar-products.machine';
import { type LiveDeps, logErrorAs } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** Similar items through the list call (GET /products by parentCategory or category: openapi.yaml). */
export function provideSimilarProductsMachine(deps: LiveDeps) {
  const { client } = deps;
  return similarProductsMachine.provide({
    actors: {
      fetchSimilarProducts: fromPromise(async ({ input }: { input: FetchSimilarInput }) => {
        const body = await call(
          client.GET('/products', { params: { query: input } }),
          'Failed to load similar items',
        );
        return (body.data ?? []).map(toDisplayProduct);
      }),
    },
    actions: { logError: logErrorAs(deps, 'Similar items') },
  });
}
