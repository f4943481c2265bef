import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_DAYS } from '../../server/addresses/delivery';
import { catalogue } from '../../server/catalogue/catalogue';
import { mailOutbox } from '../../server/db/schema';
import type { Mail } from '../../server/mail/mailer';
import { enqueueMail } from '../../server/mail/outbox';
import { MAIL_MAX_ATTEMPTS, MailWorker } from '../../server/mail/worker';
import { runOrderExpiry } from '../../server/orders/order-expiry';
import { applyFulfilmentEvent } from '../../server/orders/orders.repository';
import { applyReturnEvent } from '../../server/returns/returns.repository';
import { deliveryDates, formatDeliveryDay } from '../../shared/delivery';
import { formatRupees } from '../../shared/money';
import {
  API,
  bearer,
  DEFAULT_SHIPPING,
  type Order,
  paySandbox,
  placeOrder,
  RecordingMailer,
  sandboxPayments,
  setupShopper,
  setupTestApp,
  startPayment,
  TEST_STORE,
  testConfig,
} from './helpers';

const PUBLIC_URL = 'https://shop.example.in';
const SECRET = 'mail-test-sandbox-secret';

const values = (p: (typeof catalogue)[number], keys: string[]) =>
  p.attributes.find((a) => keys.includes(a.key.toLowerCase()))?.values ?? [];
const tee = catalogue.find(
  (p) => values(p, ['size']).length > 1 && values(p, ['color', 'colour', 'colors']).length > 1,
);

const mailer = new RecordingMailer();
const t = setupTestApp(
  {
    publicUrl: PUBLIC_URL,
    payments: sandboxPayments(SECRET),
    // Retries without waiting, so one drain() runs a mail's every try.
    mail: { ...testConfig().mail, retryBaseMs: 0 },
  },
  // Dispatched from Noida as the demo store is: DEFAULT_SHIPPING (Bengaluru) is 4 to 7 working days away.
  { mailer, delivery: { fromPin: '201301', days: DEFAULT_DELIVERY_DAYS } },
);
const shopper = setupShopper(t, { firstName: 'Asha' });

/** Delivers everything due and returns what was sent by this call. */
const deliver = () => mailer.deliverFrom(t.app);

const rowsOf = (orderId: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));

/** Makes the order's waiting mail (its payment reminder) due now instead of ORDER_PAYMENT_REMINDER later. */
const makeDue = (orderId: string) =>
  t.ctx.db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(0) })
    .where(and(eq(mailOutbox.orderId, orderId), isNull(mailOutbox.sentAt)));

