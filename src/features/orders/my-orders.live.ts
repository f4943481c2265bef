import { fromPromise } from 'xstate';
import { myOrdersMachine } from '../../../machines/my-orders.machine';
import { type ReturnRequest, toDisplayOrder } from '../../../machines/orders.model';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function provideMyOrdersMachine({ client }: LiveDeps) {
  return myOrdersMachine.provide({
    actors: {
      fetchOrders: fromPromise(async () => {
        const orders = await call(client.GET('/orders'), 'Failed to load your orders. Please try again.');
        return (Array.isArray(orders) ? orders : []).map(toDisplayOrder);
      }),
      cancelOrder: fromPromise(async ({ input }: { input: { orderId: string } }) => {
        const answer = await call(
          client.POST('/orders/{orderId}/cancel', { params: { path: { orderId: input.orderId } } }),
          'Could not cancel the order. Please try again.',
        );
        return { order: toDisplayOrder(answer.order), refund: answer.refund ?? null };
      }),
      requestReturn: fromPromise(
        async ({ input }: { input: { orderId: string; request: ReturnRequest } }) => {
          const order = await call(
            client.POST('/orders/{orderId}/returns', {
              params: { path: { orderId: input.orderId } },
              body: input.request,
            }),
            'Could not request the return. Please try again.',
          );
          return toDisplayOrder(order);
        },
      ),
    },
  });
}
