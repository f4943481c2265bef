import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema';
import { paymentsConfigFrom } from '../../server/config';
import { refunds } from '../../server/db/schema';
import { ORDER_ALREADY_CANCELLED, ORDER_ALREADY_SHIPPED } from '../../server/handlers/orders.handlers';
import { createPayuProvider, payuGateway, payuResponseHash } from '../../server/payments/payu';
import { sandboxGateway } from '../../server/payments/sandbox';
import { applyFulfilmentEvent } from '../../server/repositories/orders';
import { refundExpectedBy } from '../../server/repositories/refunds';
import {
  API,
  bearer,
  createTestApp,
  paySandbox as paySandboxWith,
  placeOrder,
  registerAndLogin,
  type TestApp,
} from './helpers';

type Order = components['schemas']['Order'];
type CancelledOrder = components['schemas']['CancelledOrder'];
type PaymentResponse = components['schemas']['PaymentResponse'];

const PUBLIC_URL = 'https://shop.example.in';
const SECRET = 'cancel-test-secret';
const FIELDS = { payerName: 'Asha Verma', email: 'asha@example.in', phone: '+919876543210', method: 'card' };

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
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      publicUrl: PUBLIC_URL,
      payments: {
        provider: 'sandbox',
        sandboxSecret: SECRET,
        payu: null,
        upiVpa: 'statefront@upi',
        upiPayeeName: 'Statefront Clothing',
      },
    });
    ({ token } = await registerAndLogin(t.app));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Pays an order through the sandbox; it is then Processing. */
  async function paySandbox(order: Order) {
    const attemptId = await paySandboxWith(t, token, order.id, SECRET);
    const orders = await t.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
    expect(orders.json<Order[]>().find((o) => o.id === order.id)?.status).toBe(1);
    return attemptId;
  }

  it('cancels a Pending order: status 4, the shopper on the timeline, no refund', async () => {
    const order = await placeOrder(t.app, token);
    const response = await cancel(t.app, order.id, token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.refund).toBeNull();
    expect(body.order.id).toBe(order.id);
    expect(body.order.status).toBe(4);
    expect(body.order.items).toHaveLength(order.items?.length ?? 0);
    const last = body.order.timeline?.at(-1);
    expect(last).toMatchObject({ from: 0, to: 4, actor: 'shopper', note: 'Cancelled by the shopper' });
    expect(await refundRows(t, order.id)).toHaveLength(0);
    // The list shows it cancelled too.
    const orders = await t.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
    expect(orders.json<Order[]>().find((o) => o.id === order.id)?.status).toBe(4);
  });

  it('accepts the order id in lower case', async () => {
    const order = await placeOrder(t.app, token);
    const response = await cancel(t.app, order.id.toLowerCase(), token);
    expect(response.statusCode).toBe(200);
  });

  it('cancels a paid order and records a sandbox refund of the order total', async () => {
    const order = await placeOrder(t.app, token);
    const attemptId = await paySandbox(order);
    const response = await cancel(t.app, order.id, token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.order.status).toBe(4);
    expect(body.order.timeline?.at(-1)).toMatchObject({ from: 1, to: 4, actor: 'shopper' });
    expect(body.refund).toEqual({ amount: order.total, status: 'recorded', expectedBy: refundExpectedBy() });
    const rows = await refundRows(t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attemptId, provider: 'sandbox', status: 'recorded', error: null });
    expect(rows[0]?.amountPaise).toBe(Math.round((order.total ?? 0) * 100));

    // A second cancel is refused and refunds nothing more.
    const again = await cancel(t.app, order.id, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ORDER_ALREADY_CANCELLED });
    expect(await refundRows(t, order.id)).toHaveLength(1);
  });

  it('refuses a shipped order with 409 and leaves it shipped', async () => {
    const order = await placeOrder(t.app, token);
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
    const response = await cancel(t.app, order.id, token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: ORDER_ALREADY_SHIPPED });
    const orders = await t.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
    expect(orders.json<Order[]>().find((o) => o.id === order.id)?.status).toBe(2);
    expect(await refundRows(t, order.id)).toHaveLength(0);
  });

  it("answers 404 for someone else's order and leaves it alone", async () => {
    const order = await placeOrder(t.app, token);
    const other = await registerAndLogin(t.app);
    const response = await cancel(t.app, order.id, other.token);
    expect(response.statusCode).toBe(404);
    const orders = await t.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
    expect(orders.json<Order[]>().find((o) => o.id === order.id)?.status).toBe(0);
  });

  it('answers 404 for an order that does not exist', async () => {
    expect((await cancel(t.app, 'SF-0000000000000000', token)).statusCode).toBe(404);
    expect((await cancel(t.app, 'not-an-order', token)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const order = await placeOrder(t.app, token);
    expect((await cancel(t.app, order.id)).statusCode).toBe(401);
  });
});

