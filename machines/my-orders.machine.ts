import { assign, emit, fromPromise, setup } from 'xstate';
import { messageOf } from './errors';
import { type EmittedEvent, toast } from './events';
import {
  type CancelledOrder,
  cancelledMessage,
  type DisplayOrder,
  isCancellable,
  matchesFilter,
  ORDERS_PAGE_SIZE,
  type OrdersFilter,
} from './orders.model';

const CANCEL_FAILED = 'Could not cancel the order. Please try again.';

export type MyOrdersEvent =
  | { type: 'orders.retry' }
  /** Cancel order on one card: ask the shopper to confirm. */
  | { type: 'order.cancel'; orderId: string }
  /** 'Keep order' in the confirmation. */
  | { type: 'order.keep' }
  /** 'Yes, cancel order' in the confirmation. */
  | { type: 'order.confirmCancel' }
  /** A filter chip (All, To pay, On the way, Delivered, Cancelled). */
  | { type: 'orders.filter'; filter: OrdersFilter }
  /** 'Show more orders' under the list. */
  | { type: 'orders.showMore' };

export type MyOrdersContext = {
  orders: DisplayOrder[];
  cancelling: string | null;
  /** The chosen filter chip. */
  filter: OrdersFilter;
  /** How many of the filtered orders are listed (ORDERS_PAGE_SIZE more per 'Show more orders'). */
  shown: number;
};

/** The orders the filter lets through, and how many of them are listed now. */
export function listedOrders(context: MyOrdersContext): { listed: DisplayOrder[]; more: number } {
  const filtered = context.orders.filter((order) => matchesFilter(order, context.filter));
  return { listed: filtered.slice(0, context.shown), more: Math.max(0, filtered.length - context.shown) };
}

/**
 * The signed-in customer's orders (spec §2 My Orders, §8 Orders load failure), and cancelling one
 * before it ships (docs/operations.md): Cancel order asks first, then the server cancels it and refunds a
 * paid one, and the card shows the order as the server answered it.
 */
export const myOrdersMachine = setup({
  types: {
    context: {} as MyOrdersContext,
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
    hasMoreOrders: ({ context }) => listedOrders(context).more > 0,
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
    assignFilter: assign({
      filter: ({ context, event }) => (event.type === 'orders.filter' ? event.filter : context.filter),
      shown: ORDERS_PAGE_SIZE,
    }),
    showMoreOrders: assign({ shown: ({ context }) => context.shown + ORDERS_PAGE_SIZE }),
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
  context: { orders: [], cancelling: null, filter: 'all', shown: ORDERS_PAGE_SIZE },
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
          description:
            'Reading the orders, ten at a time, by filter; a Pending or Processing one offers Cancel order.',
          on: {
            'orders.filter': { actions: 'assignFilter' },
            'orders.showMore': { guard: 'hasMoreOrders', actions: 'showMoreOrders' },
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
