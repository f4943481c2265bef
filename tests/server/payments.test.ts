import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orderEvents, orders, paymentAttempts } from '../../server/db/schema';
import { GSTIN_FORMAT_MESSAGE } from '../../server/payments/fields';
import { settleAttempt } from '../../server/payments/payments.repository';
import { sandboxSignature } from '../../server/payments/sandbox';
import { SANDBOX_TITLE } from '../../server/payments/sandbox-page';
import {
  API,
  bearer,
  myOrder,
  type PaymentField,
  type PaymentResponse,
  placeOrder,
  registerAndLogin,
  sandboxPayments,
  setupShopper,
  setupTestApp,
  TEST_UPI,
} from './helpers';

const PUBLIC_URL = 'https://shop.example.in';
const SECRET = 'payments-test-secret';

const t = setupTestApp({
  publicUrl: PUBLIC_URL,
  payments: sandboxPayments(SECRET, TEST_UPI),
});
const shopper = setupShopper(t, { firstName: 'Asha', lastName: 'Verma' });

const fieldsFor = (method: string, extra: Record<string, unknown> = {}) => ({
  payerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+919876543210',
  method,
  ...extra,
});

/** POST /payments of `orderId` with `fields` (and `extra` body members), as `auth` (null: no one signed in). */
function pay(
  orderId: string,
  fields: Record<string, unknown>,
  auth: string | null = shopper.token,
  extra: Record<string, unknown> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/payments`,
    headers: auth ? bearer(auth) : {},
    payload: { orderId, fields, ...extra },
  });
}

async function orderStatus(orderId: string, auth = shopper.token): Promise<number | undefined> {
  return (await myOrder(t.app, auth, orderId))?.status;
}

async function attemptRow(attemptId: string) {
  const [row] = await t.ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  return row;
}

/** Starts a card payment in the sandbox and returns the attempt id its form points at. */
async function startSandbox(orderId: string, method = 'card'): Promise<string> {
  const response = await pay(orderId, fieldsFor(method));
  expect(response.statusCode).toBe(200);
  const body = response.json<PaymentResponse>();
  const url = body.action?.formParams?.url ?? body.redirectUrl ?? '';
  const attemptId = url.split('/payments/sandbox/')[1];
  if (!attemptId) throw new Error(`no sandbox page in ${response.body}`);
  return decodeURIComponent(attemptId);
}

function complete(attemptId: string, outcome: 'success' | 'failure', signature?: string) {
  const row = attemptRow(attemptId);
  return row.then((attempt) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/${encodeURIComponent(attemptId)}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        outcome,
        signature: signature ?? sandboxSignature(SECRET, attemptId, outcome, attempt?.amountPaise ?? 0),
      }).toString(),
    }),
  );
}

describe('GET /payments/fields', () => {
  it('answers the §3 field definitions when called anonymously', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/payments/fields` });
    expect(response.statusCode).toBe(200);
    const { fields } = response.json<{ fields: PaymentField[] }>();
    expect(fields.map((field) => field.name)).toEqual([
      'payerName',
      'email',
      'phone',
      'method',
      'businessName',
      'gstin',
    ]);
    expect(fields.find((field) => field.name === 'phone')).toMatchObject({
      type: 'tel',
      defaultValue: '+91',
      placeholder: '+91XXXXXXXXXX',
      rules: { required: true, minLength: 13, maxLength: 13, pattern: '^\\+91[6-9][0-9]{9}$' },
    });
    expect(fields.find((field) => field.name === 'gstin')?.showWhenFilled).toEqual(['businessName']);
    expect(fields.find((field) => field.name === 'email')?.defaultValue).toBeUndefined();
  });

  it("prefills the shopper's name and email when signed in", async () => {
    const shopper = await registerAndLogin(t.app, { firstName: 'Ravi', lastName: 'Kumar' });
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/payments/fields`,
      headers: bearer(shopper.token),
    });
    const { fields } = response.json<{ fields: PaymentField[] }>();
    expect(fields.find((field) => field.name === 'payerName')?.defaultValue).toBe('Ravi Kumar');
    expect(fields.find((field) => field.name === 'email')?.defaultValue).toBe(shopper.email);
  });

  it('answers the anonymous form when the shopper.token is stale', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/payments/fields`,
      headers: bearer('x'.repeat(43)),
    });
    expect(response.statusCode).toBe(200);
    const { fields } = response.json<{ fields: PaymentField[] }>();
    expect(fields.find((field) => field.name === 'email')?.defaultValue).toBeUndefined();
  });
});

