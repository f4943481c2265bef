/**
 * Issue 24: every refund the shop owes is written with its cause and asked for until the gateway
 * takes it — an operator's cancellation of a paid order, a payment that arrived after its order
 * expired, a gateway that failed (retried by the sweep with backoff, then left for a person).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema';
import type { AppContext } from '../../server/context';
import { mailOutbox, paymentAttempts, refunds } from '../../server/db/schema';
import type { Mail } from '../../server/mail/mailer';
import { runOrderExpiry } from '../../server/order-expiry';
import type { PaymentGateway, RefundOutcome } from '../../server/payments/provider';
import { sandboxGateway } from '../../server/payments/sandbox';
import { runRefundSweep } from '../../server/refunds';
import { applyFulfilmentEvent } from '../../server/repositories/orders';
import { settleAttempt } from '../../server/repositories/payments';
import { REFUND_MAX_ATTEMPTS } from '../../server/repositories/refunds';
import {
  API,
  bearer,
  createTestApp,
  paySandbox,
  placeOrder,
  RecordingMailer,
  registerAndLogin,
  type TestApp,
  testConfig,
} from './helpers';

type PaymentResponse = components['schemas']['PaymentResponse'];

const SECRET = 'refund-test-sandbox-secret';

let t: TestApp;
let token: string;
const mailer = new RecordingMailer();
const silent = { info() {}, error() {} };

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp(
    { payments: { ...base.payments, provider: 'sandbox', sandboxSecret: SECRET, payu: null } },
    { mailer },
  );
  ({ token } = await registerAndLogin(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

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

async function deliver(): Promise<Mail[]> {
  const before = mailer.sent.length;
  await t.app.mailWorker.drain();
  return mailer.sent.slice(before);
}

describe('refunds the sweep asks for', () => {
  it('an operator cancelling a paid order owes the refund in the same transaction; the sweep gets it', async () => {
    const order = await placeOrder(t.app, token);
    await paySandbox(t, token, order.id, SECRET);
    const result = await applyFulfilmentEvent(t.ctx.db, {
      externalId: `cancel-${order.id}`,
      orderId: order.id,
      event: 'order.cancelled',
      actor: 'operator',
      at: new Date(),
      note: 'Out of stock',
    });
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
    const order = await placeOrder(t.app, token);
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/payments`,
      headers: bearer(token),
      payload: {
        orderId: order.id,
        fields: { payerName: 'Asha Verma', email: 'asha@example.in', phone: '+919876543210', method: 'card' },
      },
    });
    const body = started.json<PaymentResponse>();
    const attemptId = decodeURIComponent(
      (body.action?.formParams?.url ?? body.redirectUrl ?? '').split('/payments/sandbox/')[1] ?? '',
    );
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
    const other = await placeOrder(t.app, token);
    await runOrderExpiry(t.ctx.db, 60_000, undefined, new Date(Date.now() + 120_000));
    const [attempt] = await t.ctx.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, other.id));
    expect(attempt).toBeUndefined();
    expect(await refundsOf(other.id)).toHaveLength(0);
  });

  it('retries a failing gateway with backoff, then leaves the refund failed for a person', async () => {
    const order = await placeOrder(t.app, token);
    await paySandbox(t, token, order.id, SECRET);
    await applyFulfilmentEvent(t.ctx.db, {
      externalId: `cancel-retry-${order.id}`,
      orderId: order.id,
      event: 'order.cancelled',
      actor: 'operator',
      at: new Date(),
    });
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
    await t.ctx.db
      .update(refunds)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(refunds.orderId, order.id));
    await runRefundSweep(ctx, [gateway], silent);
    expect(asked).toEqual([afterFailure?.id, afterFailure?.id]);
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'queued',
      gatewayReference: 'R-1',
      attempts: 2,
    });

    // A gateway that never takes it: REFUND_MAX_ATTEMPTS tries, then no more.
    const next = await placeOrder(t.app, token);
    await paySandbox(t, token, next.id, SECRET);
    await applyFulfilmentEvent(t.ctx.db, {
      externalId: `cancel-never-${next.id}`,
      orderId: next.id,
      event: 'order.cancelled',
      actor: 'operator',
      at: new Date(),
    });
    const never = scriptedGateway([...failing, ...failing]);
    for (let i = 0; i < REFUND_MAX_ATTEMPTS + 2; i++) {
      await t.ctx.db
        .update(refunds)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(refunds.orderId, next.id));
      await runRefundSweep(ctx, [never.gateway], silent);
    }
    expect(never.asked).toHaveLength(REFUND_MAX_ATTEMPTS);
    expect((await refundsOf(next.id))[0]).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS });
  });

  it("a shopper's own cancellation asks at once and holds the refund from the sweep meanwhile", async () => {
    const order = await placeOrder(t.app, token);
    await paySandbox(t, token, order.id, SECRET);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: bearer(token),
    });
    expect(response.json().refund.status).toBe('recorded');
    expect((await refundsOf(order.id))[0]).toMatchObject({
      status: 'recorded',
      attempts: 1,
      lockedUntil: null,
    });
  });
});
