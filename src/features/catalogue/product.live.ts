import { fromPromise } from 'xstate';
import type { components } from '../../../contract/schema';
import { toDisplayProduct } from '../../../machines/catalogue.model';
import { RequestError } from '../../../machines/errors';
import { productMachine } from '../../../machines/product.machine';
import { type PageProduct, withSizeChart } from '../../../machines/size-chart.model';
import type { FirstAnswer } from '../../../shared/first-screen';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';
import { fetchStockOf } from '../../app/actors/stock';

/** The product the server rendered this /product/{id} page with, when `id` is that page's. */
export function firstProduct(id: string, first: FirstAnswer | null): PageProduct | null {
  if (first?.route !== 'product' || first.id.toLowerCase() !== id.toLowerCase()) return null;
  // The server wrote it from GET /products/{id}'s own answer (server/web/page-head.ts).
  const answer = first.answer as components['schemas']['Product'];
  return withSizeChart(toDisplayProduct(answer), answer);
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
          return withSizeChart(toDisplayProduct(body), body);
        } catch (error) {
          if (error instanceof RequestError && error.status === 404) return null;
          throw error;
        }
      }),
      fetchStock: fromPromise(async ({ input }: { input: { products: string[] } }) =>
        fetchStockOf(client, input.products),
      ),
    },
  });
}
