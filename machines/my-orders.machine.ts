import { assign, emit, fromPromise, setup } from 'xstate';
import { type EmittedEvent, toast } from './events';
import type { DisplayOrder } from './orders.model';

/** The signed-in customer's orders (spec §2 My Orders, §8 Orders load failure). */
export const myOrdersMachine = setup({
  types: {
    context: {} as { orders: DisplayOrder[] },
    events: {} as { type: 'orders.retry' },
    emitted: {} as EmittedEvent,
  },
  actors: {
    fetchOrders: fromPromise<DisplayOrder[]>(async () => {
      throw new Error('fetchOrders is provided by src/app/actors');
    }),
  },
  guards: {
    hasOrders: (_, params: { orders: DisplayOrder[] }) => params.orders.length > 0,
  },
  actions: {
    assignOrders: assign({ orders: (_, params: { orders: DisplayOrder[] }) => params.orders }),
    clearOrders: assign({ orders: [] }),
    notifyLoadFailed: emit(toast('Error', 'Failed to load your orders. Please try again.', 'error')),
  },
}).createMachine({
  id: 'myOrders',
  description: "The My Orders page: the signed-in shopper's orders.",
  context: { orders: [] },
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
    loaded: { description: 'The orders are listed, newest first.' },
    empty: { description: "'No Orders Found': the shopper has not ordered yet." },
    failed: {
      description: "The orders could not be loaded: 'No Orders Found' with a way to try again.",
      tags: ['error'],
      on: { 'orders.retry': 'loading' },
    },
  },
});
