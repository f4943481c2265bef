import { expect } from 'vitest';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

describeModel(modelNamed('order-success'), () => [], {
  shows: ({ event, to }) => {
    // The order is read only when the page has an id; whatever goes wrong, the thanks stay (a final state).
    if (event.type === 'xstate.done.actor.fetchOrder') {
      expect(to.matches('shown')).toBe(true);
      expect(to.context.order).toEqual((event as unknown as { output: unknown }).output);
    }
    if (event.type === 'xstate.error.actor.fetchOrder') expect(to.matches('thanksOnly')).toBe(true);
    expect(to.hasTag('loading')).toBe(to.matches('loading'));
  },
  // The id is sent trimmed.
  sends: { fetchOrder: () => ({ orderId: 'SF-PAID' }) },
});