describe('POST /payments', () => {
  it('answers 401 when no one is signed in', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await pay(order.id, fieldsFor('upi_qr'), null);
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ extra: 'x' }, { error: 'extra: Unknown payment field' }],
    [{ payerName: '' }, { error: 'Please enter your name', field: 'payerName' }],
    [{ payerName: 'A' }, { error: 'Must be at least 2 characters', field: 'payerName' }],
    [{ email: 'asha@example' }, { error: 'Please enter a valid email address', field: 'email' }],
    [{ phone: '+915876543210' }, { error: 'Invalid phone number format', field: 'phone' }],
    [{ phone: '+91987654321' }, { error: 'Phone number must have at least 13 characters', field: 'phone' }],
    [
      { phone: '+9198765432100' },
      { error: 'Phone number must have no more than 13 characters', field: 'phone' },
    ],
    [{ phone: '+91987654321a' }, { error: 'Invalid phone number format', field: 'phone' }],
    [{ method: 'cash' }, { error: 'Please choose one of the options', field: 'method' }],
    [{ method: '' }, { error: 'Please choose how to pay', field: 'method' }],
    [{ phone: 919876543210 }, { error: 'Must be text', field: 'phone' }],
    [{ businessName: 'Verma Textiles' }, { error: 'Please enter the GSTIN for the invoice', field: 'gstin' }],
    [
      { businessName: 'Verma Textiles', gstin: 'GSTIN123' },
      { error: `${GSTIN_FORMAT_MESSAGE}; this has 8`, field: 'gstin' },
    ],
  ])(
    'answers 400 naming the field and records nothing when the fields break a rule (%j)',
    async (change, body) => {
      const order = await placeOrder(t.app, shopper.token);
      const response = await pay(order.id, { ...fieldsFor('upi_qr'), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(body);
      const rows = await t.ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
      expect(rows).toHaveLength(0);
    },
  );

  it('answers 400 when the client tries to send an amount', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await pay(order.id, fieldsFor('upi_qr'), shopper.token, { amount: 1 });
    expect(response.statusCode).toBe(400);
  });

  it("answers the same 404 when the order is someone else's or does not exist", async () => {
    const order = await placeOrder(t.app, shopper.token);
    const stranger = await registerAndLogin(t.app);
    const foreign = await pay(order.id, fieldsFor('upi_qr'), stranger.token);
    const missing = await pay('SF-0000000000000000', fieldsFor('upi_qr'), stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Order not found' });
    expect(missing.json()).toEqual(foreign.json());
  });

  it('answers a UPI QR action for the stored total when paying by QR', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await pay(order.id, fieldsFor('upi_qr'));
    expect(response.statusCode).toBe(200);
    const body = response.json<PaymentResponse>();
    expect(body.success).toBe(true);
    expect(body.action?.type).toBe('qr');
    const link = new URL(body.action?.qr ?? '');
    expect(`${link.protocol}//${link.host}`).toBe('upi://pay');
    const params = Object.fromEntries(link.searchParams);
    expect(params).toMatchObject({
      pa: 'statefront@upi',
      pn: 'Statefront Clothing',
      cu: 'INR',
      tn: `Order ${order.id}`,
    });
    expect(params.am).toBe(order.total?.toFixed(2));
    expect(
      Buffer.from(body.action?.qrBase64 ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const attemptId = decodeURIComponent(body.redirectUrl?.split('/payments/sandbox/')[1] ?? '');
    expect(body.redirectUrl).toBe(`${PUBLIC_URL}/api/v1/payments/sandbox/${encodeURIComponent(attemptId)}`);
    const row = await attemptRow(attemptId);
    expect(row).toMatchObject({
      orderId: order.id,
      provider: 'sandbox',
      method: 'upi_qr',
      status: 'created',
      reference: params.tr,
      amountPaise: Math.round((order.total ?? 0) * 100),
    });
    expect(attemptId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('answers a UPI deeplink when paying with a UPI app', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await pay(order.id, fieldsFor('upi_intent'));
    const body = response.json<PaymentResponse>();
    expect(body.action?.type).toBe('deeplink');
    expect(body.action?.redirectUrl).toMatch(
      /^upi:\/\/pay\?pa=statefront@upi&pn=Statefront%20Clothing&am=\d+\.\d{2}&cu=INR&tr=SFP/,
    );
  });

  it('answers a form to the sandbox gateway page that the browser can submit when paying by card', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const response = await pay(order.id, fieldsFor('card'));
    const body = response.json<PaymentResponse>();
    expect(body.action?.type).toBe('redirect_post');
    const form = body.action?.formParams;
    expect(form?.type).toBe('POST');
    expect(form?.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/payments/sandbox/[A-Za-z0-9_-]{22}$`));
    expect(form?.data).toEqual({ attemptId: decodeURIComponent(form?.url.split('/').pop() ?? '') });
    expect(body.action?.redirectUrl).toBe(form?.url);

    // What a spec §4 browser does with it: POST a hidden form carrying type, url and data[...] to redirectUrl.
    const fields = new URLSearchParams({ type: form?.type ?? '', url: form?.url ?? '' });
    for (const [key, value] of Object.entries(form?.data ?? {})) fields.set(`data[${key}]`, value);
    const posted = await t.app.inject({
      method: 'POST',
      url: new URL(body.action?.redirectUrl ?? '').pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: fields.toString(),
    });
    expect(posted.statusCode).toBe(303);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(String(posted.headers.location)).pathname,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(order.id);
    expect(page.body).toContain('Fail payment');
  });
});

describe('GET /payments/{attemptId}', () => {
  const status = (attemptId: string, auth = shopper.token) =>
    t.app.inject({
      method: 'GET',
      url: `${API}/payments/${encodeURIComponent(attemptId)}`,
      headers: bearer(auth),
    });

  async function startQr(orderId: string) {
    const body = (await pay(orderId, fieldsFor('upi_qr'))).json<PaymentResponse>();
    expect(body.attemptId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    return body.attemptId ?? '';
  }

  it('follows one attempt: pending, then failed when the shopper fails it on the gateway', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startQr(order.id);
    const pending = await status(attemptId);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ status: 'pending' });
    await complete(attemptId, 'failure');
    expect((await status(attemptId)).json()).toEqual({ status: 'failed' });
  });

  it('says paid once the gateway approves it', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startQr(order.id);
    await complete(attemptId, 'success');
    expect((await status(attemptId)).json()).toEqual({ status: 'paid' });
  });

  it('says expired when an attempt is unpaid after its 10 minutes', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startQr(order.id);
    await t.ctx.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(Date.now() - 10 * 60 * 1000 - 1000) })
      .where(eq(paymentAttempts.id, attemptId));
    expect((await status(attemptId)).json()).toEqual({ status: 'expired' });
  });

  it("answers 401 signed out and the same 404 for someone else's attempt or none", async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startQr(order.id);
    const other = await registerAndLogin(t.app, { firstName: 'Ravi', lastName: 'Kumar' });
    expect((await t.app.inject({ method: 'GET', url: `${API}/payments/${attemptId}` })).statusCode).toBe(401);
    const theirs = await status(attemptId, other.token);
    const none = await status('no-such-attempt');
    expect(theirs.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
  });
});

describe('GET /payments/sandbox/{attemptId}', () => {
  it('shows the labelled test gateway with the amount and two buttons under a strict CSP', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id, 'upi_qr');
    const response = await t.app.inject({ method: 'GET', url: `${API}/payments/sandbox/${attemptId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(
      order.total ?? 0,
    );
    expect(response.body).toContain(SANDBOX_TITLE);
    expect(response.body).toContain('Statefront Test');
    expect(response.body).toContain(order.id);
    expect(response.body).toContain(`Pay ${amount}`);
    expect(response.body).toContain('Fail payment');
    expect(response.body).toContain(`action="/api/v1/payments/sandbox/${attemptId}/complete"`);
  });

  it('answers 404 when the attempt does not exist', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `${API}/payments/sandbox/nope`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Payment not found');
    const api = await t.app.inject({ method: 'GET', url: `${API}/payments/sandbox/nope` });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Payment attempt not found' });
  });
});

describe('POST /payments/sandbox/{attemptId}', () => {
  it('answers the spec §4 form post with 303 to the gateway page (Back never resubmits)', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/${attemptId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({
        type: 'GET',
        url: 'https://elsewhere.example',
        'data[attemptId]': attemptId,
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/api/v1/payments/sandbox/${attemptId}`);
    const page = await t.app.inject({ method: 'GET', url: `${API}/payments/sandbox/${attemptId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(order.id);
    expect(page.body).toContain('Fail payment');
    expect(page.body).not.toContain('elsewhere.example');
  });
});

describe('POST /payments/sandbox/{attemptId}/complete', () => {
  it('moves the order to Processing and redirects to order-success when the shopper pays', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const response = await complete(attemptId, 'success');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/order-success?orderId=${order.id}`);
    expect(await orderStatus(order.id)).toBe(1);
    expect((await attemptRow(attemptId))?.status).toBe('succeeded');

    const page = await t.app.inject({ method: 'GET', url: `${API}/payments/sandbox/${attemptId}` });
    expect(page.body).toContain('This payment succeeded.');
    expect(page.body).not.toContain('Fail payment');
  });

  it('refuses a second payment when the order is no longer pending', async () => {
    const order = await placeOrder(t.app, shopper.token);
    await complete(await startSandbox(order.id), 'success');
    const again = await pay(order.id, fieldsFor('upi_qr'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This order is not awaiting payment' });
  });

  it('leaves the order Pending and redirects with a failure notice when the shopper fails it, then allows a retry', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const response = await complete(attemptId, 'failure');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/orders?payment=failed`);
    expect(await orderStatus(order.id)).toBe(0);
    expect((await attemptRow(attemptId))?.status).toBe('failed');

    const retry = await startSandbox(order.id, 'upi_qr');
    expect((await complete(retry, 'success')).headers.location).toBe(
      `${PUBLIC_URL}/order-success?orderId=${order.id}`,
    );
    expect(await orderStatus(order.id)).toBe(1);
  });

  it('answers 400 and changes nothing when the signature is forged', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const attempt = await attemptRow(attemptId);
    const forgeries = [
      sandboxSignature('guessed-secret', attemptId, 'success', attempt?.amountPaise ?? 0),
      sandboxSignature(SECRET, attemptId, 'success', 100),
      sandboxSignature(SECRET, attemptId, 'failure', attempt?.amountPaise ?? 0),
    ];
    for (const signature of forgeries) {
      const response = await complete(attemptId, 'success', signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Invalid payment signature' });
    }
    expect(await orderStatus(order.id)).toBe(0);
    expect((await attemptRow(attemptId))?.status).toBe('created');
  });

  it("answers 400 and changes nothing when the order's total is no longer the attempt's amount", async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    // Nothing in the shop changes a placed order's total; a row edited by hand must not be paid.
    await t.ctx.db.update(orders).set({ totalPaise: 1 }).where(eq(orders.id, order.id));
    const response = await complete(attemptId, 'success');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Payment amount does not match the order' });
    expect(await orderStatus(order.id)).toBe(0);
    expect((await attemptRow(attemptId))?.status).toBe('created');
    const events = await t.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.note)).toEqual(['Order placed']);
  });

  it('records the payment once on the timeline with one mail, in the transaction that moves the order', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    await complete(attemptId, 'success');
    await complete(attemptId, 'success');
    const events = await t.ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.actor, event.note])).toEqual([
      [null, 0, 'shopper', 'Order placed'],
      [0, 1, 'gateway', 'Payment received'],
    ]);
    const mail = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mail.map((row) => [row.template, row.eventId, row.dedupeKey]).sort()).toEqual(
      [
        ['order.paid', events[1]?.id, `event:${events[1]?.id}`],
        ['order.placed', events[0]?.id, `event:${events[0]?.id}`],
      ].sort(),
    );
  });

  it('answers 400 when the callback carries fields the contract does not allow', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/sandbox/${attemptId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success&signature=abc&amount=1',
    });
    expect(response.statusCode).toBe(400);
    expect(await orderStatus(order.id)).toBe(0);
  });

  it('answers 404 when the attempt does not exist', async () => {
    const response = await complete('unknown-attempt', 'success', 'a'.repeat(64));
    expect(response.statusCode).toBe(404);
  });

  it('changes nothing and redirects to the recorded result when a callback is replayed', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    await complete(attemptId, 'success');
    const before = await attemptRow(attemptId);

    const replay = await complete(attemptId, 'success');
    const flipped = await complete(attemptId, 'failure');
    for (const response of [replay, flipped]) {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/order-success?orderId=${order.id}`);
    }
    const after = await attemptRow(attemptId);
    expect(after?.status).toBe('succeeded');
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(await orderStatus(order.id)).toBe(1);
  });

  it('settles exactly once when success and failure callbacks race', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const [a, b] = await Promise.all([complete(attemptId, 'success'), complete(attemptId, 'failure')]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    // Whichever won, both browsers are sent to the same, recorded result.
    expect(a.headers.location).toBe(b.headers.location);
    const status = (await attemptRow(attemptId))?.status;
    expect(a.headers.location).toBe(
      status === 'succeeded'
        ? `${PUBLIC_URL}/order-success?orderId=${order.id}`
        : `${PUBLIC_URL}/orders?payment=failed`,
    );
    expect(await orderStatus(order.id)).toBe(status === 'succeeded' ? 1 : 0);
  });

  it('records exactly one succeeded attempt when every attempt of one order is approved at once', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attempts: string[] = [];
    for (let i = 0; i < 8; i++) attempts.push(await startSandbox(order.id, i % 2 ? 'upi_qr' : 'card'));
    const responses = await Promise.all(attempts.map((attemptId) => complete(attemptId, 'success')));
    const rows = await Promise.all(attempts.map(attemptRow));
    expect(rows.filter((row) => row?.status === 'succeeded')).toHaveLength(1);
    const failed = rows.filter((row) => row?.status === 'failed');
    expect(failed).toHaveLength(7);
    for (const row of failed)
      expect(row?.providerPayload).toMatchObject({
        callback: { outcome: 'success', reason: 'order no longer pending' },
      });
    const locations = responses.map((response) => response.headers.location);
    expect(locations.filter((l) => l === `${PUBLIC_URL}/order-success?orderId=${order.id}`)).toHaveLength(1);
    expect(locations.filter((l) => l === `${PUBLIC_URL}/orders?payment=failed`)).toHaveLength(7);
    expect(await orderStatus(order.id)).toBe(1);
  });

  it('moves the order once when two identical callbacks arrive together', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const responses = await Promise.all([complete(attemptId, 'success'), complete(attemptId, 'success')]);
    for (const response of responses) {
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/order-success?orderId=${order.id}`);
    }
    expect(await orderStatus(order.id)).toBe(1);
  });
});

