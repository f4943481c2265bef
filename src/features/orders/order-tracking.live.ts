import { fromPromise } from 'xstate';
import { orderTrackingMachine } from '../../../machines/order-tracking.machine';
import { toDisplayOrder } from '../../../machines/orders.model';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

export function provideOrderTrackingMachine({ client }: LiveDeps) {
  return orderTrackingMachine.provide({
    actors: {
      trackOrder: fromPromise(async ({ input }: { input: { orderId: string; contactInfo: string } }) => {
        const order = await call(
          client.GET('/orders/{orderId}', {
            params: { path: { orderId: input.orderId }, query: { contactInfo: input.contactInfo } },
          }),
          'Order not found or access denied',
        );
        return toDisplayOrder(order);
      }),
    },
  });
}
