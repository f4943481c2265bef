/**
 * Refunds (docs/operations.md): every refund the shop owes is written with its cause and asked for until the
 * gateway takes it — an operator's cancellation of a paid order, a payment that arrived after its order
 * expired, a gateway that failed (retried by the sweep with backoff, then left for a person).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { mailOutbox, paymentAttempts, refunds } from '../../server/db/schema';
import { runOrderExpiry } from '../../server/orders/order-expiry';
import { applyFulfilmentEvent } from '../../server/orders/orders.repository';
import { settleAttempt } from '../../server/payments/payments.repository';
import type { PaymentGateway, RefundOutcome } from '../../server/payments/provider';
import { runRefundSweep } from '../../server/payments/refunds';
import { REFUND_MAX_ATTEMPTS } from '../../server/payments/refunds.repository';
import { sandboxGateway } from '../../server/payments/sandbox';
import {
  API,
  bearer,
  paySandbox,
  placeOrder,
  RecordingMailer,
  sandboxPayments,
  setupShopper,
  setupTestApp,
  startPayment,
} from './helpers';

const SECRET = 'refund-test-sandbox-secret';

const mailer = new RecordingMailer();
const silent = { info() {}, error() {} };
const t = setupTestApp({ payments: sandboxPayments(SECRET) }, { mailer });
const shopper = setupShopper(t);

const refundsOf = (orderId: string) => t.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));

/** The sandbox gateway whose refunds answer `answers` in turn (then 'recorded'). */
function scriptedGateway(answers: RefundOutcome[]): { gateway: PaymentGateway; asked: string[] } {
  const asked: string[] = [];
  const gateway: PaymentGateway = {
    ...sandboxGateway,
    create: (ctx: AppContext) => ({
      ...sandboxGateway.create(ctx),
      async refund(_attempt, _amount, refundId) {
        asked.push(refundId);
        return answers.shift() ?? { status: 'recorded' };
      },
    }),
  };
  return { gateway, asked };
}

const deliver = () => mailer.deliverFrom(t.app);

/** A paid order that the operator then cancels (a fulfilment event, id `<prefix>-<order id>`). */
async function paidOrderCancelledByOperator(prefix: string, note?: string) {
  const order = await placeOrder(t.app, shopper.token);
  await paySandbox(t, shopper.token, order.id, SECRET);
  const result = await applyFulfilmentEvent(t.ctx.db, {
    externalId: `${prefix}-${order.id}`,
    orderId: order.id,
    event: 'order.cancelled',
    actor: 'operator',
    at: new Date(),
    ...(note === undefined ? {} : { note }),
  });
  return { order, result };
}

/** Makes the order's refund due now, instead of waiting out its backoff. */
const makeDue = (orderId: string) =>
  t.ctx.db
    .update(refunds)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(refunds.orderId, orderId));

