import { fromPromise } from 'xstate';
import { cartStockMachine } from '../../../machines/cart-stock.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { fetchStockOf } from '../../app/actors/stock';

export function provideCartStockMachine({ client }: LiveDeps) {
  return cartStockMachine.provide({
    actors: {
      fetchStock: fromPromise(async ({ input }: { input: { products: string[] } }) =>
        fetchStockOf(client, input.products),
      ),
    },
  });
}
