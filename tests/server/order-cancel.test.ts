import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CancelledOrder } from '../../contract/schema';
import { refunds } from '../../server/db/schema';
import { ORDER_ALREADY_CANCELLED, ORDER_ALREADY_SHIPPED } from '../../server/orders/orders.handlers';
import { applyFulfilmentEvent } from '../../server/orders/orders.repository';
import { createPayuProvider, payuGateway } from '../../server/payments/payu';
import { refundExpectedBy } from '../../server/payments/refunds.repository';
import { sandboxGateway } from '../../server/payments/sandbox';
import {
  API,
  bearer,
  myOrder,
  type Order,
  paySandbox as paySandboxWith,
  placeOrder,
  registerAndLogin,
  sandboxPayments,
  setupShopper,
  setupTestApp,
  startPayment,
  TEST_UPI,
  type TestApp,
} from './helpers';
import { PAYU_KEY, PAYU_SALT, payuCallbackFor, payuConfig, postPayuCallback } from './payu';

const PUBLIC_URL = 'https://shop.example.in';
const SECRET = 'cancel-test-secret';

function cancel(app: TestApp['app'], orderId: string, token?: string) {
  return app.inject({
    method: 'POST',
    url: `${API}/orders/${encodeURIComponent(orderId)}/cancel`,
    headers: token ? bearer(token) : {},
  });
}

async function refundRows(t: TestApp, orderId: string) {
  return t.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

describe('POST /orders/{orderId}/cancel with the sandbox gateway', () => {
  const t = setupTestApp({
    publicUrl: PUBLIC_URL,
    payments: sandboxPayments(SECRET, TEST_UPI),
  });
  const shopper = setupShopper(t);

  /** Pays an order through the sandbox; it is then Processing. */
  async function paySandbox(order: Order) {
    const attemptId = await paySandboxWith(t, shopper.token, order.id, SECRET);
    expect((await myOrder(t.app, shopper.token, order.id))?.status).toBe(1);
    return attemptId;
  }

  it('cancels a Pending order: status 4, the shopper on the timeline, no refund', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await cancel(t.app, order.id, shopper.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.refund).toBeNull();
    expect(body.order.id).toBe(order.id);
    expect(body.order.status).toBe(4);
    expect(body.order.items).toHaveLength(order.items?.length ?? 0);
    const last = body.order.timeline?.at(-1);
    expect(last).toMatchObject({ from: 0, to: 4, actor: 'shopper', note: 'Cancelled by the shopper' });
    expect(await refundRows(t, order.id)).toHaveLength(0);
    // The list shows it cancelled too, with nothing to refund.
    const listed = await myOrder(t.app, shopper.token, order.id);
    expect(listed?.status).toBe(4);
    expect(listed?.refund).toBeNull();
    expect(body.order.refund).toBeNull();
  });

  it('accepts the order id in lower case', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await cancel(t.app, order.id.toLowerCase(), shopper.token);
    expect(response.statusCode).toBe(200);
  });

  it('cancels a paid order and records a sandbox refund of the order total', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await paySandbox(order);
    const response = await cancel(t.app, order.id, shopper.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.order.status).toBe(4);
    expect(body.order.timeline?.at(-1)).toMatchObject({ from: 1, to: 4, actor: 'shopper' });
    expect(body.refund).toEqual({ amount: order.total, status: 'recorded', expectedBy: refundExpectedBy() });
    const rows = await refundRows(t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attemptId, provider: 'sandbox', status: 'recorded', error: null });
    expect(rows[0]?.amountPaise).toBe(Math.round((order.total ?? 0) * 100));
    // The order carries its refund from now on: in this answer and in My Orders.
    expect(body.order.refund).toEqual(body.refund);
    expect((await myOrder(t.app, shopper.token, order.id))?.refund).toEqual(body.refund);

    // A second cancel is refused and refunds nothing more.
    const again = await cancel(t.app, order.id, shopper.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ORDER_ALREADY_CANCELLED });
    expect(await refundRows(t, order.id)).toHaveLength(1);
  });

  it('refuses a shipped order with 409 and leaves it shipped', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await paySandbox(order);
    const shipped = await applyFulfilmentEvent(t.ctx.db, {
      externalId: `ship-${order.id}`,
      orderId: order.id,
      event: 'fulfilment.shipped',
      actor: 'courier',
      at: new Date(),
      carrier: 'Delhivery',
      trackingNumber: 'DL123',
    });
    expect(shipped).toMatchObject({ kind: 'recorded', status: 2 });
    const response = await cancel(t.app, order.id, shopper.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: ORDER_ALREADY_SHIPPED });
    expect((await myOrder(t.app, shopper.token, order.id))?.status).toBe(2);
    expect(await refundRows(t, order.id)).toHaveLength(0);
  });

  it("answers 404 for someone else's order and leaves it alone", async () => {
    const order = await placeOrder(t.app, shopper.token);
    const other = await registerAndLogin(t.app);
    const response = await cancel(t.app, order.id, other.token);
    expect(response.statusCode).toBe(404);
    expect((await myOrder(t.app, shopper.token, order.id))?.status).toBe(0);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await cancel(t.app, 'SF-0000000000000000', shopper.token)).statusCode).toBe(404);
    expect((await cancel(t.app, 'not-an-order', shopper.token)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const order = await placeOrder(t.app, shopper.token);
    expect((await cancel(t.app, order.id)).statusCode).toBe(401);
  });
});

