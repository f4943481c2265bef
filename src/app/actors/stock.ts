import type { StockEntry } from '../../../shared/stock';
import type { LiveDeps } from './live-deps';
import { call } from './request';

/**
 * `GET /stock` for some products (at most 50 ids, openapi.yaml): the units left of each size and
 * colour. Never cached by the server; the product page and the cart ask once each time they open.
 */
export async function fetchStockOf(
  client: LiveDeps['client'],
  products: readonly string[],
): Promise<StockEntry[]> {
  if (products.length === 0) return [];
  const body = await call(
    client.GET('/stock', { params: { query: { products: products.join(',') } } }),
    'Failed to load stock',
  );
  return body.items;
}
