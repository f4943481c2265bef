import { fromPromise } from 'xstate';
import { toDisplayProduct } from '../../../machines/catalogue.model';
import { RequestError } from '../../../machines/errors';
import { productMachine } from '../../../machines/product.machine';
import type { LiveDeps } from './live-deps';
import { call } from './request';

export function provideProductMachine({ client }: LiveDeps) {
  return productMachine.provide({
    actors: {
      fetchProduct: fromPromise(async ({ input }: { input: { id: string } }) => {
        if (!input.id) return null;
        try {
          const body = await call(
            client.GET('/products/{id}', { params: { path: { id: input.id } } }),
            'Failed to load product details',
          );
          return toDisplayProduct(body);
        } catch (error) {
          if (error instanceof RequestError && error.status === 404) return null;
          throw error;
        }
      }),
    },
  });
}
