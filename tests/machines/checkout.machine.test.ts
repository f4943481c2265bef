import { expect } from 'vitest';
import { shipping } from './support/fixtures';
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
        return [
          {
            type: 'toast',
            title: 'Cart is empty',
            description: 'Please add items to your cart before checkout.',
            variant: 'error',
          },
        ];
      if (e.items?.some((line) => line.sizeOptions))
        return [
          {
            type: 'toast',
            title: 'Choose size and colour',
            description: 'Pick a size and colour for every item in your cart.',
            variant: 'error',
          },
        ];
      if (blank)
        return [
          {
            type: 'toast',
            title: 'Please fill all fields',
            description: 'All shipping information fields are required.',
            variant: 'error',
          },
        ];
      return [];
    }
    if (e.type === 'xstate.done.actor.createOrder')
      return [{ type: 'navigate', to: '/payment?orderId=SF-TEST0001' }];
    if (e.type === 'xstate.error.actor.createOrder') {
      expect(to.value).toBe('idle');
      return [
        {
          type: 'toast',
          title: 'Error placing order',
          description: 'Please try again later.',
          variant: 'error',
        },
      ];
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
