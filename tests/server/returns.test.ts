/**
 * Returns and exchanges of delivered orders (docs/returns.md): the shopper's request checked against the
 * Return policy, the return lifecycle enforced on the signed events (shared/return-lifecycle.ts), the
 * refund of an online-paid return through its gateway, and a cash-on-delivery return's account stored
 * encrypted. Runs on PGlite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components, ReturnRequest } from '../../contract/schema';
import { mailOutbox, productStock, products, refunds, returns } from '../../server/db/schema';
import { applyFulfilmentEvent } from '../../server/orders/orders.repository';
import { settleAttempt } from '../../server/payments/payments.repository';
import { openAccount } from '../../server/returns/account-cipher';
import { NOT_RETURNABLE_VALUES } from '../../shared/returns';
import {
  API,
  bearer,
  DEFAULT_SHIPPING,
  fulfilmentConfig,
  injectSigned,
  myOrder,
  type Order,
  registerAndLogin,
  setupShopper,
  setupTestApp,
  startPayment,
} from './helpers';

const SECRET = 'returns-test-fulfilment-secret-0123456789';
const DAY = 24 * 60 * 60_000;

const t = setupTestApp(fulfilmentConfig(SECRET));
const shopper = setupShopper(t);

/** A product with several sizes (a tee), and a cap the policy excludes (hygiene goods). */
let tee: { id: string; sizes: string[]; colour: string };
let cap: { id: string; colour: string };

beforeAll(async () => {
  const rows = await t.ctx.db.select().from(products);
  const sizesOf = (row: (typeof rows)[number]) => row.attributes.find((a) => a.key === 'size')?.values ?? [];
  const sized = rows.find((row) => row.category === 'T Shirts' && sizesOf(row).length > 2);
  const hygiene = rows.find((row) =>
    row.attributes.some((a) => a.key === 'returns' && a.values.includes(NOT_RETURNABLE_VALUES.hygiene)),
  );
  if (!sized || !hygiene) throw new Error('the demo catalogue needs a sized tee and a cap');
  tee = {
    id: sized.id,
    sizes: sizesOf(sized),
    colour: sized.attributes.find((a) => a.key === 'color')?.values[0] ?? '',
  };
  cap = { id: hygiene.id, colour: hygiene.attributes.find((a) => a.key === 'color')?.values[0] ?? '' };
});

/** Places an order of two tees in size M (and a cap when asked), as `token`. */
async function placeTees(token = shopper.token, withCap = false): Promise<Order> {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/orders`,
    headers: bearer(token),
    payload: {
      products: { [tee.id]: 2, ...(withCap ? { [cap.id]: 1 } : {}) },
      lines: [
        { productId: tee.id, quantity: 2, size: 'M', color: tee.colour },
        ...(withCap ? [{ productId: cap.id, quantity: 1, color: cap.colour }] : []),
      ],
      shippingAddress: DEFAULT_SHIPPING,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Order>();
}

/** Units left of the tee in a size and colour (server/stock/stock.repository.ts). */
async function teeUnits(size: string, color: string): Promise<number | undefined> {
  const [row] = await t.ctx.db
    .select({ units: productStock.units })
    .from(productStock)
    .where(
      and(eq(productStock.productId, tee.id), eq(productStock.size, size), eq(productStock.color, color)),
    );
  return row?.units;
}

/** Moves an order along by the courier, at `at`. */
async function fulfil(orderId: string, event: 'fulfilment.shipped' | 'fulfilment.delivered', at: Date) {
  const moved = await applyFulfilmentEvent(t.ctx.db, {
    externalId: `evt-${randomBytes(6).toString('hex')}`,
    orderId,
    event,
    actor: 'courier',
    at,
  });
  expect(moved.kind).toBe('recorded');
}

/** An order of two tees (and a cap), paid online (or by cash on delivery) and delivered `daysAgo` days ago. */
async function deliveredOrder(
  options: { cod?: boolean; withCap?: boolean; daysAgo?: number; token?: string } = {},
): Promise<Order> {
  const token = options.token ?? shopper.token;
  const order = await placeTees(token, options.withCap);
  const { response, attemptId } = await startPayment(t.app, token, order.id, options.cod ? 'cod' : 'card');
  expect(response.statusCode, response.body).toBe(200);
  if (!options.cod)
    expect((await settleAttempt(t.ctx.db, attemptId, 'success', { test: true })).orderMoved).toBe(true);
  const at = new Date(Date.now() - (options.daysAgo ?? 1) * DAY);
  await fulfil(order.id, 'fulfilment.shipped', new Date(at.getTime() - DAY));
  await fulfil(order.id, 'fulfilment.delivered', at);
  return order;
}

function ask(orderId: string, request: ReturnRequest, token = shopper.token) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/orders/${encodeURIComponent(orderId)}/returns`,
    headers: bearer(token),
    payload: request,
  });
}

