/**
 * Cash on delivery (docs/payments.md). Offered among the server-driven payment fields only for the
 * shopper's own Pending order within COD_LIMIT; choosing it moves the order to Processing (actor
 * 'shopper', 'Cash on delivery: pay ₹X on delivery') with no gateway; delivery makes it paid; a
 * cancellation refunds nothing; the expiry job leaves it alone. A real app on a fresh database.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, paymentAttempts, refunds } from '../../server/db/schema';
import { codLimitFrom, DEFAULT_COD_LIMIT_RUPEES, loadConfig } from '../../server/infra/config';
import { signFulfilment } from '../../server/orders/fulfilment.handlers';
import { runOrderExpiry } from '../../server/orders/order-expiry';
import { isCodEligible } from '../../server/payments/cod';
import { formatRupees, paiseOf } from '../../shared/money';
import {
  API,
  bearer,
  createTestApp,
  injectSigned,
  type Order,
  type PaymentField,
  placeOrder,
  registerAndLogin,
  startPayment,
  type TestApp,
  testConfig,
} from './helpers';

const SECRET = 'cod-test-fulfilment-secret-0123456789abcdef';
/** The test shop's limit: ₹2,000, so the catalogue has orders on both sides of it. */
const LIMIT_RUPEES = 2000;

let t: TestApp;
let token: string;
/** Product ids by price: one cheap line stays under the limit, ten of the dearest go over it. */
let cheap: { id: string; price: number };
let dear: { id: string; price: number };

beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({
    payments: { ...base.payments, codLimitPaise: LIMIT_RUPEES * 100 },
    lifecycle: { ...base.lifecycle, fulfilmentSecret: SECRET },
  });
  ({ token } = await registerAndLogin(t.app));
  const page = await t.app.inject({ method: 'GET', url: `${API}/products?limit=60` });
  const products = page
    .json<{ data: { id: string; regularPrice: number; discountedPrice?: number | null }[] }>()
    .data.map((p) => ({ id: p.id, price: p.discountedPrice ?? p.regularPrice }))
    .sort((a, b) => a.price - b.price);
  cheap = products[0] as typeof cheap;
  dear = products.at(-1) as typeof dear;
  expect(cheap.price).toBeLessThanOrEqual(LIMIT_RUPEES);
  expect(dear.price * 10).toBeGreaterThan(LIMIT_RUPEES);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const smallOrder = () => placeOrder(t.app, token, { [cheap.id]: 1 });
const largeOrder = () => placeOrder(t.app, token, { [dear.id]: 10 });

async function methodsOffered(orderId: string | null, auth = token): Promise<string[]> {
  const query = orderId === null ? '' : `?orderId=${encodeURIComponent(orderId)}`;
  const response = await t.app.inject({
    method: 'GET',
    url: `${API}/payments/fields${query}`,
    headers: auth ? bearer(auth) : {},
  });
  expect(response.statusCode).toBe(200);
  const { fields } = response.json<{ fields: PaymentField[] }>();
  return (fields.find((f) => f.name === 'method')?.options ?? []).map((o) => o.value);
}

/** POST /payments of `orderId` by `method`, with the payer's fields filled, as `auth`. */
const pay = async (orderId: string, method: string, auth = token) =>
  (await startPayment(t.app, auth, orderId, method)).response;

async function mine(orderId: string): Promise<Order> {
  const response = await t.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
  const order = response.json<Order[]>().find((o) => o.id === orderId);
  if (!order) throw new Error(`order ${orderId} is not listed`);
  return order;
}

function fulfil(orderId: string, type: 'shipped' | 'delivered' | 'cancelled') {
  return injectSigned(t, SECRET, 'POST', `${API}/fulfilment/events`, {
    id: `evt_${randomBytes(6).toString('hex')}`,
    type,
    orderId,
    at: new Date().toISOString(),
    actor: 'operator',
  });
}

const attemptsOf = (orderId: string) =>
  t.ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));

