import { fromPromise } from 'xstate';
import { myOrdersMachine } from '../../../machines/my-orders.machine';
import { toDisplayOrder } from '../../../machines/orders.model';
import type { LiveDeps } from './live-deps';
import { call } from './request';

export function provideMyOrdersMachine({ client }: LiveDeps) {
  return myOrdersMachine.provide({
    actors: {
      fetchOrders: fromPromise(async () => {
        const orders = await call(client.GET('/orders'), 'Failed to load your orders. Please try again.');
        return (Array.isArray(orders) ? orders : []).map(toDisplayOrder);
      }),
    },
  });
}