describe('refunds the sweep asks for', () => {
  it('an operator cancelling a paid order owes the refund in the same transaction; the sweep gets it', async () => {
    const { order, result } = await paidOrderCancelledByOperator('cancel', 'Out of stock');
    expect(result).toMatchObject({ kind: 'recorded', status: 4 });
    const [owed] = await refundsOf(order.id);
    expect(owed).toMatchObject({
      status: 'pending',
      amountPaise: Math.round(order.total * 100),
      attempts: 0,
    });

    expect(await t.app.refundSweep()).toBeGreaterThanOrEqual(1);
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'recorded',
      attempts: 1,
      lockedUntil: null,
    });
    // Asked once: the next sweep has nothing of it to do.
    await t.app.refundSweep();
    expect((await refundsOf(order.id))[0]?.attempts).toBe(1);
    const mail = (await deliver()).find((m) => m.subject === `Your order ${order.id} is cancelled`);
    expect(mail?.text).toContain('(out of stock)');
    expect(mail?.text).toMatch(/We are refunding ₹[\d,]+\.\d\d to the way you paid/);
  });

  it('a payment confirmed after its order expired is refunded, and the shopper is told why', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const { attemptId } = await startPayment(t.app, shopper.token, order.id);
    await runOrderExpiry(t.ctx.db, 60_000, undefined, new Date(Date.now() + 120_000));
    const settled = await settleAttempt(t.ctx.db, attemptId, 'success', { gateway: 'sandbox' });
    expect(settled).toMatchObject({ refused: true });
    const [owed] = await refundsOf(order.id);
    expect(owed).toMatchObject({ attemptId, status: 'pending' });
    const [mailRow] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `refund:${owed?.id}`));
    expect(mailRow?.template).toBe('payment.refunded');

    await t.app.refundSweep();
    expect((await refundsOf(order.id))[0]?.status).toBe('recorded');
    const mail = (await deliver()).find(
      (m) => m.subject === `We are refunding a payment for order ${order.id}`,
    );
    expect(mail?.text).toContain('after the order could no longer be paid');
    // A failed (not captured) confirmation owes nothing.
    const other = await placeOrder(t.app, shopper.token);
    await runOrderExpiry(t.ctx.db, 60_000, undefined, new Date(Date.now() + 120_000));
    const [attempt] = await t.ctx.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, other.id));
    expect(attempt).toBeUndefined();
    expect(await refundsOf(other.id)).toHaveLength(0);
  });

  it('retries a failing gateway with backoff, then leaves the refund failed for a person', async () => {
    const { order } = await paidOrderCancelledByOperator('cancel-retry');
    const failing = Array.from({ length: REFUND_MAX_ATTEMPTS }, () => ({
      status: 'failed' as const,
      error: 'gateway timeout',
    }));
    const { gateway, asked } = scriptedGateway([
      failing[0] as RefundOutcome,
      { status: 'queued', gatewayReference: 'R-1' },
    ]);
    const ctx = { db: t.ctx.db, config: t.ctx.config, store: t.ctx.store, log: t.ctx.log };
    await runRefundSweep(ctx, [gateway], silent);
    const [afterFailure] = await refundsOf(order.id);
    expect(afterFailure).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'gateway timeout',
      lockedUntil: null,
    });
    // Backoff: the next try is a minute away; a sweep before then leaves it alone.
    expect(afterFailure?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await runRefundSweep(ctx, [gateway], silent);
    expect(asked).toHaveLength(1);
    // Once due (moved here rather than waited for), it is asked again under the same refund id.
    await makeDue(order.id);
    await runRefundSweep(ctx, [gateway], silent);
    expect(asked).toEqual([afterFailure?.id, afterFailure?.id]);
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'queued',
      gatewayReference: 'R-1',
      attempts: 2,
    });

    // A gateway that never takes it: REFUND_MAX_ATTEMPTS tries, then no more.
    const { order: next } = await paidOrderCancelledByOperator('cancel-never');
    const never = scriptedGateway([...failing, ...failing]);
    for (let i = 0; i < REFUND_MAX_ATTEMPTS + 2; i++) {
      await makeDue(next.id);
      await runRefundSweep(ctx, [never.gateway], silent);
    }
    expect(never.asked).toHaveLength(REFUND_MAX_ATTEMPTS);
    expect((await refundsOf(next.id))[0]).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS });
  });

  it('mails a cancellation whose refund failed as owed, not as money on its way', async () => {
    const failed = { status: 'failed' as const, error: 'gateway timeout' };
    const ctx = { db: t.ctx.db, config: t.ctx.config, store: t.ctx.store, log: t.ctx.log };
    const cancellationOf = async (orderId: string) => {
      const mails = (await deliver()).filter((mail) => mail.subject === `Your order ${orderId} is cancelled`);
      expect(mails).toHaveLength(1);
      return mails[0]?.text ?? '';
    };
    await deliver();

    // Refused once, asked again by the sweep later: owed, being asked again.
    const { order: retried } = await paidOrderCancelledByOperator('mail-retry');
    await runRefundSweep(ctx, [scriptedGateway([failed]).gateway], silent);
    const retrying = await cancellationOf(retried.id);
    expect(retrying).toMatch(
      /We owe you a refund of ₹[\d,]+\.\d\d\. Your payment provider has not taken it yet/,
    );
    expect(retrying).not.toContain('should be back by');

    // Refused every time: a person refunds it by hand, and the shopper knows whom to ask.
    const { order: refused } = await paidOrderCancelledByOperator('mail-never');
    const never = scriptedGateway(Array.from({ length: REFUND_MAX_ATTEMPTS }, () => failed));
    for (let i = 0; i < REFUND_MAX_ATTEMPTS; i++) {
      await makeDue(refused.id);
      await runRefundSweep(ctx, [never.gateway], silent);
    }
    const byHand = await cancellationOf(refused.id);
    expect(byHand).toContain('our team will refund it to the way you paid by hand');
    expect(byHand).toContain('care@statefront.in');
    expect(byHand).not.toContain('should be back by');
  });

  it("a shopper's own cancellation asks at once and holds the refund from the sweep meanwhile", async () => {
    const order = await placeOrder(t.app, shopper.token);
    await paySandbox(t, shopper.token, order.id, SECRET);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: bearer(shopper.token),
    });
    expect(response.json().refund.status).toBe('recorded');
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'recorded',
      attempts: 1,
      lockedUntil: null,
    });
  });
});
