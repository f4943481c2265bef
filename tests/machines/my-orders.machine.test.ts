import { expect } from 'vitest';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel } from './support/suite';

describeModel(
  modelNamed('my-orders'),
  ({ event }) =>
    event.type === 'xstate.error.actor.fetchOrders'
      ? [
          {
            type: 'toast',
            title: 'Error',
            description: 'Failed to load your orders. Please try again.',
            variant: 'error',
          },
        ]
      : [],
  {
    shows: (step) => {
      const { event, to } = step;
      // Spec §8: after a failure the list empties and the page shows 'No Orders Found'.
      const orders = answered(step, 'fetchOrders')
        ? answerOf(step, 'fetchOrders')
        : event.type === 'xstate.error.actor.fetchOrders'
          ? []
          : before(step, (c) => c.orders, []);
      expect(to.context.orders).toEqual(orders);
      expect(to.hasTag('loading')).toBe(event.type === 'xstate.init' || event.type === 'orders.retry');
      // Retry is offered only after a failure.
      expect(to.can({ type: 'orders.retry' })).toBe(event.type === 'xstate.error.actor.fetchOrders');
    },
  },
);
