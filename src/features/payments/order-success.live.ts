import { fromPromise } from 'xstate';
import { orderSuccessMachine } from '../../../machines/order-success.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function provideOrderSuccessMachine({ client }: LiveDeps) {
  return orderSuccessMachine.provide({
    actors: {
      // The signed-in owner's order (no contact needed); anything else is a refusal the page keeps quiet.
      fetchOrder: fromPromise(async ({ input }) =>
        call(client.GET('/orders/{orderId}', { params: { path: { orderId: input.orderId } } }), 'No order'),
      ),
    },
  });
}
