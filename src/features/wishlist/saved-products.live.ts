import { fromPromise } from 'xstate';
import { type DisplayProduct, toDisplayProduct } from '../../../machines/catalogue.model';
import { RequestError } from '../../../machines/errors';
import { savedProductsMachine } from '../../../machines/saved-products.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function provideSavedProductsMachine({ client }: LiveDeps) {
  const productOf = async (id: string): Promise<DisplayProduct | null> => {
    try {
      const body = await call(
        client.GET('/products/{id}', { params: { path: { id } } }),
        'Failed to load product details',
      );
      return toDisplayProduct(body);
    } catch (error) {
      // A saved product the catalogue no longer has is dropped from the page, not an error.
      if (error instanceof RequestError && error.status === 404) return null;
      throw error;
    }
  };
  return savedProductsMachine.provide({
    actors: {
      // One public, cached read per product (the same the product page makes).
      fetchProducts: fromPromise(async ({ input }: { input: { ids: string[] } }) => {
        const found = await Promise.all(input.ids.map(productOf));
        return Object.fromEntries(input.ids.map((id, i) => [id, found[i] ?? null]));
      }),
    },
  });
}
