import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('newsletter'), ({ event }) =>
  event.type === 'newsletter.subscribe' && (event as { email?: string }).email === 'asha@example.in'
    ? [
        {
          type: 'toast',
          title: 'Subscribed!',
          description: 'Thank you for subscribing to our newsletter.',
          variant: 'success',
        },
        { type: 'resetForm' },
      ]
    : [],
);
