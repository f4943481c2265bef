import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('order-tracking'), ({ event }) => {
  const e = event as { type: string; orderId?: string };
  if (e.type === 'tracking.submit' && e.orderId?.trim() === '')
    return [
      {
        type: 'toast',
        title: 'Required fields',
        description: 'Please enter both order number and email/phone',
        variant: 'error',
      },
    ];
  if (e.type === 'xstate.done.actor.trackOrder')
    return [
      {
        type: 'toast',
        title: 'Order found',
        description: 'Your order status has been loaded',
        variant: 'success',
      },
    ];
  if (e.type === 'xstate.error.actor.trackOrder')
    return [
      {
        type: 'toast',
        title: 'Error',
        description: 'Failed to find order. Please check your information and try again.',
        variant: 'error',
      },
    ];
  return [];
});