describe('POST /orders/{orderId}/cancel with PayU', () => {
  const KEY = 'gtKFFx';
  const SALT = 'eCwWELxi';
  const MIHPAYID = '403993715521937';
  const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');
  let t: TestApp;
  let token: string;
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

  beforeAll(async () => {
    t = await createTestApp(
      {
        publicUrl: PUBLIC_URL,
        payments: paymentsConfigFrom({
          PAYU_KEY: KEY,
          PAYU_SALT: SALT,
          PAYU_MODE: 'test',
          SANDBOX_SECRET: 's',
        }),
      },
      {
        gateways: [
          sandboxGateway,
          { ...payuGateway, create: (ctx) => createPayuProvider(ctx, { fetch: fakeFetch, timeoutMs: 200 }) },
        ],
      },
    );
    ({ token } = await registerAndLogin(t.app));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Starts a PayU payment and posts PayU's signed success callback: the order is then Processing. */
  async function payPayu(order: Order) {
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/payments`,
      headers: bearer(token),
      payload: { orderId: order.id, fields: FIELDS },
    });
    expect(started.statusCode).toBe(200);
    const data = started.json<PaymentResponse>().action?.formParams?.data ?? {};
    const body: Record<string, string> = {
      mihpayid: MIHPAYID,
      mode: 'CC',
      status: 'success',
      key: KEY,
      txnid: data.txnid ?? '',
      amount: data.amount ?? '',
      productinfo: data.productinfo ?? '',
      firstname: data.firstname ?? '',
      email: data.email ?? '',
    };
    body.hash = payuResponseHash(
      {
        key: KEY,
        txnid: body.txnid ?? '',
        amount: body.amount ?? '',
        productinfo: body.productinfo ?? '',
        firstname: body.firstname ?? '',
        email: body.email ?? '',
        status: 'success',
      },
      SALT,
    );
    const callback = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/payu/callback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
    expect(callback.statusCode).toBeLessThan(400);
    const orders = await t.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
    expect(orders.json<Order[]>().find((o) => o.id === order.id)?.status).toBe(1);
  }

  it("posts PayU's cancel_refund_transaction and answers queued when PayU says status 1", async () => {
    const order = await placeOrder(t.app, token);
    await payPayu(order);
    posted.length = 0;
    answer = async () =>
      Response.json({ status: 1, msg: 'Refund Request Queued', request_id: '131850236', mihpayid: MIHPAYID });
    const response = await cancel(t.app, order.id, token);
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
    expect(form?.get('key')).toBe(KEY);
    expect(form?.get('command')).toBe('cancel_refund_transaction');
    expect(form?.get('var1')).toBe(MIHPAYID);
    expect(form?.get('var2')).toBe(rows[0]?.id);
    expect(form?.get('var3')).toBe((order.total ?? 0).toFixed(2));
    expect(form?.get('hash')).toBe(sha512(`${KEY}|cancel_refund_transaction|${MIHPAYID}|${SALT}`));
    expect(rows[0]).toMatchObject({ provider: 'payu', status: 'queued', gatewayReference: '131850236' });
  });

  it('answers failed (the order still cancelled) when PayU refuses the refund', async () => {
    const order = await placeOrder(t.app, token);
    await payPayu(order);
    answer = async () => Response.json({ status: 0, msg: 'Invalid amount' });
    const response = await cancel(t.app, order.id, token);
    expect(response.statusCode).toBe(200);
    const body = response.json<CancelledOrder>();
    expect(body.order.status).toBe(4);
    expect(body.refund?.status).toBe('failed');
    const rows = await refundRows(t, order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', error: 'Invalid amount' });
  });

  it('answers failed when PayU cannot be reached or does not answer in time', async () => {
    const unreachable = await placeOrder(t.app, token);
    await payPayu(unreachable);
    answer = async () => {
      throw new TypeError('fetch failed');
    };
    const first = await cancel(t.app, unreachable.id, token);
    expect(first.statusCode).toBe(200);
    expect(first.json<CancelledOrder>().refund?.status).toBe('failed');
    expect((await refundRows(t, unreachable.id))[0]?.error).toContain('fetch failed');

    const slow = await placeOrder(t.app, token);
    await payPayu(slow);
    // Never answers: the provider's timeout (200 ms here, 10 s in production) aborts it.
    answer = () => new Promise<Response>(() => {});
    const second = await cancel(t.app, slow.id, token);
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
