import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
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
  type ReturnRequest,
} from './orders.model';
import { newestReturn, offersReturn, returnKindWord } from './returns.model';

const CANCEL_FAILED = 'Could not cancel the order. Please try again.';
const RETURN_FAILED = 'Could not request the return. Please try again.';
/** The success toast's words: the courier's pickup is the next thing the shopper waits for. */
const RETURN_REQUESTED = 'We will email you when the pickup is scheduled.';

export type MyOrdersEvent =
  | { type: 'orders.retry' }
  /** Cancel order on one card: ask the shopper to confirm. */
  | { type: 'order.cancel'; orderId: string }
  /** 'Keep order' in the confirmation. */
  | { type: 'order.keep' }
  /** 'Yes, cancel order' in the confirmation. */
  | { type: 'order.confirmCancel' }
  /** A filter chip (All, To pay, On the way, Delivered, Cancelled / Returned). */
  | { type: 'orders.filter'; filter: OrdersFilter }
  /** 'Show more orders' under the list. */
  | { type: 'orders.showMore' }
  /** 'Return or exchange' on a delivered card: open its request form. */
  | { type: 'order.return'; orderId: string }
  /** 'Cancel' (or Escape) in the request form. */
  | { type: 'return.dismiss' }
  /** 'Request return' / 'Request exchange': the form's valid request (POST /orders/{orderId}/returns body). */
  | { type: 'return.submit'; request: ReturnRequest };

export type MyOrdersContext = {
  orders: DisplayOrder[];
  cancelling: string | null;
  /** The order whose return request form is open (or being sent), else null. */
  returning: string | null;
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
 * paid one, and the card shows the order as the server answered it. Returning or exchanging lines of a
 * delivered order within its window (docs/returns.md) works alike: 'Return or exchange' opens the card's
 * form, the server records the request, and the card shows the return; a refusal keeps the form as filled.
 */
export const myOrdersMachine = setup({
  types: {
    context: {} as MyOrdersContext,
    events: {} as MyOrdersEvent,
    emitted: {} as EmittedEvent,
  },
  actors: {
    fetchOrders: fromPromise<DisplayOrder[]>(async () => {
      throw new Error('fetchOrders is provided by its *.live.ts in src/features');
    }),
    cancelOrder: fromPromise<CancelledOrder, { orderId: string }>(async () => {
      throw new Error('cancelOrder is provided by its *.live.ts in src/features');
    }),
    requestReturn: fromPromise<DisplayOrder, { orderId: string; request: ReturnRequest }>(async () => {
      throw new Error('requestReturn is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    hasOrders: (_, params: { orders: DisplayOrder[] }) => params.orders.length > 0,
    hasMoreOrders: ({ context }) => listedOrders(context).more > 0,
    isCancellableOrder: ({ context, event }) =>
      event.type === 'order.cancel' &&
      context.orders.some((o) => o.id === event.orderId && isCancellable(o.status)),
    isReturnableOrder: ({ context, event }) =>
      event.type === 'order.return' && context.orders.some((o) => o.id === event.orderId && offersReturn(o)),
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
    assignReturning: assign({
      returning: ({ event }) => (event.type === 'order.return' ? event.orderId : null),
    }),
    clearReturning: assign({ returning: null }),
    notifyReturnRequested: emit((_, params: { order: DisplayOrder }) =>
      toast(
        `${returnKindWord(newestReturn(params.order)?.kind ?? 'return')} requested`,
        RETURN_REQUESTED,
        'success',
      ),
    ),
    notifyReturnFailed: emit((_, params: { error: unknown }) =>
      toast('Error', messageOf(params.error, RETURN_FAILED), 'error'),
    ),
  },
}).createMachine({
  id: 'myOrders',
  description: "The My Orders page: the signed-in shopper's orders.",
  context: { orders: [], cancelling: null, returning: null, filter: 'all', shown: ORDERS_PAGE_SIZE },
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
            'Reading the orders, ten at a time, by filter; a Pending or Processing one offers Cancel order, a Delivered one within its window Return or exchange.',
          on: {
            'orders.filter': { actions: 'assignFilter' },
            'orders.showMore': { guard: 'hasMoreOrders', actions: 'showMoreOrders' },
            'order.cancel': {
              guard: 'isCancellableOrder',
              target: 'confirming',
              actions: 'assignCancelling',
              description: 'Cancel order on a card that has not shipped: ask first.',
            },
            'order.return': {
              guard: 'isReturnableOrder',
              target: 'returning',
              actions: 'assignReturning',
              description: 'Return or exchange on a delivered card with lines left to return: open its form.',
            },
          },
        },
        returning: {
          description:
            'The card shows the request form: return or exchange, which lines, the reason, and for cash on delivery where the refund goes.',
          on: {
            'return.dismiss': {
              target: 'browsing',
              actions: 'clearReturning',
              description: 'Cancel (or Escape): close the form, nothing asked.',
            },
            'return.submit': {
              target: 'submittingReturn',
              description: 'The form is valid: ask the server.',
            },
          },
        },
        submittingReturn: {
          description:
            'The server records the return or exchange; the form stays as filled, its buttons busy.',
          tags: ['submittingReturn'],
          invoke: {
            id: 'requestReturn',
            src: 'requestReturn',
            input: ({ context, event }) => {
              assertEvent(event, 'return.submit');
              return { orderId: context.returning ?? '', request: event.request };
            },
            onDone: {
              target: 'browsing',
              actions: [
                { type: 'replaceOrder', params: ({ event }) => ({ order: event.output }) },
                { type: 'notifyReturnRequested', params: ({ event }) => ({ order: event.output }) },
                'clearReturning',
              ],
              description:
                'Requested: the card shows the return and its status, and the toast says what comes next.',
            },
            // Refused (window passed, a line not returnable: 409) or malformed (400): say why, keep the form.
            onError: {
              target: 'returning',
              actions: { type: 'notifyReturnFailed', params: ({ event }) => ({ error: event.error }) },
              description:
                'Refused or no answer: say why, and leave the form as filled to correct or cancel.',
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
