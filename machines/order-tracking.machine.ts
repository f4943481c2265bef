import { assign, emit, fromPromise, setup } from 'xstate';
import type { EmittedEvent } from './events';
import { toast } from './events';
import type { DisplayOrder } from './orders.model';

export type TrackOrderInput = { orderId: string; contactInfo: string };

export type OrderTrackingEvent = { type: 'tracking.submit' } & TrackOrderInput;

export type OrderTrackingContext = TrackOrderInput & { order: DisplayOrder | null };

const submit = [
  { guard: 'hasBothFields', target: 'tracking', actions: 'assignRequest' },
  { actions: 'notifyRequiredFields', description: 'The order number or the email/phone is missing.' },
] as const;

/** Track an order by number plus email or phone (spec §2 Track order, §5, §8). */
export const orderTrackingMachine = setup({
  types: {
    context: {} as OrderTrackingContext,
    events: {} as OrderTrackingEvent,
    emitted: {} as EmittedEvent,
    input: {} as Partial<TrackOrderInput> | undefined,
  },
  actors: {
    trackOrder: fromPromise<DisplayOrder, TrackOrderInput>(async () => {
      throw new Error('trackOrder is provided by its *.live.ts in src/features');
    }),
  },
  guards: {
    hasBothFields: ({ event }) => event.orderId.trim() !== '' && event.contactInfo.trim() !== '',
  },
  actions: {
    assignRequest: assign(({ event }) => ({
      orderId: event.orderId.trim(),
      contactInfo: event.contactInfo.trim(),
      order: null,
    })),
    assignOrder: assign({ order: (_, params: { order: DisplayOrder }) => params.order }),
    notifyRequiredFields: emit(
      toast('Required fields', 'Please enter both order number and email/phone', 'error'),
    ),
    notifyFound: emit(toast('Order found', 'Your order status has been loaded', 'success')),
    notifyNotFound: emit(
      toast('Error', 'Failed to find order. Please check your information and try again.', 'error'),
    ),
  },
}).createMachine({
  id: 'orderTracking',
  description: 'The Track Order page: find an order by its number and the email or phone it was placed with.',
  // The order number comes from ?id=…, the contact from the signed-in user's email (spec §2).
  context: ({ input }) => ({
    orderId: input?.orderId ?? '',
    contactInfo: input?.contactInfo ?? '',
    order: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The shopper types the order number and email or phone.',
      on: { 'tracking.submit': [...submit] },
    },
    tracking: {
      description: 'Looking the order up.',
      tags: ['loading'],
      invoke: {
        id: 'trackOrder',
        src: 'trackOrder',
        input: ({ context }) => ({ orderId: context.orderId, contactInfo: context.contactInfo }),
        onDone: {
          target: 'found',
          actions: [{ type: 'assignOrder', params: ({ event }) => ({ order: event.output }) }, 'notifyFound'],
        },
        onError: {
          target: 'notFound',
          actions: 'notifyNotFound',
          description: 'No such order for that email or phone (the same answer either way).',
        },
      },
    },
    found: {
      description: "The order's status, items and total are shown.",
      on: { 'tracking.submit': [...submit] },
    },
    notFound: {
      description: 'No order found; the shopper can check the details and try again.',
      tags: ['error'],
      on: { 'tracking.submit': [...submit] },
    },
  },
});
