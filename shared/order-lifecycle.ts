import { setup, transition } from 'xstate';
import { ORDER_STATUS, type OrderStatusCode, type OrderStatusName } from './order-status';

/**
 * The one order lifecycle (docs/operations.md): the only legal moves of an order's status. The server
 * decides every change with `nextStatus` (payments, the fulfilment webhook, expiry) and the storefront
 * may show the same machine. Statuses are the contract's Order.status numbers (spec §orders):
 * 0 Pending → 1 Processing → 2 Shipped → 3 Delivered, and 0/1 → 4 Cancelled; nothing goes backwards.
 *
 * The machine holds no context and runs no side effects: it is a table of legal moves that the Stately
 * visualiser can draw. This file is the one shared/ module that imports a library (xstate), allowed by
 * name in biome.json.
 */

export {
  ORDER_STATUS,
  ORDER_STATUS_LOOK,
  type OrderStatusCode,
  type OrderStatusName,
} from './order-status';

/** Who moved an order: the shopper (placing it), the payment gateway, a courier, an operator, the expiry job. */
export const ORDER_ACTORS = ['shopper', 'gateway', 'courier', 'operator', 'timer'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export type OrderLifecycleEvent =
  | { type: 'payment.confirmed' }
  /** The shopper chose cash on delivery: nothing is paid yet, the courier collects it. */
  | { type: 'payment.cashOnDelivery' }
  | { type: 'fulfilment.shipped' }
  | { type: 'fulfilment.delivered' }
  | { type: 'order.cancelled' }
  | { type: 'payment.windowExpired' };
export type OrderLifecycleEventType = OrderLifecycleEvent['type'];

export const orderLifecycleMachine = setup({
  types: {
    events: {} as OrderLifecycleEvent,
  },
}).createMachine({
  id: 'orderLifecycle',
  description: 'The legal moves of an order: forward only, cancellable until it ships.',
  initial: 'pending',
  states: {
    pending: {
      description: 'Placed (status 0), waiting for a payment confirmation.',
      on: {
        'payment.confirmed': {
          target: 'processing',
          description: 'The gateway confirmed the payment.',
        },
        'payment.cashOnDelivery': {
          target: 'processing',
          description: 'The shopper chose cash on delivery: packed now, paid to the courier on delivery.',
        },
        'order.cancelled': {
          target: 'cancelled',
          description: 'Cancelled by the shopper or an operator before payment.',
        },
        'payment.windowExpired': {
          target: 'cancelled',
          description: 'Still unpaid after ORDER_PAYMENT_WINDOW: the expiry job cancels it.',
        },
      },
    },
    processing: {
      description: 'Paid, or to be paid on delivery (status 1): being packed; it may still be cancelled.',
      on: {
        'fulfilment.shipped': {
          target: 'shipped',
          description: 'Handed to a courier (carrier and tracking number recorded).',
        },
        'order.cancelled': {
          target: 'cancelled',
          description: 'Cancelled before shipping.',
        },
      },
    },
    shipped: {
      description: 'With the courier (status 2): it can only be delivered now.',
      on: {
        'fulfilment.delivered': {
          target: 'delivered',
          description: 'The courier delivered it.',
        },
      },
    },
    delivered: {
      description: 'Delivered (status 3): the end of the line.',
      type: 'final',
    },
    cancelled: {
      description: 'Cancelled (status 4): nothing moves it again.',
      type: 'final',
    },
  },
});

const NAME_OF: Record<number, OrderStatusName> = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([name, code]) => [code, name as OrderStatusName]),
);

/** The status name of a code, or null for a number that is no status. */
export function statusName(code: number): OrderStatusName | null {
  return NAME_OF[code] ?? null;
}

// The machine is fixed, so each (status, event) answer is computed once: every order and payment
// request asks, and running a transition each time showed in the checkout profile (docs/performance.md).
const answered = new Map<string, OrderStatusCode | null>();

/**
 * The status `event` moves an order in `current` to, or null when the lifecycle does not allow it
 * (the caller refuses the change). Pure: it runs the machine's transition from `current`.
 */
export function nextStatus(current: number, event: OrderLifecycleEventType): OrderStatusCode | null {
  const key = `${current} ${event}`;
  if (answered.has(key)) return answered.get(key) ?? null;
  const name = statusName(current);
  let reached: OrderStatusCode | null = null;
  if (name) {
    const from = orderLifecycleMachine.resolveState({ value: name, context: {} });
    const [next] = transition(orderLifecycleMachine, from, { type: event } as OrderLifecycleEvent);
    const value = next.value as OrderStatusName;
    reached = value === name ? null : ORDER_STATUS[value];
  }
  answered.set(key, reached);
  return reached;
}

/** The status a fulfilment event aims at. */
export const TARGET_OF: Record<
  'fulfilment.shipped' | 'fulfilment.delivered' | 'order.cancelled',
  OrderStatusCode
> = {
  'fulfilment.shipped': ORDER_STATUS.shipped,
  'fulfilment.delivered': ORDER_STATUS.delivered,
  'order.cancelled': ORDER_STATUS.cancelled,
};

/**
 * True when an order in `current` is already at or past where `event` would take it, so the event is
 * late (a "shipped" after "delivered", a second "cancelled"): to be recorded as ignored, never applied.
 */
export function alreadyPast(current: number, event: keyof typeof TARGET_OF): boolean {
  const target = TARGET_OF[event];
  if (target === ORDER_STATUS.cancelled) return current === ORDER_STATUS.cancelled;
  if (current === ORDER_STATUS.cancelled) return false;
  return current >= target;
}
