import { expect } from 'vitest';
import { toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { answered, answerOf, before, describeModel, failed } from './support/suite';

type Submit = { type: string; orderId?: string; contactInfo?: string };
const isComplete = (e: Submit) =>
  e.type === 'tracking.submit' && e.orderId?.trim() !== '' && e.contactInfo?.trim() !== '';

describeModel(
  modelNamed('order-tracking'),
  ({ event }) => {
    const e = event as Submit;
    if (e.type === 'tracking.submit' && !isComplete(e))
      return [toast('Required fields', 'Please enter both order number and email/phone', 'error')];
    if (e.type === 'xstate.done.actor.trackOrder')
      return [toast('Order found', 'Your order status has been loaded', 'success')];
    if (e.type === 'xstate.error.actor.trackOrder')
      return [toast('Error', 'Failed to find order. Please check your information and try again.', 'error')];
    return [];
  },
  {
    shows: (step) => {
      const e = step.event as Submit;
      const { to } = step;
      // A complete request is searched for (trimmed) and clears the last result; the answer is shown.
      if (isComplete(e)) {
        expect(to.context).toMatchObject({ orderId: e.orderId?.trim(), contactInfo: e.contactInfo?.trim() });
      }
      const order = answered(step, 'trackOrder')
        ? answerOf(step, 'trackOrder')
        : isComplete(e) || failed(step, 'trackOrder')
          ? null
          : before(step, (c) => c.order, null);
      expect(to.context.order).toEqual(order);
      expect(to.hasTag('loading')).toBe(isComplete(e));
      expect(to.hasTag('error')).toBe(
        failed(step, 'trackOrder') || (!isComplete(e) && Boolean(step.from?.hasTag('error'))),
      );
    },
    sends: {
      trackOrder: () => ({ orderId: 'SF-TEST0001', contactInfo: 'asha@example.in' }),
    },
  },
);