describe('POST /orders/{orderId}/cancel with PayU', () => {
  const MIHPAYID = '403993715521937';
  const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');
  const posted: Array<{ url: string; body: URLSearchParams }> = [];
  let answer: () => Promise<Response> = async () => new Response('{}');

  const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
    posted.push({ url: String(url), body: new URLSearchParams(String(init?.body ?? '')) });
    // Like the real fetch, it gives up when the caller's signal aborts (the provider's timeout).
    const signal = init?.signal;
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason));
    });
    return Promise.race([answer(), aborted]);
  }) as typeof fetch;

  const t = setupTestApp(payuConfig(PUBLIC_URL), {
    gateways: [
      sandboxGateway,
      { ...payuGateway, create: (ctx) => createPayuProvider(ctx, { fetch: fakeFetch, timeoutMs: 200 }) },
    ],
  });
  const shopper = setupShopper(t);

  /** Starts a PayU payment and posts PayU's signed success callback: the order is then Processing. */
  async function payPayu(order: Order) {
    const { response: started, body: startedBody } = await startPayment(t.app, shopper.token, order.id);
    expect(started.statusCode).toBe(200);
    const data = startedBody.action?.formParams?.data ?? {};
    const callback = await postPayuCallback(t.app, payuCallbackFor(data, { mihpayid: MIHPAYID }));
    expect(callback.statusCode).toBeLessThan(400);
    expect((await myOrder(t.app, shopper.token, order.id))?.status).toBe(1);
  }

  it("posts PayU's cancel_refund_transaction and answers queued when PayU says status 1", async () => {
    const order = await placeOrder(t.app, shopper.token);
    await payPayu(order);
    posted.length = 0;
    answer = async () =>
      Response.json({ status: 1, msg: 'Refund Request Queued', request_id: '131850236', mihpayid: MIHPAYID });
    const response = await cancel(t.app, order.id, shopper.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.order.status).toBe(4);
    expect(body.refund).toEqual({ amount: order.total, status: 'queued', expectedBy: refundExpectedBy() });

    expect(posted).toHaveLength(1);
    const [request] = posted;
    expect(request?.url).toBe('https://test.payu.in/merchant/postservice.php?form=2');
    const form = request?.body;
    const rows = await refundRows(t, order.id);
    expect(rows).toHaveLength(1);
    expect(form?.get('key')).toBe(PAYU_KEY);
    expect(form?.get('command')).toBe('cancel_refund_transaction');
    expect(form?.get('var1')).toBe(MIHPAYID);
    expect(form?.get('var2')).toBe(rows[0]?.id);
    expect(form?.get('var3')).toBe((order.total ?? 0).toFixed(2));
    expect(form?.get('hash')).toBe(sha512(`${PAYU_KEY}|cancel_refund_transaction|${MIHPAYID}|${PAYU_SALT}`));
    expect(rows[0]).toMatchObject({ provider: 'payu', status: 'queued', gatewayReference: '131850236' });
  });

  it('answers failed (the order still cancelled) when PayU refuses the refund', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await payPayu(order);
    answer = async () => Response.json({ status: 0, msg: 'Invalid amount' });
    const response = await cancel(t.app, order.id, shopper.token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.order.status).toBe(4);
    expect(body.refund?.status).toBe('failed');
    const rows = await refundRows(t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', error: 'Invalid amount' });
    expect((await myOrder(t.app, shopper.token, order.id))?.refund).toEqual({
      amount: order.total,
      status: 'failed',
      expectedBy: refundExpectedBy(),
    });
  });

  it('answers failed when PayU cannot be reached or does not answer in time', async () => {
    const unreachable = await placeOrder(t.app, shopper.token);
    await payPayu(unreachable);
    answer = async () => {
      throw new TypeError('fetch failed');
    };
    const first = await cancel(t.app, unreachable.id, shopper.token);
    expect(first.statusCode).toBe(200);
    expect(first.json<CancelledOrder>().refund?.status).toBe('failed');
    expect((await refundRows(t, unreachable.id))[0]?.error).toContain('fetch failed');

    const slow = await placeOrder(t.app, shopper.token);
    await payPayu(slow);
    // Never answers: the provider's timeout (200 ms here, 10 s in production) aborts it.
    answer = () => new Promise<Response>(() => {});
    const second = await cancel(t.app, slow.id, shopper.token);
    expect(second.statusCode).toBe(200);
    expect(second.json<CancelledOrder>().order.status).toBe(4);
    expect(second.json<CancelledOrder>().refund?.status).toBe('failed');
  });
});

describe('refundExpectedBy', () => {
  it('is the date in India plus 7 calendar days', () => {
    expect(refundExpectedBy(new Date('2026-11-26T10:00:00Z'))).toBe('2026-12-03');
    // 20:00 UTC is already the next day in India (01:30 IST).
    expect(refundExpectedBy(new Date('2026-11-26T20:00:00Z'))).toBe('2026-12-04');
    expect(refundExpectedBy(new Date('2026-12-28T12:00:00Z'))).toBe('2027-01-04');
  });
});
