/**
 * The signed fulfilment webhook (docs/operations.md), the order_events it records and the timeline
 * GET /orders and order tracking show. A real app on a fresh database (PGlite, or PostgreSQL with
 * TEST_DATABASE=postgres).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents } from '../../server/db/schema';
import { lifecycleConfigFrom } from '../../server/infra/config';
import { signFulfilment } from '../../server/orders/fulfilment.handlers';
import {
  API,
  fulfilmentConfig,
  myOrder,
  type Order,
  placeOrder,
  placePaidOrder,
  setupShopper,
  setupTestApp,
  withTestApp,
} from './helpers';

const SECRET = 'fulfilment-test-secret-0123456789abcdef';

const t = setupTestApp(fulfilmentConfig(SECRET));
const shopper = setupShopper(t);

const eventId = () => `evt_${randomBytes(6).toString('hex')}`;

function send(
  body: Record<string, unknown>,
  options: { secret?: string; skew?: number; signature?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature =
    options.signature ??
    signFulfilment(options.secret ?? SECRET, raw, Math.floor(Date.now() / 1000) + (options.skew ?? 0));
  return t.app.inject({
    method: 'POST',
    url: `${API}/fulfilment/events`,
    headers: { 'content-type': 'application/json', 'x-statefront-signature': signature },
    payload: raw,
  });
}

const event = (orderId: string, type: 'shipped' | 'delivered' | 'cancelled', extra = {}) => ({
  id: eventId(),
  type,
  orderId,
  at: new Date().toISOString(),
  ...extra,
});

const paidOrder = () => placePaidOrder(t, shopper.token);

async function mine(orderId: string): Promise<Order> {
  const found = await myOrder(t.app, shopper.token, orderId);
  if (!found) throw new Error(`order ${orderId} not listed`);
  return found;
}

const rowsOf = (orderId: string) =>
  t.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

describe('POST /fulfilment/events', () => {
  it('ships a paid order with a good signature and shows it in the timeline', async () => {
    const order = await paidOrder();
    const shipped = event(order.id, 'shipped', {
      carrier: 'Delhivery',
      trackingNumber: '1234',
      trackingUrl: 'https://www.delhivery.com/track/package/1234',
    });
    const response = await send(shipped);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      eventId: shipped.id,
      orderId: order.id,
      outcome: 'applied',
      status: 2,
      replay: false,
    });
    const listed = await mine(order.id);
    expect(listed).toMatchObject({ status: 2, carrier: 'Delhivery', trackingNumber: '1234' });
    expect(listed.trackingUrl).toBe('https://www.delhivery.com/track/package/1234');
    expect(listed.timeline?.map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, 0, 'shopper'],
      [0, 1, 'gateway'],
      [1, 2, 'courier'],
    ]);
    expect(listed.timeline?.[2]).toMatchObject({ carrier: 'Delhivery', trackingNumber: '1234' });

    const tracked = await t.app.inject({
      method: 'GET',
      url: `${API}/orders/${order.id}?contactInfo=${encodeURIComponent(shopper.email)}`,
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json<Order>().timeline).toEqual(listed.timeline);
  });

  it('answers 401 to a wrong secret, a tampered body or no signature, and changes nothing', async () => {
    const order = await paidOrder();
    const body = event(order.id, 'shipped');
    expect((await send(body, { secret: 'not-the-secret-at-all-0123456789' })).statusCode).toBe(401);
    const raw = JSON.stringify(body);
    const signedOther = signFulfilment(SECRET, raw.replace('shipped', 'cancelled'));
    const tampered = await send(body, { signature: signedOther });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ error: 'Invalid signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `${API}/fulfilment/events`,
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await send(body, { signature: 't=abc,v1=zz' })).statusCode).toBe(401);
    expect((await mine(order.id)).status).toBe(1);
  });

  it('signs the raw bytes: the same JSON re-spaced is a bad signature', async () => {
    const order = await paidOrder();
    const body = event(order.id, 'shipped');
    const signature = signFulfilment(SECRET, JSON.stringify(body));
    const respaced = await send(body, { signature, raw: JSON.stringify(body, null, 2) });
    expect(respaced.statusCode).toBe(401);
    expect((await send(body, { raw: JSON.stringify(body, null, 2) })).statusCode).toBe(200);
  });

  it('refuses a timestamp more than 5 minutes old or ahead', async () => {
    // Each skew is taken from the clock when that request is signed, with 30 s to spare either
    // side of the 300 s tolerance: a loaded CI machine once took over a second between a `now`
    // read at the top of this test and the third request, and +301 s was then inside the window.
    const order = await paidOrder();
    const stale = await send(event(order.id, 'shipped'), { skew: -330 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json<{ error: string }>().error).toMatch(/timestamp/);
    expect((await send(event(order.id, 'shipped'), { skew: 330 })).statusCode).toBe(401);
    expect((await mine(order.id)).status).toBe(1);
    expect((await send(event(order.id, 'shipped'), { skew: -270 })).statusCode).toBe(200);
  });

  it('answers a replay with the first result and records one row', async () => {
    const order = await paidOrder();
    const shipped = event(order.id, 'shipped', { carrier: 'Blue Dart', trackingNumber: 'BD1' });
    const first = await send(shipped);
    const again = await send(shipped);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), replay: true });
    // The same id again once the order has moved on still answers what it did, not "ignored".
    expect((await send(event(order.id, 'delivered'))).statusCode).toBe(200);
    expect((await send(shipped)).json()).toMatchObject({ outcome: 'applied', replay: true, status: 3 });
    const rows = await rowsOf(order.id);
    expect(rows.filter((row) => row.externalId === shipped.id)).toHaveLength(1);
  });

  it('refuses an event id used before for another kind of event on the same order (409)', async () => {
    const order = await paidOrder();
    const shipped = event(order.id, 'shipped', { carrier: 'Blue Dart', trackingNumber: 'BD2' });
    expect((await send(shipped)).statusCode).toBe(200);
    const delivered = await send({ ...shipped, type: 'delivered' });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json()).toEqual({
      error: `Event id "${shipped.id}" was already used for another event`,
    });
    expect((await mine(order.id)).status).toBe(2);
    // An ignored event keeps its kind too: the same id as another kind is refused as well.
    const lateShipped = event(order.id, 'shipped');
    expect((await send(event(order.id, 'delivered'))).statusCode).toBe(200);
    expect((await send(lateShipped)).json()).toMatchObject({ outcome: 'ignored' });
    expect((await send(lateShipped)).json()).toMatchObject({ outcome: 'ignored', replay: true });
    expect((await send({ ...lateShipped, type: 'delivered' })).statusCode).toBe(409);
  });

  it('answers concurrent copies of one event with one row', async () => {
    const order = await paidOrder();
    const shipped = event(order.id, 'shipped');
    const answers = await Promise.all([send(shipped), send(shipped), send(shipped)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json<{ replay: boolean }>().replay)).toHaveLength(2);
    expect((await rowsOf(order.id)).filter((row) => row.externalId === shipped.id)).toHaveLength(1);
  });

  it('records a late "shipped" after "delivered" as ignored and never undoes it', async () => {
    const order = await paidOrder();
    expect((await send(event(order.id, 'shipped'))).statusCode).toBe(200);
    expect((await send(event(order.id, 'delivered'))).json()).toMatchObject({ status: 3 });
    const late = event(order.id, 'shipped', { carrier: 'Late Courier', trackingNumber: 'LATE' });
    const response = await send(late);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'ignored', status: 3, replay: false });
    expect(response.json<{ note: string }>().note).toMatch(/already delivered/);
    const listed = await mine(order.id);
    expect(listed.status).toBe(3);
    expect(listed.trackingNumber).not.toBe('LATE');
    expect(listed.timeline?.map((e) => e.to)).toEqual([0, 1, 2, 3]);
    const [ignored] = (await rowsOf(order.id)).filter((row) => row.externalId === late.id);
    expect(ignored).toMatchObject({ applied: false, fromStatus: 3, toStatus: 3 });
  });

  it('answers 409 to an illegal move and records nothing, so it can be retried later', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const early = event(order.id, 'shipped');
    const response = await send(early);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toMatch(/Pending.*cannot become shipped/);
    expect((await rowsOf(order.id)).map((row) => row.toStatus)).toEqual([0]);
    const delivered = await send(event(order.id, 'delivered'));
    expect(delivered.statusCode).toBe(409);

    expect(
      (await send(event(order.id, 'cancelled', { actor: 'operator', note: 'Out of stock' }))).statusCode,
    ).toBe(200);
    const cancelled = await mine(order.id);
    expect(cancelled.status).toBe(4);
    expect(cancelled.timeline?.at(-1)).toMatchObject({
      from: 0,
      to: 4,
      actor: 'operator',
      note: 'Out of stock',
    });
    expect((await send(early)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown order and 409 for an event id reused on another order', async () => {
    const unknown = await send(event('SF-0000000000000000', 'shipped'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toMatch(/not found/);
    const first = await paidOrder();
    const second = await paidOrder();
    const shipped = event(first.id, 'shipped');
    expect((await send(shipped)).statusCode).toBe(200);
    const reused = await send({ ...shipped, orderId: second.id });
    expect(reused.statusCode).toBe(409);
    expect((await mine(second.id)).status).toBe(1);
  });

  it('answers 400 to a body that breaks the contract, even when signed', async () => {
    const order = await paidOrder();
    expect((await send({ ...event(order.id, 'shipped'), type: 'lost' })).statusCode).toBe(400);
    expect((await send({ ...event(order.id, 'shipped'), extra: 1 })).statusCode).toBe(400);
    expect((await send({}, { raw: '{"id":' })).statusCode).toBe(400);
  });
});

describe('POST /fulfilment/events: what used to answer 500', () => {
  it.each([
    ['0000-01-01T00:00:00Z', 'year 0, which PostgreSQL cannot store'],
    ['1899-12-31T23:59:59Z', 'before the shop could exist'],
    ['2999-01-01T00:00:00Z', 'far in the future'],
  ])('refuses an event at %s (%s) with a 400 naming `at`', async (at) => {
    const order = await paidOrder();
    const answer = await send(event(order.id, 'shipped', { at, carrier: 'Delhivery', trackingNumber: '1' }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'at' });
    expect((await mine(order.id)).status).toBe(1);
  });

  it('one event id sent for two orders at once: one applies, the other a 409, never a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = [await paidOrder(), await paidOrder()];
      const id = eventId();
      const answers = await Promise.all(
        [a, b].map((order) =>
          send({
            id,
            type: 'shipped',
            orderId: order.id,
            at: new Date().toISOString(),
            carrier: 'X',
            trackingNumber: '1',
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    }
  });
});

describe('GET /fulfilment/orders', () => {
  it('lists orders by status for a signed request only', async () => {
    const order = await paidOrder();
    const path = `${API}/fulfilment/orders?status=1&limit=500`;
    const signed = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'x-statefront-signature': signFulfilment(SECRET, path) },
    });
    expect(signed.statusCode).toBe(200);
    const items = signed.json<{ items: Array<{ id: string; status: number; email: string }> }>().items;
    expect(items.find((item) => item.id === order.id)).toMatchObject({ status: 1, email: shopper.email });
    expect(items.every((item) => item.status === 1)).toBe(true);
    const otherQuery = await t.app.inject({
      method: 'GET',
      url: `${API}/fulfilment/orders?status=0`,
      headers: { 'x-statefront-signature': signFulfilment(SECRET, path) },
    });
    expect(otherQuery.statusCode).toBe(401);
  });

  it('pages through every order, oldest first, past any one page (the oldest paid ship first)', async () => {
    const placed = [await paidOrder(), await paidOrder(), await paidOrder()].map((order) => order.id);
    type Page = { items: Array<{ id: string }>; next: string | null };
    const get = async (query: string) => {
      const path = `${API}/fulfilment/orders?${query}`;
      const answer = await t.app.inject({
        method: 'GET',
        url: path,
        headers: { 'x-statefront-signature': signFulfilment(SECRET, path) },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Page>();
    };
    const seen: string[] = [];
    let page = await get('status=1&oldest=true&limit=2');
    for (let guard = 0; guard < 100; guard++) {
      seen.push(...page.items.map((item) => item.id));
      if (!page.next) break;
      page = await get(`status=1&oldest=true&limit=2&after=${page.next}`);
    }
    // Every Processing order once, in the order they were placed: these three last.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(-3)).toEqual(placed);
    const newest = await get('status=1&limit=2');
    expect(newest.items.map((item) => item.id)).toEqual([placed[2], placed[1]]);
    expect(newest.next).toBe(placed[1]);
    const older = await get(`status=1&limit=2&after=${placed[1]}`);
    expect(older.items[0]?.id).toBe(placed[0]);
  });
});

describe('without FULFILMENT_SECRET', () => {
  it('answers 404 on both routes, signed or not', async () => {
    await withTestApp({}, {}, async (off) => {
      expect(off.ctx.config.lifecycle.fulfilmentSecret).toBeNull();
      const body = JSON.stringify({
        id: 'x',
        type: 'shipped',
        orderId: 'SF-0',
        at: new Date().toISOString(),
      });
      const post = await off.app.inject({
        method: 'POST',
        url: `${API}/fulfilment/events`,
        headers: {
          'content-type': 'application/json',
          'x-statefront-signature': signFulfilment(SECRET, body),
        },
        payload: body,
      });
      expect(post.statusCode).toBe(404);
      const get = await off.app.inject({ method: 'GET', url: `${API}/fulfilment/orders` });
      expect(get.statusCode).toBe(404);
    });
  });
});

describe('FULFILMENT_SECRET and ORDER_PAYMENT_WINDOW', () => {
  it('refuses a short secret unless in development', () => {
    expect(() => lifecycleConfigFrom({ NODE_ENV: 'production', FULFILMENT_SECRET: 'short' })).toThrow(/32/);
    expect(() => lifecycleConfigFrom({ FULFILMENT_SECRET: 'short' })).toThrow(/32/);
    expect(
      lifecycleConfigFrom({ NODE_ENV: 'development', FULFILMENT_SECRET: 'short' }).fulfilmentSecret,
    ).toBe('short');
    expect(
      lifecycleConfigFrom({ NODE_ENV: 'production', FULFILMENT_SECRET: 'x'.repeat(32) }).fulfilmentSecret,
    ).toBe('x'.repeat(32));
  });

  it('reads the payment window as a duration', () => {
    expect(lifecycleConfigFrom({}).paymentWindowMs).toBe(30 * 60_000);
    expect(lifecycleConfigFrom({ ORDER_PAYMENT_WINDOW: '45m' }).paymentWindowMs).toBe(45 * 60_000);
    expect(lifecycleConfigFrom({ ORDER_PAYMENT_WINDOW: '90s' }).paymentWindowMs).toBe(90_000);
    expect(lifecycleConfigFrom({ ORDER_PAYMENT_WINDOW: '120000' }).paymentWindowMs).toBe(120_000);
    expect(() => lifecycleConfigFrom({ ORDER_PAYMENT_WINDOW: 'soon' })).toThrow(/ORDER_PAYMENT_WINDOW/);
  });

  it('reads the payment reminder as a duration shorter than the window', () => {
    expect(lifecycleConfigFrom({}).paymentReminderMs).toBe(10 * 60_000);
    expect(lifecycleConfigFrom({ ORDER_PAYMENT_REMINDER: '5m' }).paymentReminderMs).toBe(5 * 60_000);
    // A short window brings the default reminder forward with it (a third of the window).
    expect(lifecycleConfigFrom({ ORDER_PAYMENT_WINDOW: '90s' }).paymentReminderMs).toBe(30_000);
    expect(() => lifecycleConfigFrom({ ORDER_PAYMENT_REMINDER: '30m' })).toThrow(
      'ORDER_PAYMENT_REMINDER must be shorter than ORDER_PAYMENT_WINDOW',
    );
  });
});
