import { assign, fromPromise, setup } from 'xstate';
import type { ApiOrder } from './orders.model';

export type OrderSuccessContext = {
  orderId: string | null;
  /** The order as GET /orders/{orderId} answered it, once loaded. */
  order: ApiOrder | null;
};

/**
 * The order confirmation (/order-success): the gateway, the QR screen and cash on delivery land here
 * with `orderId`. The page thanks the shopper at once and, once the order is in (GET /orders/{orderId},
 * the signed-in owner's), shows what was ordered, the amount and when it should arrive. An order that
 * cannot be read (no id, signed out, not theirs, no answer) leaves the thanks alone: nothing is wrong
 * with the order for that.
 */
export const orderSuccessMachine = setup({
  types: {
    context: {} as OrderSuccessContext,
    input: {} as { orderId: string | null } | undefined,
  },
  actors: {
    fetchOrder: fromPromise<ApiOrder, { orderId: string }>(async () => {
      throw new Error('fetchOrder is provided by src/features/payments/order-success.live.ts');
    }),
  },
  guards: {
    hasOrderId: ({ context }) => context.orderId !== null,
  },
  actions: {
    assignOrder: assign((_, params: { order: ApiOrder }) => ({ order: params.order })),
  },
}).createMachine({
  id: 'orderSuccess',
  description: 'The order confirmation: the thanks, then what was ordered and when it arrives.',
  context: ({ input }) => ({ orderId: input?.orderId?.trim() || null, order: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Which order is confirmed?',
      always: [
        { guard: 'hasOrderId', target: 'loading' },
        { target: 'thanksOnly', description: 'No order id: the thanks alone.' },
      ],
    },
    loading: {
      description: 'Loading the order (GET /orders/{orderId}).',
      tags: ['loading'],
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
        onDone: {
          target: 'shown',
          actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
          description: 'The order: its lines, amount and expected delivery.',
        },
        onError: {
          target: 'thanksOnly',
          description: 'Not readable here (signed out, not theirs, no answer): the thanks alone.',
        },
      },
    },
    shown: {
      description: 'The order confirmed, with its lines, amount and expected delivery.',
      type: 'final',
    },
    thanksOnly: { description: 'The thanks, without the order.', type: 'final' },
  },
});
