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
  context: { orders: [] },
  initial: 'loading',
  states: {
    loading: {
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
          { target: 'empty', actions: 'clearOrders' },
        ],
        // Spec §8: the list empties and the page shows 'No Orders Found'.
        onError: { target: 'failed', actions: ['clearOrders', 'notifyLoadFailed'] },
      },
    },
    loaded: {},
    empty: {},
    failed: { tags: ['error'], on: { 'orders.retry': 'loading' } },
  },
});
