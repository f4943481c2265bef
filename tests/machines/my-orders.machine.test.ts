import { expect } from 'vitest';
import type { CancelledOrder } from '../../machines/orders.model';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failed } from './support/suite';

describeModel(
  modelNamed('my-orders'),
  (step) => {
    const { event } = step;
    if (event.type === 'xstate.error.actor.fetchOrders')
      return [toast('Error', 'Failed to load your orders. Please try again.', 'error')];
    // Issue 24: a cancellation says so, with nothing to refund for an unpaid order.
    if (answered(step, 'cancelOrder'))
      return [
        toast(
          'Order cancelled',
          `Order ${answerOf<CancelledOrder>(step, 'cancelOrder')?.order.id} is cancelled.`,
          'success',
        ),
      ];
    // A refusal (shipped meanwhile) gives the server's reason.
    if (failed(step, 'cancelOrder'))
      return [toast('Error', 'This order has already shipped and can no longer be cancelled.', 'error')];
    return [];
  },
  {
    shows: (step) => {
      const { event, to } = step;
      // Spec §8: after a failure the list empties and the page shows 'No Orders Found'. A cancelled
      // order replaces its card.
      const cancelled = answerOf<CancelledOrder>(step, 'cancelOrder')?.order;
      const orders = answered(step, 'fetchOrders')
        ? answerOf(step, 'fetchOrders')
        : event.type === 'xstate.error.actor.fetchOrders'
          ? []
          : cancelled
            ? before(step, (c) => c.orders as { id: string }[], []).map((o) =>
                o.id === cancelled.id ? cancelled : o,
              )
            : before(step, (c) => c.orders, []);
      expect(to.context.orders).toEqual(orders);
      expect(to.hasTag('loading')).toBe(
        event.type === 'xstate.init' || event.type === 'orders.retry' || failed(step, 'cancelOrder'),
      );
      // Retry is offered only after a failure.
      expect(to.can({ type: 'orders.retry' })).toBe(event.type === 'xstate.error.actor.fetchOrders');
      // The card asks to confirm from Cancel order until Keep order or the server's answer.
      // Only an order that has not shipped (or been cancelled) can be asked about.
      const asked = (event as { orderId?: string }).orderId;
      const cancellable = before(step, (c) => c.orders as { id: string; canCancel: boolean }[], []).some(
        (o) => o.id === asked && o.canCancel,
      );
      const asking =
        event.type === 'order.cancel' && cancellable
          ? asked
          : event.type === 'order.keep' || answered(step, 'cancelOrder') || failed(step, 'cancelOrder')
            ? null
            : before(step, (c) => c.cancelling, null);
      expect(to.context.cancelling).toBe(asking);
      expect(to.hasTag('cancelling')).toBe(event.type === 'order.confirmCancel');
    },
    sends: { cancelOrder: (step) => ({ orderId: before(step, (c) => c.cancelling, null) }) },
  },
);
