import { assign, emit, fromPromise, setup } from 'xstate';
import { messageOf } from './errors';
import { type EmittedEvent, toast } from './events';
import { type CancelledOrder, cancelledMessage, type DisplayOrder, isCancellable } from './orders.model';

const CANCEL_FAILED = 'Could not cancel the order. Please try again.';

export type MyOrdersEvent =
  | { type: 'orders.retry' }
  /** Cancel order on one card: ask the shopper to confirm. */
  | { type: 'order.cancel'; orderId: string }
  /** 'Keep order' in the confirmation. */
  | { type: 'order.keep' }
  /** 'Yes, cancel order' in the confirmation. */
  | { type: 'order.confirmCancel' };

/**
 * The signed-in customer's orders (spec §2 My Orders, §8 Orders load failure), and cancelling one
 * before it ships (issue 24 item 3): Cancel order asks first, then the server cancels it and refunds a
 * paid one, and the card shows the order as the server answered it.
 */
export const myOrdersMachine = setup({
  types: {
    context: {} as { orders: DisplayOrder[]; cancelling: string | null },
    events: {} as MyOrdersEvent,
    emitted: {} as EmittedEvent,
  },
  actors: {
    fetchOrders: fromPromise<DisplayOrder[]>(async () => {
      throw new Error('fetchOrders is provided by src/app/actors');
    }),
    cancelOrder: fromPromise<CancelledOrder, { orderId: string }>(async () => {
      throw new Error('cancelOrder is provided by src/app/actors');
    }),
  },
  guards: {
    hasOrders: (_, params: { orders: DisplayOrder[] }) => params.orders.length > 0,
    isCancellableOrder: ({ context, event }) =>
      event.type === 'order.cancel' &&
      context.orders.some((o) => o.id === event.orderId && isCancellable(o.status)),
  },
  actions: {
    assignOrders: assign({ orders: (_, params: { orders: DisplayOrder[] }) => params.orders }),
    clearOrders: assign({ orders: [] }),
    notifyLoadFailed: emit(toast('Error', 'Failed to load your orders. Please try again.', 'error')),
    assignCancelling: assign({
      cancelling: ({ event }) => (event.type === 'order.cancel' ? event.orderId : null),
    }),
    clearCancelling: assign({ cancelling: null }),
    replaceOrder: assign({
      orders: ({ context }, params: { order: DisplayOrder }) =>
        context.orders.map((o) => (o.id === params.order.id ? params.order : o)),
    }),
    notifyCancelled: emit((_, params: { answer: CancelledOrder }) =>
      toast('Order cancelled', cancelledMessage(params.answer), 'success'),
    ),
    notifyCancelFailed: emit((_, params: { error: unknown }) =>
      toast('Error', messageOf(params.error, CANCEL_FAILED), 'error'),
    ),
  },
}).createMachine({
  id: 'myOrders',
  description: "The My Orders page: the signed-in shopper's orders.",
  context: { orders: [], cancelling: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the orders.',
      tags: ['loading'],
      invoke: {
        id: 'fetchOrders',
        src: 'fetchOrders',
        onDone: [
          {
            guard: { type: 'hasOrders', params: ({ event }) => ({ orders: event.output }) },
            target: 'loaded',
            actions: { type: 'assignOrders', params: ({ event }) => ({ orders: event.output }) },
          },
          { target: 'empty', actions: 'clearOrders', description: 'No orders yet.' },
        ],
        // Spec §8: the list empties and the page shows 'No Orders Found'.
        onError: {
          target: 'failed',
          actions: ['clearOrders', 'notifyLoadFailed'],
          description: 'The orders could not be loaded: say so.',
        },
      },
    },
    loaded: {
      description: 'The orders are listed, newest first.',
      initial: 'browsing',
      states: {
        browsing: {
          description: 'Reading the orders; a Pending or Processing one offers Cancel order.',
          on: {
            'order.cancel': {
              guard: 'isCancellableOrder',
              target: 'confirming',
              actions: 'assignCancelling',
              description: 'Cancel order on a card that has not shipped: ask first.',
            },
          },
        },
        confirming: {
          description: "The card asks 'Cancel this order?' with Keep order and Yes, cancel order.",
          on: {
            'order.keep': { target: 'browsing', actions: 'clearCancelling' },
            'order.confirmCancel': 'cancelling',
          },
        },
        cancelling: {
          description: 'The server cancels the order (and refunds a paid one).',
          tags: ['cancelling'],
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => ({ orderId: context.cancelling ?? '' }),
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'replaceOrder', params: ({ event }) => ({ order: event.output.order }) },
                { type: 'notifyCancelled', params: ({ event }) => ({ answer: event.output }) },
                'clearCancelling',
              ],
              description: 'Cancelled: the card shows it, and the toast says when a refund arrives.',
            },
            // The order may have shipped meanwhile (409): say why, and show the orders as they are now.
            onError: {
              target: '#myOrders.loading',
              actions: [
                { type: 'notifyCancelFailed', params: ({ event }) => ({ error: event.error }) },
                'clearCancelling',
              ],
              description: 'Refused or no answer: say why and load the orders again.',
            },
          },
        },
      },
    },
    empty: { description: "'No Orders Found': the shopper has not ordered yet." },
    failed: {
      description: "The orders could not be loaded: 'No Orders Found' with a way to try again.",
      tags: ['error'],
      on: { 'orders.retry': 'loading' },
    },
  },
});