/** A signed return event, as a courier or `npm run orders` sends it. */
function move(returnId: string, type: components['schemas']['ReturnEvent']['type'], extra: object = {}) {
  return injectSigned(t, SECRET, 'POST', `${API}/fulfilment/returns/events`, {
    id: `evt_${randomBytes(6).toString('hex')}`,
    type,
    returnId,
    at: new Date().toISOString(),
    ...extra,
  });
}

const teeLine = (order: Order) => {
  const line = order.items.find((item) => item.productId === tee.id);
  if (!line) throw new Error('no tee line');
  return line;
};

describe('POST /orders/{orderId}/returns', () => {
  it('offers a delivered order for 7 days: returnBy, each line returnable, the other sizes to exchange for', async () => {
    const order = await deliveredOrder({ daysAgo: 2 });
    const listed = await myOrder(t.app, shopper.token, order.id);
    if (!listed) throw new Error('not listed');
    const deliveredAt = listed.timeline?.find((e) => e.to === 3)?.at ?? '';
    expect(Date.parse(listed.returnBy ?? '') - Date.parse(deliveredAt)).toBe(7 * DAY);
    const line = teeLine(listed);
    expect(line.returnable).toBe(2);
    expect(line.notReturnable).toBeNull();
    expect(line.exchangeSizes).toEqual(tee.sizes.filter((size) => size !== 'M'));
    expect(listed.returns).toEqual([]);
  });

  it('returns one of two tees: 201, the return requested with its amount, one piece left, a mail queued', async () => {
    const order = await deliveredOrder();
    const line = teeLine(order);
    const response = await ask(order.id, {
      kind: 'return',
      reason: 'Quality not as expected',
      note: '  The seam came loose  ',
      lines: [{ itemId: line.id, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const answered = response.json<Order>();
    const [made] = answered.returns ?? [];
    expect(made).toMatchObject({
      kind: 'return',
      status: 'requested',
      reason: 'Quality not as expected',
      note: 'The seam came loose',
      lines: [{ itemId: line.id, quantity: 1, size: null }],
      amount: line.price,
      refund: null,
      refundTo: null,
    });
    expect(made?.id).toMatch(/^RT-[0-9A-Z]{12}$/);
    expect(made?.timeline).toEqual([
      expect.objectContaining({ from: null, to: 'requested', actor: 'shopper' }),
    ]);
    expect(teeLine(answered).returnable).toBe(1);
    // The order itself stays Delivered (the spec's statuses are the order's).
    expect(answered.status).toBe(3);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mails.filter((mail) => mail.template === 'return.updated')).toHaveLength(1);
    // More than is left is refused, naming what is left; nothing is written.
    const again = await ask(order.id, {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: line.id, quantity: 2 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(`Only 1 of ${line.productTitle} can still be returned.`);
    expect(await t.ctx.db.select().from(returns).where(eq(returns.orderId, order.id))).toHaveLength(1);
  });

  it('refuses an order that is not delivered, or delivered more than 7 days ago, with 409', async () => {
    const placed = await placeTees();
    const early = await ask(placed.id, {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: teeLine(placed).id, quantity: 1 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(`Only a delivered order can be returned; order ${placed.id} is Pending.`);
    expect((await myOrder(t.app, shopper.token, placed.id))?.returnBy).toBeNull();

    const old = await deliveredOrder({ daysAgo: 8 });
    const listed = await myOrder(t.app, shopper.token, old.id);
    expect(listed?.returnBy).toBeNull();
    expect(listed && teeLine(listed).returnable).toBe(0);
    const late = await ask(old.id, {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: teeLine(old).id, quantity: 1 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(
      new RegExp(`^Returns for order ${old.id} closed on .+, 7 days after delivery \\(Return policy\\)\\.$`),
    );
  });

  it("refuses goods the policy excludes with the policy's reason", async () => {
    const order = await deliveredOrder({ withCap: true });
    const capLine = order.items.find((item) => item.productId === cap.id);
    if (!capLine) throw new Error('no cap line');
    const listed = await myOrder(t.app, shopper.token, order.id);
    const listedCap = listed?.items.find((item) => item.id === capLine.id);
    expect(listedCap).toMatchObject({
      returnable: 0,
      notReturnable: 'Unsealed hygiene goods cannot be returned (Return policy).',
    });
    const response = await ask(order.id, {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: capLine.id, quantity: 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      `${capLine.productTitle}: Unsealed hygiene goods cannot be returned (Return policy).`,
    );
  });

  it('exchanges for another size the product comes in, for a size that does not fit', async () => {
    const order = await deliveredOrder();
    const line = teeLine(order);
    const noSize = await ask(order.id, {
      kind: 'exchange',
      reason: 'Size too small',
      lines: [{ itemId: line.id, quantity: 1 }],
    });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().error).toContain(`choose a new size for ${line.productTitle}`);
    const notOffered = await ask(order.id, {
      kind: 'exchange',
      reason: 'Size too small',
      lines: [{ itemId: line.id, quantity: 1, size: 'XXXL' }],
    });
    expect(notOffered.statusCode).toBe(400);
    const wrongReason = await ask(order.id, {
      kind: 'exchange',
      reason: 'Changed my mind',
      lines: [{ itemId: line.id, quantity: 1, size: 'L' }],
    });
    expect(wrongReason.statusCode).toBe(400);
    const response = await ask(order.id, {
      kind: 'exchange',
      reason: 'Size too small',
      lines: [{ itemId: line.id, quantity: 1, size: ' l ' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Order>().returns?.[0]).toMatchObject({
      kind: 'exchange',
      lines: [{ itemId: line.id, quantity: 1, size: 'L' }],
    });
  });

  it("is 404 for someone else's order, and 400 for a line the order does not have", async () => {
    const order = await deliveredOrder();
    const other = await registerAndLogin(t.app);
    const theirs = await ask(
      order.id,
      { kind: 'return', reason: 'Changed my mind', lines: [{ itemId: teeLine(order).id, quantity: 1 }] },
      other.token,
    );
    expect(theirs.statusCode).toBe(404);
    const noLine = await ask(order.id, {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: 'not-a-line', quantity: 1 }],
    });
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json().error).toBe(`lines[0].itemId: order ${order.id} has no such line`);
  });

  it('takes the last piece once when two requests race for it', async () => {
    const order = await deliveredOrder();
    const line = teeLine(order);
    const request: ReturnRequest = {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: line.id, quantity: 2 }],
    };
    const answers = await Promise.all([
      ask(order.id, request),
      ask(order.id, request),
      ask(order.id, request),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.ctx.db.select().from(returns).where(eq(returns.orderId, order.id))).toHaveLength(1);
  });
});

describe('the return lifecycle on signed events', () => {
  it('moves a return of an online-paid order to received, and refunds its lines through the gateway', async () => {
    const order = await deliveredOrder();
    const line = teeLine(order);
    const made = (
      await ask(order.id, {
        kind: 'return',
        reason: 'Changed my mind',
        lines: [{ itemId: line.id, quantity: 1 }],
      })
    ).json<Order>().returns?.[0];
    if (!made) throw new Error('no return');
    // The lifecycle refuses a skipped step with 409 and changes nothing.
    const skipped = await move(made.id, 'received');
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().error).toBe('A return that is requested cannot become received');
    const scheduled = await move(made.id, 'pickupScheduled', { note: 'Delhivery, 11 Dec, 10 am–2 pm' });
    expect(scheduled.json()).toMatchObject({ returnId: made.id, status: 'pickupScheduled', replay: false });
    expect((await move(made.id, 'pickedUp')).json().status).toBe('pickedUp');
    const before = await teeUnits('M', tee.colour);
    const received = await move(made.id, 'received');
    expect(received.json().status).toBe('refunded');
    // The piece received is on sale again (server/stock/stock.repository.ts restockReturn).
    expect(await teeUnits('M', tee.colour)).toBe((before ?? 0) + 1);
    const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.returnId, made.id));
    expect(refund?.amountPaise).toBe(Math.round(line.price * 100));
    const listed = await myOrder(t.app, shopper.token, order.id);
    const shown = listed?.returns?.[0];
    expect(shown?.status).toBe('refunded');
    expect(shown?.refund).toMatchObject({ amount: line.price, status: 'pending' });
    expect(shown?.timeline.map((e) => e.to)).toEqual([
      'requested',
      'pickupScheduled',
      'pickedUp',
      'received',
      'refunded',
    ]);
    expect(shown?.timeline[1]?.note).toBe('Delhivery, 11 Dec, 10 am–2 pm');
    // The order's own refund stays the cancellation's (none).
    expect(listed?.refund).toBeNull();
    // Nothing moves a refunded return again.
    expect((await move(made.id, 'rejected')).statusCode).toBe(409);
  });

  it('answers a replay with the first result, an unknown return with 404, and an exchange refund with 409', async () => {
    const order = await deliveredOrder();
    const made = (
      await ask(order.id, {
        kind: 'exchange',
        reason: 'Size too large',
        lines: [{ itemId: teeLine(order).id, quantity: 1, size: 'S' }],
      })
    ).json<Order>().returns?.[0];
    if (!made) throw new Error('no exchange');
    const raw = JSON.stringify({
      id: 'evt_replay_once',
      type: 'pickupScheduled',
      returnId: made.id,
      at: new Date().toISOString(),
    });
    const send = () => injectSigned(t, SECRET, 'POST', `${API}/fulfilment/returns/events`, raw);
    expect((await send()).json()).toMatchObject({ status: 'pickupScheduled', replay: false });
    expect((await send()).json()).toMatchObject({ status: 'pickupScheduled', replay: true });
    expect((await move('RT-000000000000', 'pickedUp')).statusCode).toBe(404);
    await move(made.id, 'pickedUp');
    await move(made.id, 'received');
    const refunded = await move(made.id, 'refunded');
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().error).toBe('A exchange that is received at our warehouse cannot become refunded');
    expect(
      (await move(made.id, 'exchanged', { note: 'New size shipped with Delhivery 998877' })).json().status,
    ).toBe('exchanged');
  });

  it('is unsigned: 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/fulfilment/returns/events`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 'x',
        type: 'pickedUp',
        returnId: 'RT-000000000000',
        at: new Date().toISOString(),
      }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a cash-on-delivery return', () => {
  it('asks for a UPI ID or bank account, stores it encrypted and shows it masked', async () => {
    const order = await deliveredOrder({ cod: true });
    const line = teeLine(order);
    const base: ReturnRequest = {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: line.id, quantity: 1 }],
    };
    const none = await ask(order.id, base);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(
      'This order was paid on delivery: give a UPI ID or a bank account for the refund',
    );
    const bad = await ask(order.id, { ...base, refundTo: { upiId: 'asha at okicici' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Enter a UPI ID like name@okhdfcbank');
    const good = await ask(order.id, { ...base, refundTo: { upiId: ' Asha.Verma@OKICICI ' } });
    expect(good.statusCode, good.body).toBe(201);
    const made = good.json<Order>().returns?.[0];
    expect(made?.refundTo).toBe('UPI a•••@okicici');
    const [row] = await t.ctx.db
      .select()
      .from(returns)
      .where(eq(returns.id, made?.id ?? ''));
    expect(row?.refundAccount).not.toContain('asha');
    expect(openAccount(t.ctx.config, row?.refundAccount ?? '')).toEqual({ upiId: 'asha.verma@okicici' });
    // Received, it waits for the store to pay the account: no gateway refund.
    if (!made) throw new Error('no return');
    for (const step of ['pickupScheduled', 'pickedUp', 'received'] as const) await move(made.id, step);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.returnId, made.id))).toHaveLength(0);
    expect((await move(made.id, 'refunded', { note: 'UPI transfer 4455' })).json().status).toBe('refunded');
  });

  it('takes a bank account, refused when its IFSC cannot be one', async () => {
    const order = await deliveredOrder({ cod: true });
    const base: ReturnRequest = {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: teeLine(order).id, quantity: 1 }],
    };
    const bad = await ask(order.id, {
      ...base,
      refundTo: { accountName: 'Asha Verma', accountNumber: '5010 0123 4567 89', ifsc: 'HDFC123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Enter an IFSC like HDFC0001234');
    const good = await ask(order.id, {
      ...base,
      refundTo: { accountName: ' Asha  Verma ', accountNumber: '5010 0123 4567 89', ifsc: 'hdfc0001234' },
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json<Order>().returns?.[0]?.refundTo).toBe('Bank account ••••6789, HDFC0001234');
  });

  it('refuses refundTo on an order paid online', async () => {
    const order = await deliveredOrder();
    const response = await ask(order.id, {
      kind: 'return',
      reason: 'Changed my mind',
      lines: [{ itemId: teeLine(order).id, quantity: 1 }],
      refundTo: { upiId: 'asha@okicici' },
    });
    expect(response.statusCode).toBe(400);
  });
});
