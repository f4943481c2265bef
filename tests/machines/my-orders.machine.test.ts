import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('my-orders'), ({ event }) =>
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
);
