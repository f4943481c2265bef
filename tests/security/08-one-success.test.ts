/**
 * Row 8: on PostgreSQL, 20 concurrent approvals of one order's payment attempts recorded 2-4
 * "succeeded" attempts (the order moved once). Replayed against real server processes on PGlite and
 * PostgreSQL, through the sandbox's signed confirmation and through PayU's callback: exactly one
 * attempt succeeds, every other is recorded as failed, "order no longer pending".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSignature } from '../../server/payments/sandbox';
import { PAYU_KEY, PAYU_SALT, payuCallbackFor } from '../server/payu';
import { attack, type Shop, setupShops } from './harness';
import { type TestDatabase, testDatabase } from './postgres';
import { SHIPPING, type Shopper, shopperOf } from './shopper';

const SECRET = 'row-8-sandbox-secret-0123456789abcdef';
const APPROVALS = 20;
const PAYER = { payerName: 'Asha Verma', email: 'asha@example.in', phone: '+919876543210' };

const form = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** Places an order of the catalogue's first product and starts `count` payment attempts of it. */
async function orderWithAttempts(shopper: Shopper, count: number, method = 'card') {
  const page = await shopper.call('GET', '/products?limit=1');
  const [product] = page.json.data as Array<{ id: string }>;
  const order = await shopper.call('POST', '/orders', {
    products: { [product?.id ?? '']: 1 },
    shippingAddress: SHIPPING,
  });
  expect(order.status).toBe(201);
  const orderId = String(order.json.id);
  const attempts: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const paid = await shopper.call('POST', '/payments', { orderId, fields: { ...PAYER, method } });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    attempts.push(paid.json);
  }
  return { orderId, totalPaise: Math.round(Number(order.json.total) * 100), attempts };
}

/** Every attempt of the sandbox approved at once; where each browser was sent. */
async function approveAllAtOnce(shop: Shop) {
  const shopper = await shopperOf(shop.url);
  const { orderId, totalPaise, attempts } = await orderWithAttempts(shopper, APPROVALS);
  const ids = attempts.map((a) =>
    decodeURIComponent(String(a.redirectUrl).split('/payments/sandbox/')[1] ?? ''),
  );
  const responses = await Promise.all(
    ids.map((id) =>
      form(`${shop.url}/api/v1/payments/sandbox/${encodeURIComponent(id)}/complete`, {
        outcome: 'success',
        signature: sandboxSignature(SECRET, id, 'success', totalPaise),
      }),
    ),
  );
  const locations = responses.map((response) => response.headers.get('location') ?? String(response.status));
  const pages = await Promise.all(
    ids.map(async (id) =>
      (
        await fetch(`${shop.url}/api/v1/payments/sandbox/${encodeURIComponent(id)}`, {
          headers: { accept: 'text/html' },
        })
      ).text(),
    ),
  );
  return {
    orderId,
    ids,
    successes: locations.filter((l) => l.includes('/order-success?')).length,
    failures: locations.filter((l) => l.includes('/orders?payment=failed')).length,
    succeededPages: pages.filter((p) => p.includes('This payment succeeded.')).length,
    failedPages: pages.filter((p) => p.includes('This payment failed.')).length,
    shopper,
  };
}

describe('row 8: exactly one success per order, PGlite', () => {
  const shops = setupShops({ shop: { SANDBOX_SECRET: SECRET } });

  it(`records one succeeded attempt of ${APPROVALS} sandbox approvals at once`, async () => {
    const run = await approveAllAtOnce(shops.shop);
    expect(run).toMatchObject({
      successes: 1,
      failures: APPROVALS - 1,
      succeededPages: 1,
      failedPages: APPROVALS - 1,
    });
    const orders = await run.shopper.call('GET', '/orders');
    expect(
      (orders.json as unknown as Array<{ id: string; status: number }>).find((o) => o.id === run.orderId)
        ?.status,
    ).toBe(1);
    attack(
      8,
      `${APPROVALS} sandbox approvals of one order's attempts at once (PGlite)`,
      `1 succeeded, ${run.failures} failed`,
    );
  });
});

describe('row 8: exactly one success per order, PostgreSQL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  // Hooks run as a stack: the shops close before the database does.
  afterAll(async () => {
    await db?.close();
  });
  const shops = setupShops(() => ({
    shop: { DATABASE_URL: db.url, SANDBOX_SECRET: SECRET },
    payuShop: { DATABASE_URL: db.url, PAYMENTS: '', PAYU_KEY, PAYU_SALT, PAYU_MODE: 'test' },
  }));

  const attemptsOf = (orderId: string) =>
    db.query<{ status: string; reason: string | null }>(
      `SELECT status, provider_payload->'callback'->>'reason' AS reason FROM payment_attempts WHERE order_id = $1`,
      [orderId],
    );

  it(`records one succeeded attempt of ${APPROVALS} sandbox approvals at once, the rest failed "order no longer pending"`, async () => {
    for (let round = 1; round <= 3; round++) {
      const run = await approveAllAtOnce(shops.shop);
      const rows = await attemptsOf(run.orderId);
      const succeeded = rows.filter((row) => row.status === 'succeeded').length;
      attack(
        8,
        `${APPROVALS} sandbox approvals of one order's attempts at once (PostgreSQL, round ${round})`,
        `${succeeded} succeeded, ${rows.length - succeeded} failed "order no longer pending"`,
      );
      expect(succeeded).toBe(1);
      expect(
        rows.filter((row) => row.status === 'failed' && row.reason === 'order no longer pending'),
      ).toHaveLength(APPROVALS - 1);
      expect(run).toMatchObject({ successes: 1, failures: APPROVALS - 1 });
    }
  });

  it(`records one succeeded attempt of ${APPROVALS} PayU success callbacks at once`, async () => {
    const shopper = await shopperOf(shops.payuShop.url);
    const { orderId, attempts } = await orderWithAttempts(shopper, APPROVALS);
    const callbacks = attempts.map((answer) => {
      const data = (answer.action as { formParams: { data: Record<string, string> } }).formParams.data;
      return payuCallbackFor(data, { mihpayid: `40399371${Math.floor(Math.random() * 1e7)}` });
    });
    const responses = await Promise.all(
      callbacks.map((fields) => form(`${shops.payuShop.url}/api/v1/payments/payu/callback`, fields)),
    );
    expect(responses.map((response) => response.status)).toEqual(callbacks.map(() => 303));
    const rows = await attemptsOf(orderId);
    const succeeded = rows.filter((row) => row.status === 'succeeded').length;
    attack(
      8,
      `${APPROVALS} PayU success callbacks for one order's attempts at once (PostgreSQL)`,
      `${succeeded} succeeded, ${rows.length - succeeded} failed "order no longer pending" (logged: refund it)`,
    );
    expect(succeeded).toBe(1);
    expect(
      rows.filter((row) => row.status === 'failed' && row.reason === 'order no longer pending'),
    ).toHaveLength(APPROVALS - 1);
    expect(shops.payuShop.output()).toContain('refund it');
  });
});
