import { fromPromise } from 'xstate';
import type { components } from '../../../contract/schema';
import { type DisplayProduct, toDisplayProduct } from '../../../machines/catalogue.model';
import { RequestError } from '../../../machines/errors';
import { productMachine } from '../../../machines/product.machine';
import type { FirstAnswer } from '../../../shared/first-screen';
import type { LiveDeps } from './live-deps';
import { call } from './request';

/** The product the server rendered this /product/{id} page with, when `id` is that page's. */
export function firstProduct(id: string, first: FirstAnswer | null): DisplayProduct | null {
  if (first?.route !== 'product' || first.id.toLowerCase() !== id.toLowerCase()) return null;
  // The server wrote it from GET /products/{id}'s own answer (server/page-head.ts).
  return toDisplayProduct(first.answer as components['schemas']['Product']);
}

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
