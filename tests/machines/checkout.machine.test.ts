import { expect } from 'vitest';
import { StockShortageError } from '../../machines/shortage.model';
import { shipping, toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { answerOf, before, describeModel, failureOf } from './support/suite';

/** What a step's event may carry: a submit's lines and form, or an actor's answer. */
type CheckoutStepEvent = {
  type: string;
  items?: { sizeOptions?: string[] }[];
  city?: string;
  fieldsValid?: boolean;
};

describeModel(
  modelNamed('checkout'),
  (step) => {
    const { event, to } = step;
    const e = event as CheckoutStepEvent;
    if (e.type === 'checkout.submit') {
      const blank = e.city?.trim() === '';
      // A filled-in field that breaks its rule: the form shows it, and there is no toast.
      if (!e.fieldsValid && !blank) return [];
      if (e.items?.length === 0)
        return [toast('Cart is empty', 'Please add items to your cart before checkout.', 'error')];
      if (e.items?.some((line) => line.sizeOptions))
        return [
          toast('Choose size and colour', 'Pick a size and colour for every item in your cart.', 'error'),
        ];
      if (blank)
        return [toast('Please fill all fields', 'All shipping information fields are required.', 'error')];
      return [];
    }
    if (e.type === 'xstate.done.actor.createOrder')
      return [{ type: 'navigate', to: '/payment?orderId=SF-TEST0001' }];
    // A 409 is no failure to toast: the page lists the short lines instead.
    if (
      e.type === 'xstate.error.actor.createOrder' &&
      failureOf(step, 'createOrder') instanceof StockShortageError
    ) {
      expect(to.value).toBe('shortage');
      return [];
    }
    if (e.type === 'xstate.error.actor.createOrder') {
      expect(to.value).toBe('idle');
      return [toast('Error placing order', 'Please try again later.', 'error')];
    }
    return [];
  },
  {
    shows: (step) => {
      const { event, to } = step;
      const e = event as CheckoutStepEvent;
      // A field the form refused (a 5-digit PIN) places no order either.
      const valid =
        e.type === 'checkout.submit' &&
        e.fieldsValid === true &&
        (e.items?.length ?? 0) > 0 &&
        !e.items?.some((line) => line.sizeOptions) &&
        e.city?.trim() !== '';
      // 'Processing...' from a valid submit until the order is created or fails.
      expect(to.hasTag('loading')).toBe(valid);
      expect(to.context.orderId).toBe(answerOf<{ id: string }>(step, 'createOrder')?.id ?? null);
      // The 409's short lines are kept (shown in `shortage`) until the next Place Order.
      const error = failureOf(step, 'createOrder');
      const shortages =
        error instanceof StockShortageError
          ? error.shortages
          : e.type === 'checkout.submit'
            ? []
            : before(step, (c) => c.shortages, []);
      expect(to.context.shortages).toEqual(shortages);
      expect(to.matches('shortage')).toBe(error instanceof StockShortageError);
      // "Adjust my bag" goes back to the form; the cart's fit is the app's (tests/machines/app-system.test.ts).
      if (e.type === 'checkout.adjust') expect(to.matches('idle')).toBe(true);
    },
    sends: {
      // The 2 lines as placed, or the one tee left after "Adjust my bag".
      createOrder: (step) =>
        (step.to.context.items as unknown[]).length === 1
          ? {
              products: { 'p-tee': 1 },
              lines: [{ productId: 'p-tee', quantity: 1 }],
              shippingAddress: shipping,
            }
          : {
              products: { 'p-kurta': 1, 'p-tee': 2 },
              lines: [
                { productId: 'p-kurta', quantity: 1, size: 'M', color: 'Indigo' },
                { productId: 'p-tee', quantity: 2 },
              ],
              shippingAddress: shipping,
            },
    },
  },
);
