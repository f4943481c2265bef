/**
 * Unpaid-order expiry (docs/operations.md): an order still Pending after ORDER_PAYMENT_WINDOW is cancelled by
 * the timer, once, even when two runs race; a payment confirmation that arrives afterwards is refused and
 * recorded. Time is passed in (`now`), never waited for.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents } from '../../server/db/schema';
import { runOrderExpiry } from '../../server/orders/order-expiry';
import { settleAttempt } from '../../server/payments/payments.repository';
import { myOrder, placeOrder, placePaidOrder, setupShopper, setupTestApp, startPayment } from './helpers';

const WINDOW = 30 * 60_000;
const t = setupTestApp();
const shopper = setupShopper(t);

const later = (ms: number) => new Date(Date.now() + ms);

async function startedAttempt(orderId: string): Promise<string> {
  const { response, attemptId } = await startPayment(t.app, shopper.token, orderId);
  expect(response.statusCode).toBe(200);
  return attemptId;
}

const mine = (orderId: string) => myOrder(t.app, shopper.token, orderId);

const eventsOf = (orderId: string) =>
  t.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

describe('unpaid order expiry', () => {
  it('leaves an order alone inside the window and cancels it after, by the timer', async () => {
    const order = await placeOrder(t.app, shopper.token);
    expect(await runOrderExpiry(t.ctx.db, WINDOW, undefined, later(WINDOW - 60_000))).not.toContain(order.id);
    expect((await mine(order.id))?.status).toBe(0);

    expect(await runOrderExpiry(t.ctx.db, WINDOW, undefined, later(WINDOW + 1000))).toContain(order.id);
    const cancelled = await mine(order.id);
    expect(cancelled?.status).toBe(4);
    expect(cancelled?.timeline?.at(-1)).toMatchObject({ from: 0, to: 4, actor: 'timer' });
    // Nothing left to do: a second run moves nothing.
    expect(await runOrderExpiry(t.ctx.db, WINDOW, undefined, later(WINDOW + 2000))).not.toContain(order.id);
    expect((await eventsOf(order.id)).filter((e) => e.actor === 'timer')).toHaveLength(1);
  });

  it('never touches a paid order', async () => {
    const order = await placePaidOrder(t, shopper.token);
    expect(await runOrderExpiry(t.ctx.db, WINDOW, undefined, later(WINDOW * 10))).not.toContain(order.id);
    expect((await mine(order.id))?.status).toBe(1);
  });

  it('cancels each order once when two runs race', async () => {
    const placed = await Promise.all([1, 2, 3].map(() => placeOrder(t.app, shopper.token)));
    const ids = placed.map((o) => o.id);
    const now = later(WINDOW + 1000);
    const [a, b] = await Promise.all([
      runOrderExpiry(t.ctx.db, WINDOW, undefined, now),
      runOrderExpiry(t.ctx.db, WINDOW, undefined, now),
    ]);
    const mineExpired = [...a, ...b].filter((id) => ids.includes(id));
    expect(mineExpired.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await eventsOf(id)).filter((e) => e.toStatus === 4)).toHaveLength(1);
  });

  it('refuses a payment confirmed after the order expired, and records it', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startedAttempt(order.id);
    expect(await runOrderExpiry(t.ctx.db, WINDOW, undefined, later(WINDOW + 1000))).toContain(order.id);
    const settled = await settleAttempt(t.ctx.db, attemptId, 'success', { gateway: 'sandbox' });
    expect(settled).toMatchObject({ status: 'failed', refused: true, orderMoved: false });
    expect((await mine(order.id))?.status).toBe(4);
    const refusal = (await eventsOf(order.id)).at(-1);
    expect(refusal).toMatchObject({ applied: false, fromStatus: 4, toStatus: 4, actor: 'gateway' });
    expect(refusal?.note).toMatch(/refused: the order is cancelled/);
    // Not on the shopper's timeline: it changed nothing.
    expect((await mine(order.id))?.timeline?.map((e) => e.to)).toEqual([0, 4]);
    // And a new payment is not even started.
    const { response: again } = await startPayment(t.app, shopper.token, order.id);
    expect(again.statusCode).toBe(409);
  });
});