describe('COD_LIMIT', () => {
  it('is ₹10,000 by default and whole rupees when set, 0 turning cash on delivery off', () => {
    expect(DEFAULT_COD_LIMIT_RUPEES).toBe(10_000);
    expect(codLimitFrom({})).toBe(10_000);
    expect(codLimitFrom({ COD_LIMIT: ' 2500 ' })).toBe(2500);
    expect(codLimitFrom({ COD_LIMIT: '0' })).toBe(0);
    expect(loadConfig({ NODE_ENV: 'development', COD_LIMIT: '7500' }).payments.codLimitPaise).toBe(750_000);
  });

  it.each(['ten thousand', '-1', '99.5', '1e4', '1000000000'])(
    'refuses to start when it is "%s"',
    (value) => {
      expect(() => loadConfig({ NODE_ENV: 'development', COD_LIMIT: value })).toThrow(
        `COD_LIMIT must be whole rupees from 0 (cash on delivery off) to 999999999, such as 10000 (got "${value}")`,
      );
    },
  );

  it('allows a total up to and including the limit, and nothing when the limit is 0', () => {
    expect(isCodEligible(1_000_000, 1_000_000)).toBe(true);
    expect(isCodEligible(1_000_001, 1_000_000)).toBe(false);
    expect(isCodEligible(100, 0)).toBe(false);
  });
});

