import { describe, expect, it } from 'vitest';
import {
  alreadyPast,
  nextStatus,
  ORDER_STATUS,
  type OrderLifecycleEventType,
  orderLifecycleMachine,
} from '../../shared/order-lifecycle';

const EVENTS: OrderLifecycleEventType[] = [
  'payment.confirmed',
  'payment.cashOnDelivery',
  'fulfilment.shipped',
  'fulfilment.delivered',
  'order.cancelled',
  'payment.windowExpired',
];
const { pending, processing, shipped, delivered, cancelled } = ORDER_STATUS;

/** Every legal move, and nothing else: [from, event, to]. */
const LEGAL: Array<[number, OrderLifecycleEventType, number]> = [
  [pending, 'payment.confirmed', processing],
  [pending, 'payment.cashOnDelivery', processing],
  [pending, 'order.cancelled', cancelled],
  [pending, 'payment.windowExpired', cancelled],
  [processing, 'fulfilment.shipped', shipped],
  [processing, 'order.cancelled', cancelled],
  [shipped, 'fulfilment.delivered', delivered],
];

describe('order lifecycle', () => {
  it.each(LEGAL)('moves %i on %s to %i', (from, event, to) => {
    expect(nextStatus(from, event)).toBe(to);
  });

  it('refuses every other move, so nothing goes backwards or skips a step', () => {
    const legal = new Set(LEGAL.map(([from, event]) => `${from} ${event}`));
    let refused = 0;
    for (const from of Object.values(ORDER_STATUS)) {
      for (const event of EVENTS) {
        if (legal.has(`${from} ${event}`)) continue;
        expect(nextStatus(from, event), `${from} on ${event}`).toBeNull();
        refused++;
      }
    }
    expect(refused).toBe(5 * EVENTS.length - LEGAL.length);
  });

  it('knows no status outside 0–4', () => {
    expect(nextStatus(7, 'payment.confirmed')).toBeNull();
    expect(nextStatus(-1, 'order.cancelled')).toBeNull();
  });

  it('never lets a status reach a lower one except Cancelled from 0/1', () => {
    for (const [from, , to] of LEGAL) {
      if (to !== cancelled) expect(to).toBeGreaterThan(from);
      else expect([pending, processing]).toContain(from);
    }
  });

  it('ends at Delivered and Cancelled, and describes every state', () => {
    const states = orderLifecycleMachine.root.states;
    expect(Object.keys(states)).toEqual(['pending', 'processing', 'shipped', 'delivered', 'cancelled']);
    expect(states.delivered?.type).toBe('final');
    expect(states.cancelled?.type).toBe('final');
    for (const [name, node] of Object.entries(states)) expect(node.description, name).toBeTruthy();
  });

  it('calls an event late when the order is already at or past its target', () => {
    expect(alreadyPast(delivered, 'fulfilment.shipped')).toBe(true);
    expect(alreadyPast(shipped, 'fulfilment.shipped')).toBe(true);
    expect(alreadyPast(delivered, 'fulfilment.delivered')).toBe(true);
    expect(alreadyPast(cancelled, 'order.cancelled')).toBe(true);
    expect(alreadyPast(processing, 'fulfilment.shipped')).toBe(false);
    expect(alreadyPast(pending, 'fulfilment.delivered')).toBe(false);
    expect(alreadyPast(cancelled, 'fulfilment.shipped')).toBe(false);
    expect(alreadyPast(delivered, 'order.cancelled')).toBe(false);
  });
});
