import { setup, transition } from 'xstate';
import { RETURN_STATUSES, type ReturnKind, type ReturnStatus } from './return-status';

/**
 * The one return lifecycle (docs/returns.md): the legal moves of a return or size exchange of a
 * delivered order. It is its own record beside the order, whose status (0–4) stays as the spec defines
 * it. The server decides every change with `nextReturnStatus` (the shopper's request, the signed
 * fulfilment events, `npm run orders`) and the storefront shows the same states.
 *
 *   requested → pickupScheduled → pickedUp → received → refunded (a return) | exchanged (an exchange)
 *   requested, pickupScheduled, received → rejected (the policy's conditions are not met)
 *
 * Like shared/order-lifecycle.ts it is a table of legal moves the Stately visualiser can draw: its only
 * context is the request's kind, which decides how a received parcel ends.
 */

export { RETURN_STATUS_LABEL, type ReturnKind, type ReturnStatus } from './return-status';

type ReturnLifecycleEvent =
  /** A courier is booked to collect the parcel (an operator or the courier's system). */
  | { type: 'return.pickupScheduled' }
  | { type: 'return.pickedUp' }
  /** The parcel reached the warehouse and passed its check. */
  | { type: 'return.received' }
  /** The money went back: by the server through the gateway that took it, or by an operator (cash on delivery). */
  | { type: 'return.refunded' }
  /** The replacement size was sent. */
  | { type: 'return.exchanged' }
  /** The return does not meet the policy (worn, not in its packaging, …): the note says why. */
  | { type: 'return.rejected' };
export type ReturnLifecycleEventType = ReturnLifecycleEvent['type'];

export const returnLifecycleMachine = setup({
  types: {
    context: {} as { kind: ReturnKind },
    input: {} as { kind: ReturnKind },
    events: {} as ReturnLifecycleEvent,
  },
  guards: {
    isReturn: ({ context }) => context.kind === 'return',
    isExchange: ({ context }) => context.kind === 'exchange',
  },
}).createMachine({
  id: 'returnLifecycle',
  description: 'The legal moves of a return or exchange: forward only, rejected until the goods are checked.',
  context: ({ input }) => ({ kind: input.kind }),
  initial: 'requested',
  states: {
    requested: {
      description: 'The shopper asked, within 7 days of delivery, for the lines and reason it names.',
      on: {
        'return.pickupScheduled': { target: 'pickupScheduled', description: 'A courier is booked.' },
        'return.rejected': { target: 'rejected', description: 'Refused before pickup: the note says why.' },
      },
    },
    pickupScheduled: {
      description: 'A courier will collect the parcel.',
      on: {
        'return.pickedUp': { target: 'pickedUp', description: 'The courier collected it.' },
        'return.rejected': { target: 'rejected', description: 'Refused at the door: the note says why.' },
      },
    },
    pickedUp: {
      description: 'On its way back to the warehouse.',
      on: { 'return.received': { target: 'received', description: 'It arrived and passed its check.' } },
    },
    received: {
      description: 'Checked at the warehouse: a return is refunded, an exchange sends the new size.',
      on: {
        'return.refunded': {
          guard: 'isReturn',
          target: 'refunded',
          description: 'The money went back the way it was paid (or to the UPI or bank account given).',
        },
        'return.exchanged': {
          guard: 'isExchange',
          target: 'exchanged',
          description: 'The replacement size was sent.',
        },
        'return.rejected': {
          target: 'rejected',
          description: 'It failed the check (worn, washed, not in its packaging): sent back to the shopper.',
        },
      },
    },
    refunded: { description: 'Refunded: the end of a return.', type: 'final' },
    exchanged: { description: 'Exchanged: the end of an exchange.', type: 'final' },
    rejected: { description: 'Not accepted: the note says why.', type: 'final' },
  },
});

const answered = new Map<string, ReturnStatus | null>();

/**
 * The status `event` moves a return of `kind` in `current` to, or null when the lifecycle does not
 * allow it (the server answers 409). Pure: it runs the machine's transition from `current`.
 */
export function nextReturnStatus(
  current: ReturnStatus,
  kind: ReturnKind,
  event: ReturnLifecycleEventType,
): ReturnStatus | null {
  const key = `${current} ${kind} ${event}`;
  if (answered.has(key)) return answered.get(key) ?? null;
  let reached: ReturnStatus | null = null;
  if ((RETURN_STATUSES as readonly string[]).includes(current)) {
    const from = returnLifecycleMachine.resolveState({ value: current, context: { kind } });
    const [next] = transition(returnLifecycleMachine, from, { type: event } as ReturnLifecycleEvent);
    const value = next.value as ReturnStatus;
    reached = value === current ? null : value;
  }
  answered.set(key, reached);
  return reached;
}