describe('GET /payments/fields?orderId', () => {
  it('offers Cash on delivery for the shopper’s own Pending order within the limit', async () => {
    const order = await smallOrder();
    expect(await methodsOffered(order.id)).toEqual(['upi_intent', 'upi_qr', 'card', 'cod']);
  });

  it('hides it above the limit, without an order, for a guest and for someone else’s order', async () => {
    const large = await largeOrder();
    expect(large.total).toBeGreaterThan(LIMIT_RUPEES);
    expect(await methodsOffered(large.id)).not.toContain('cod');
    expect(await methodsOffered(null)).not.toContain('cod');
    const small = await smallOrder();
    expect(await methodsOffered(small.id, '')).not.toContain('cod');
    const other = await registerAndLogin(t.app);
    expect(await methodsOffered(small.id, other.token)).not.toContain('cod');
    expect(await methodsOffered('SF-NOSUCHORDER000')).not.toContain('cod');
  });

  it('says why above the limit: the shopper sees the limit under Pay with, not a method gone', async () => {
    const methodNote = async (orderId: string, auth = token) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/payments/fields?orderId=${orderId}`,
        headers: bearer(auth),
      });
      return response.json<{ fields: PaymentField[] }>().fields.find((f) => f.name === 'method')?.description;
    };
    const large = await largeOrder();
    expect(await methodNote(large.id)).toContain(
      `Cash on delivery is available up to ${formatRupees(LIMIT_RUPEES * 100)}; this order is ${formatRupees(paiseOf(large.total))}.`,
    );
    // Someone else's order tells nothing about it.
    const other = await registerAndLogin(t.app);
    expect(await methodNote(large.id, other.token)).not.toContain('Cash on delivery is available up to');
  });
});

describe('POST /payments with method cod', () => {
  it('refuses a forged COD choice above the limit with a 400 naming both amounts, changing nothing', async () => {
    const order = await largeOrder();
    const response = await pay(order.id, 'cod');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const total = order.total.toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
    expect(response.json()).toEqual({
      error: `Cash on delivery is available for orders up to ₹2,000.00; this order is ${total}. Please choose another way to pay.`,
      field: 'method',
    });
    expect((await mine(order.id)).status).toBe(0);
    expect(await attemptsOf(order.id)).toEqual([]);
  });

  it('moves the order to Processing with a shopper event and a COD attempt, in one go, with no gateway', async () => {
    const order = await smallOrder();
    const response = await pay(order.id, 'cod');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      action: { type: 'cash_on_delivery', due: order.total },
    });
    expect(body.redirectUrl).toBeUndefined();

    const [attempt, ...more] = await attemptsOf(order.id);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({
      id: body.attemptId,
      provider: 'cod',
      method: 'cod',
      status: 'created',
      amountPaise: Math.round(order.total * 100),
    });

    const listed = await mine(order.id);
    expect(listed.status).toBe(1);
    expect(listed.payment).toEqual({ method: 'cod', status: 'due', amount: order.total, due: order.total });
    const total = order.total.toLocaleString('en-IN', { style: 'currency', currency: 'INR' });
    expect(listed.timeline?.at(-1)).toMatchObject({
      from: 0,
      to: 1,
      actor: 'shopper',
      note: `Cash on delivery: pay ${total} on delivery`,
    });

    // Order tracking says the same.
    const tracked = await t.app.inject({
      method: 'GET',
      url: `${API}/orders/${order.id}?contactInfo=${encodeURIComponent('+919876543210')}`,
    });
    expect(tracked.json<Order>().payment).toEqual(listed.payment);

    // It is no longer awaiting payment: a second choice, or a gateway payment, is refused.
    expect((await pay(order.id, 'cod')).statusCode).toBe(409);
    expect((await pay(order.id, 'card')).statusCode).toBe(409);
  });

  it('is not offered for an order that is already Processing', async () => {
    const order = await smallOrder();
    expect((await pay(order.id, 'cod')).statusCode).toBe(200);
    expect(await methodsOffered(order.id)).not.toContain('cod');
  });

  it('answers 404 for someone else’s order, as for any payment', async () => {
    const order = await smallOrder();
    const other = await registerAndLogin(t.app);
    expect((await pay(order.id, 'cod', other.token)).statusCode).toBe(404);
    expect((await mine(order.id)).status).toBe(0);
  });
});

describe('a cash-on-delivery order afterwards', () => {
  it('counts as paid once delivered (the attempt succeeds with the move)', async () => {
    const order = await smallOrder();
    expect((await pay(order.id, 'cod')).statusCode).toBe(200);
    expect((await fulfil(order.id, 'shipped')).statusCode).toBe(200);
    expect((await mine(order.id)).payment).toMatchObject({ status: 'due', due: order.total });
    expect((await fulfil(order.id, 'delivered')).statusCode).toBe(200);

    const listed = await mine(order.id);
    expect(listed.status).toBe(3);
    expect(listed.payment).toEqual({ method: 'cod', status: 'paid', amount: order.total, due: 0 });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt?.status).toBe('succeeded');
  });

  it('is cancelled by the shopper with no refund, and nothing is due any more', async () => {
    const order = await smallOrder();
    expect((await pay(order.id, 'cod')).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ order: Order; refund: unknown }>();
    expect(body.refund).toBeNull();
    expect(body.order.status).toBe(4);
    expect(body.order.payment).toEqual({ method: 'cod', status: 'void', amount: order.total, due: 0 });
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
    expect((await attemptsOf(order.id))[0]?.status).toBe('failed');
  });

  it('is cancelled by an operator with no refund either', async () => {
    const order = await smallOrder();
    expect((await pay(order.id, 'cod')).statusCode).toBe(200);
    expect((await fulfil(order.id, 'cancelled')).statusCode).toBe(200);
    expect((await mine(order.id)).payment).toMatchObject({ status: 'void', due: 0 });
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('tells operators what the courier collects in the signed order listing', async () => {
    const order = await smallOrder();
    expect((await pay(order.id, 'cod')).statusCode).toBe(200);
    const path = `${API}/fulfilment/orders?status=1&limit=100`;
    const response = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'x-statefront-signature': signFulfilment(SECRET, path, Math.floor(Date.now() / 1000)) },
    });
    expect(response.statusCode).toBe(200);
    const listed = response
      .json<{ items: { id: string; payment?: unknown }[] }>()
      .items.find((o) => o.id === order.id);
    expect(listed?.payment).toEqual({ method: 'cod', status: 'due', amount: order.total, due: order.total });
  });

  it('is left alone by the expiry job (it is Processing)', async () => {
    const order = await smallOrder();
    expect((await pay(order.id, 'cod')).statusCode).toBe(200);
    const expired = await runOrderExpiry(t.ctx.db, 30 * 60_000, undefined, new Date(Date.now() + 86_400_000));
    expect(expired).not.toContain(order.id);
    expect((await mine(order.id)).status).toBe(1);
    const events = await t.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.actor)).toEqual(['shopper', 'shopper']);
  });
});
