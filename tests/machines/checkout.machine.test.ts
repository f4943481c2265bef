import { expect } from 'vitest';
import { shipping, toast } from './support/fixtures';
import { modelNamed } from './support/models';
import { answerOf, describeModel } from './support/suite';

describeModel(
  modelNamed('checkout'),
  ({ event, to }) => {
    const e = event as {
      type: string;
      items?: { sizeOptions?: string[] }[];
      city?: string;
      fieldsValid?: boolean;
    };
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
    if (e.type === 'xstate.error.actor.createOrder') {
      expect(to.value).toBe('idle');
      return [toast('Error placing order', 'Please try again later.', 'error')];
    }
    return [];
  },
  {
    shows: (step) => {
      const { event, to } = step;
      const e = event as {
        type: string;
        items?: { sizeOptions?: string[] }[];
        city?: string;
        fieldsValid?: boolean;
      };
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
    },
    sends: {
      createOrder: () => ({
        products: { 'p-kurta': 1, 'p-tee': 2 },
        lines: [
          { productId: 'p-kurta', quantity: 1, size: 'M', color: 'Indigo' },
          { productId: 'p-tee', quantity: 2 },
        ],
        shippingAddress: shipping,
      }),
    },
  },
);