describe('settleAttempt', () => {
  it('reports exactly one change and one order move when settled concurrently', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const attemptId = await startSandbox(order.id);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => settleAttempt(t.ctx.db, attemptId, 'success', { test: true })),
    );
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(results.filter((result) => result.orderMoved)).toHaveLength(1);
    expect(results.every((result) => result.status === 'succeeded')).toBe(true);
  });

  it('succeeds one of two different attempts and records the other as failed, "order no longer pending"', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const first = await startSandbox(order.id);
    const second = await startSandbox(order.id, 'upi_qr');
    const results = await Promise.all([
      settleAttempt(t.ctx.db, first, 'success', {}),
      settleAttempt(t.ctx.db, second, 'success', {}),
    ]);
    expect(results.filter((result) => result.orderMoved)).toHaveLength(1);
    expect(results.map((result) => result.status).sort()).toEqual(['failed', 'succeeded']);
    expect(results.filter((result) => result.refused)).toHaveLength(1);
    expect(await orderStatus(order.id)).toBe(1);
  });
});

describe('POST /payments/payu/callback', () => {
  it('answers 400 when PayU is not configured', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/payments/payu/callback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'txnid=SFP1&status=success&amount=1.00&hash=abc',
    });
    expect(response.statusCode).toBe(400);
  });
});