describe('order mail through the outbox', () => {
  it('writes the payment reminder with the order, due after ORDER_PAYMENT_REMINDER, and sends it once: lines with size and colour, ₹, the pay-by time, the store', async () => {
    if (!tee) throw new Error('the catalogue needs a tee with several sizes and colours');
    const size = values(tee, ['size'])[1] as string;
    const color = values(tee, ['color', 'colour', 'colors'])[1] as string;
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/orders`,
      headers: bearer(shopper.token),
      payload: {
        products: { [tee.id]: 2 },
        lines: [{ productId: tee.id, quantity: 2, size, color }],
        shippingAddress: { ...DEFAULT_SHIPPING, fullName: '<b>Asha</b> & Verma' },
      },
    });
    expect(created.statusCode).toBe(201);
    const order = created.json<Order>();
    // Committed with the order: one row, not yet sent, due once the reminder's delay has passed.
    const rows = await rowsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ template: 'order.placed', sentAt: null });
    const reminderMs = t.ctx.config.lifecycle.paymentReminderMs;
    expect(rows[0]?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + reminderMs - 60_000);
    expect(await deliver()).toHaveLength(0);

    await makeDue(order.id);
    const sent = await deliver();
    expect(sent).toHaveLength(1);
    const [mail] = sent as [Mail];
    expect(mail.to).toBe(shopper.email);
    expect(mail.subject).toBe(`Your order ${order.id} is waiting for your payment`);
    // Pay by: placement + ORDER_PAYMENT_WINDOW (30 minutes), in India's time.
    const closes = new Date(Date.parse(order.createdAt) + 30 * 60_000);
    const time = closes.toLocaleTimeString('en-IN', {
      timeZone: 'Asia/Kolkata',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(mail.text).toContain(`by ${time} on `);
    expect(mail.messageId).toBe(`<${rows[0]?.id}@shop.example.in>`);
    const total = `₹${order.items?.reduce((sum, i) => sum + i.price * i.quantity, 0).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    for (const part of [mail.text, mail.html ?? '']) {
      expect(part).toContain(tee.title);
      expect(part).toContain(`Size ${size}, colour ${color}`);
      expect(part).toContain(total);
      expect(part).toContain(TEST_STORE.companyAddress);
      expect(part).toContain(`${PUBLIC_URL}/orders`);
    }
    // The shopper's own text is escaped in the HTML, never markup.
    expect(mail.html).toContain('&lt;b&gt;Asha&lt;/b&gt; &amp; Verma');
    expect(mail.html).not.toContain('<b>Asha');
    expect(mail.html).toContain(`src="${PUBLIC_URL}${TEST_STORE.companyLogoUrl}"`);
    // The line's picture is the tee in the chosen colour, not its main image (shared/product-images.ts).
    const picture = tee.images.find((image) => image.color === color)?.url;
    expect(picture).not.toBe(tee.imgUrl);
    expect(mail.html).toContain(`<img src="${PUBLIC_URL}${picture}" alt=""`);
    // Sent is sent: another round sends nothing.
    expect(await deliver()).toHaveLength(0);
    expect((await rowsOf(order.id))[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('mails an order paid before its reminder is due one confirmation, and drops the reminder', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await paySandbox(t, shopper.token, order.id, SECRET);
    await makeDue(order.id);
    expect((await deliver()).map((m) => m.subject)).toEqual([`Payment received for order ${order.id}`]);
    expect((await rowsOf(order.id)).map((r) => r.template)).toEqual(['order.paid']);
  });

  it('says in the confirmation when the order should arrive, counted from the day it was placed', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await paySandbox(t, shopper.token, order.id, SECRET);
    const [paid] = (await deliver()).filter((m) => m.subject === `Payment received for order ${order.id}`);
    const { earliest, latest } = deliveryDates({ minDays: 4, maxDays: 7 }, new Date(order.createdAt));
    const sentence = `It should arrive between ${formatDeliveryDay(earliest)} and ${formatDeliveryDay(latest)}.`;
    expect(paid?.text).toContain(sentence);
    expect(paid?.html).toContain(sentence);
  });

  it('mails the payment, the shipping with its tracking link, and the delivery; replays and late events mail nothing', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await deliver();
    await paySandbox(t, shopper.token, order.id, SECRET);
    const paid = await deliver();
    expect(paid.map((m) => m.subject)).toEqual([`Payment received for order ${order.id}`]);

    const shipped = {
      externalId: `ship-${order.id}`,
      orderId: order.id,
      event: 'fulfilment.shipped' as const,
      actor: 'courier' as const,
      at: new Date(),
      carrier: 'Delhivery',
      trackingNumber: 'DL123456789IN',
      trackingUrl: 'https://www.delhivery.com/track/package/DL123456789IN',
    };
    expect((await applyFulfilmentEvent(t.ctx.db, shipped)).kind).toBe('recorded');
    const [shipMail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(shipMail?.subject).toBe(`Your order ${order.id} has shipped`);
    expect(shipMail?.text).toContain('Delhivery, tracking number DL123456789IN');
    expect(shipMail?.html).toContain(`href="${shipped.trackingUrl}"`);
    // The same event again (a courier's retry) is a replay: no second mail.
    await applyFulfilmentEvent(t.ctx.db, shipped);
    expect(await deliver()).toHaveLength(0);

    await applyFulfilmentEvent(t.ctx.db, {
      ...shipped,
      externalId: `deliver-${order.id}`,
      event: 'fulfilment.delivered',
    });
    expect((await deliver()).map((m) => m.subject)).toEqual([`Your order ${order.id} was delivered`]);
    // A late "shipped" with a new id is recorded as ignored: nothing changed, nothing mailed.
    await applyFulfilmentEvent(t.ctx.db, { ...shipped, externalId: `late-${order.id}` });
    expect(await deliver()).toHaveLength(0);
    expect((await rowsOf(order.id)).map((r) => r.template).sort()).toEqual([
      'order.delivered',
      'order.paid',
      'order.placed',
      'order.shipped',
    ]);
  });

  it('mails a cancelled paid order with the refund and the day the money should be back', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await paySandbox(t, shopper.token, order.id, SECRET);
    await deliver();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: bearer(shopper.token),
    });
    expect(cancelled.statusCode).toBe(200);
    const refund = cancelled.json<{ refund: { amount: number; expectedBy: string } }>().refund;
    const [mail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Your order ${order.id} is cancelled`);
    expect(mail?.text).toContain(`Your order ${order.id} is cancelled at your request.`);
    const day = new Date(`${refund.expectedBy}T00:00:00Z`).toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail?.text).toContain(`should be back by ${day}`);
    expect(mail?.text).toMatch(/We are refunding ₹[\d,]+\.\d\d/);
  });

  it('mails the shopper whose unpaid order expired', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await deliver();
    const expired = await runOrderExpiry(t.ctx.db, 60_000, undefined, new Date(Date.now() + 120_000));
    expect(expired).toContain(order.id);
    const mails = (await deliver()).filter((m) => m.subject.includes(order.id));
    expect(mails.map((m) => m.subject)).toEqual([`Your order ${order.id} is cancelled`]);
    expect(mails[0]?.text).toContain(`is cancelled because it was not paid within 30 minutes.`);
    expect(mails[0]?.text).toContain('Nothing was charged.');
  });
  it('says "Pay ₹X on delivery" for a cash-on-delivery order, and "paid on delivery" once delivered', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API}/products?limit=1` });
    const [cheap] = page.json<{ data: { id: string }[] }>().data;
    const order = await placeOrder(t.app, shopper.token, { [cheap?.id ?? '']: 1 });
    await deliver();
    const { response: cod } = await startPayment(t.app, shopper.token, order.id, 'cod');
    expect(cod.statusCode).toBe(200);
    const due = `₹${order.total.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const [confirmed, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(confirmed?.subject).toBe(`Order ${order.id} confirmed: pay on delivery`);
    expect(confirmed?.text).toContain(`Pay ${due} on delivery.`);
    for (const event of ['fulfilment.shipped', 'fulfilment.delivered'] as const)
      expect(
        await applyFulfilmentEvent(t.ctx.db, {
          externalId: `cod-${event}-${order.id}`,
          orderId: order.id,
          event,
          actor: 'courier',
          at: new Date(),
        }),
      ).toMatchObject({ kind: 'recorded' });
    // One claim sends both side by side: they may arrive in either order.
    const sent = await deliver();
    expect(sent).toHaveLength(2);
    const shipped = sent.find((mail) => mail.subject === `Your order ${order.id} has shipped`);
    const delivered = sent.find((mail) => mail.subject === `Your order ${order.id} was delivered`);
    expect(shipped?.text).toContain(`Please keep ${due} ready: you pay on delivery.`);
    expect(delivered?.text).toContain(`paid on delivery (${due})`);
  });
});

describe('return mail through the outbox', () => {
  it('mails each move of a return: the request with its lines, the pickup note, the refund through the gateway', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await paySandbox(t, shopper.token, order.id, SECRET);
    const move = { orderId: order.id, actor: 'courier' as const, at: new Date() };
    await applyFulfilmentEvent(t.ctx.db, {
      ...move,
      externalId: `s-${order.id}`,
      event: 'fulfilment.shipped',
    });
    await applyFulfilmentEvent(t.ctx.db, {
      ...move,
      externalId: `d-${order.id}`,
      event: 'fulfilment.delivered',
    });
    await deliver();
    const [line] = order.items;
    if (!line) throw new Error('no line');
    const asked = await t.app.inject({
      method: 'POST',
      url: `${API}/orders/${order.id}/returns`,
      headers: bearer(shopper.token),
      payload: { kind: 'return', reason: 'Changed my mind', lines: [{ itemId: line.id, quantity: 1 }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json<Order>().returns?.[0]?.id ?? '';
    const [requested, ...others] = await deliver();
    expect(others).toHaveLength(0);
    expect(requested?.subject).toBe(`We have your return request ${returnId} for order ${order.id}`);
    expect(requested?.text).toContain('Hello Asha,');
    expect(requested?.text).toContain(line.productTitle);
    expect(requested?.text).toContain('original packaging');
    expect(requested?.html).toContain(`<img src="${PUBLIC_URL}${line.imgUrl}" alt=""`);

    const at = new Date();
    const step = (
      externalId: string,
      event: Parameters<typeof applyReturnEvent>[1]['event'],
      note: string | null = null,
    ) => applyReturnEvent(t.ctx.db, { externalId, returnId, event, actor: 'operator', at, note });
    await step(`p-${returnId}`, 'return.pickupScheduled', 'Delhivery, 11 Dec, 10 am–2 pm');
    const [pickup] = await deliver();
    expect(pickup?.subject).toBe(`A pickup is booked for your return ${returnId}`);
    expect(pickup?.text).toContain('Delhivery, 11 Dec, 10 am–2 pm.');
    await step(`u-${returnId}`, 'return.pickedUp');
    await step(`r-${returnId}`, 'return.received');
    const amount = formatRupees(Math.round(line.price * 100));
    const sent = await deliver();
    // Sent side by side (the worker's batch): in any order.
    expect(sent.map((mail) => mail.subject).sort()).toEqual(
      [
        `Your return ${returnId} is on its way to us`,
        `We received your return ${returnId}`,
        `Your refund for return ${returnId}`,
      ].sort(),
    );
    const refund = sent.find((mail) => mail.subject === `Your refund for return ${returnId}`);
    expect(refund?.text).toContain(`we are refunding ${amount} to the way you paid`);
  });
});

describe('the mail worker', () => {
  /** A worker of its own on the test database, quiet, retrying at once; `batch` rows per round. */
  const worker = (db: typeof t.ctx.db, mailer: RecordingMailer, batch: number) =>
    new MailWorker(
      db,
      mailer,
      { store: TEST_STORE, origin: PUBLIC_URL, paymentWindowMinutes: 30 },
      { info() {}, warn() {}, error() {} },
      { retryBaseMs: 0, pollMs: 1000, sendTimeoutMs: 5000, batch },
    );

  it('retries a failing send with backoff, and gives up after MAIL_MAX_ATTEMPTS tries', async () => {
    await enqueueMail(t.ctx.db, {
      template: 'contact.acknowledgement',
      recipient: 'retry@example.in',
      data: { name: 'Ravi', subject: 'Sizes', message: 'Do you have XXL?' },
      dedupeKey: 'test:retry',
    });
    mailer.failNext = 2;
    const sent = await deliver();
    expect(sent.map((m) => m.to)).toEqual(['retry@example.in']);
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'test:retry'));
    expect(row).toMatchObject({ attempts: 3, lastError: null, failedAt: null });

    await enqueueMail(t.ctx.db, {
      template: 'contact.acknowledgement',
      recipient: 'never@example.in',
      data: { name: 'Ravi', subject: 'Sizes', message: 'Again' },
      dedupeKey: 'test:never',
    });
    mailer.failNext = Number.POSITIVE_INFINITY;
    expect(await deliver()).toHaveLength(0);
    mailer.failNext = 0;
    const [given] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'test:never'));
    expect(given?.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(given?.failedAt).toBeInstanceOf(Date);
    expect(given?.lastError).toContain('mail server busy');
    // Given up is final: later rounds leave it alone.
    expect(await deliver()).toHaveLength(0);
  });

  it('writes one mail per cause: the same key twice is one row', async () => {
    const mail = {
      template: 'contact.acknowledgement' as const,
      recipient: 'once@example.in',
      data: { name: 'Ravi', subject: 'Once', message: 'Once' },
      dedupeKey: 'test:once',
    };
    await enqueueMail(t.ctx.db, mail);
    await enqueueMail(t.ctx.db, mail);
    expect(
      await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'test:once')),
    ).toHaveLength(1);
    expect((await deliver()).filter((m) => m.to === 'once@example.in')).toHaveLength(1);
  });

  it("marks a round's sent mails sent in one statement, a secret mail's data wiped and the others' kept", async () => {
    for (const name of ['one', 'two', 'three'])
      await enqueueMail(t.ctx.db, {
        template: 'contact.acknowledgement',
        recipient: `round-${name}@example.in`,
        data: { name: 'Ravi', subject: `Round ${name}`, message: 'Hello' },
        dedupeKey: `test:round:${name}`,
      });
    await enqueueMail(t.ctx.db, {
      template: 'password.reset',
      recipient: 'round-reset@example.in',
      data: { link: `${PUBLIC_URL}/reset-password?token=secret-round-token`, firstName: 'Ravi' },
      dedupeKey: 'test:round:reset',
    });
    // Every statement the worker writes through drizzle's update().
    let updates = 0;
    const counted = new Proxy(t.ctx.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'update' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          updates++;
          return value.apply(target, args);
        };
      },
    });
    const recording = new RecordingMailer();
    await worker(counted, recording, 10).drain();
    expect(recording.sent.map((m) => m.to).filter((to) => to.startsWith('round-'))).toHaveLength(4);
    expect(updates).toBe(1);
    const rows = await t.ctx.db.select().from(mailOutbox);
    const round = rows.filter((row) => row.dedupeKey.startsWith('test:round:'));
    expect(round.every((row) => row.sentAt instanceof Date && row.lockedUntil === null)).toBe(true);
    expect(round.find((row) => row.template === 'password.reset')?.data).toEqual({});
    expect(round.find((row) => row.dedupeKey === 'test:round:one')?.data).toMatchObject({
      subject: 'Round one',
    });
  });

  it('two workers on one database send every row exactly once', async () => {
    for (let i = 0; i < 30; i++)
      await enqueueMail(t.ctx.db, {
        template: 'contact.acknowledgement',
        recipient: `pair-${i}@example.in`,
        data: { name: 'Ravi', subject: `Pair ${i}`, message: 'Hello' },
        dedupeKey: `test:pair:${i}`,
      });
    const a = new RecordingMailer();
    const b = new RecordingMailer();
    await Promise.all([worker(t.ctx.db, a, 4).drain(), worker(t.ctx.db, b, 4).drain()]);
    const to = [...a.sent, ...b.sent].map((m) => m.to).filter((x) => x.startsWith('pair-'));
    expect(to).toHaveLength(30);
    expect(new Set(to).size).toBe(30);
    const unsent = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'contact.acknowledgement'),
          eq(mailOutbox.recipient, 'pair-0@example.in'),
        ),
      );
    expect(unsent[0]?.sentAt).toBeInstanceOf(Date);
  });
});
