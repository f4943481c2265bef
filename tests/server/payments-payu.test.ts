import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentAttempts } from '../../server/db/schema';
import { API, myOrder, type Order, placeOrder, setupShopper, setupTestApp, startPayment } from './helpers';
import { PAYU_KEY, PAYU_SALT, payuCallbackFor, payuConfig, postPayuCallback } from './payu';

const PUBLIC_URL = 'https://shop.example.in';
const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

const t = setupTestApp(payuConfig(PUBLIC_URL));
const shopper = setupShopper(t);

async function startPayu(order: Order, method = 'card') {
  const { response, body } = await startPayment(t.app, shopper.token, order.id, method);
  expect(response.statusCode).toBe(200);
  return body;
}

const orderStatus = async (orderId: string) => (await myOrder(t.app, shopper.token, orderId))?.status;

async function attemptByReference(reference: string) {
  const [row] = await t.ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, reference));
  return row;
}

/** What PayU posts back for a started payment, hashed as PayU does unless the test tampers afterwards. */
const payuResponse = payuCallbackFor;

const callback = (body: Record<string, string>) => postPayuCallback(t.app, body);

describe('POST /payments with PayU configured', () => {
  it('answers a hashed form post to PayU test checkout when paying by card', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const body = await startPayu(order);
    expect(body.action?.type).toBe('redirect_post');
    const form = body.action?.formParams;
    expect(form?.type).toBe('POST');
    expect(form?.url).toBe('https://test.payu.in/_payment');
    const data = form?.data ?? {};
    expect(data).toMatchObject({
      key: PAYU_KEY,
      amount: order.total?.toFixed(2),
      productinfo: `Order ${order.id}`,
      firstname: 'Asha Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      surl: `${PUBLIC_URL}/api/v1/payments/payu/callback`,
      furl: `${PUBLIC_URL}/api/v1/payments/payu/callback`,
    });
    expect(data.hash).toBe(
      sha512(
        `${PAYU_KEY}|${data.txnid}|${data.amount}|${data.productinfo}|${data.firstname}|${data.email}|||||||||||${PAYU_SALT}`,
      ),
    );
    expect(await attemptByReference(data.txnid ?? '')).toMatchObject({
      provider: 'payu',
      method: 'card',
      status: 'created',
      orderId: order.id,
    });
  });

  it("sends UPI payments through PayU's page too, so PayU confirms them", async () => {
    const order = await placeOrder(t.app, shopper.token);
    const body = await startPayu(order, 'upi_qr');
    expect(body.action?.type).toBe('redirect_post');
    expect(body.action?.formParams?.url).toBe('https://test.payu.in/_payment');
  });

  it('hides the sandbox gateway when PayU is the active gateway', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/payments/sandbox/anything` });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /payments/payu/callback', () => {
  it('moves the order to Processing and redirects to order-success when the hash is genuine', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const data = (await startPayu(order)).action?.formParams?.data ?? {};
    const response = await callback(payuResponse(data));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/order-success?orderId=${order.id}`);
    expect(await orderStatus(order.id)).toBe(1);
    const attempt = await attemptByReference(data.txnid ?? '');
    expect(attempt?.status).toBe('succeeded');
    expect(attempt?.providerPayload).toMatchObject({ callback: { providerReference: '403993715521937' } });

    const replay = await callback(payuResponse(data));
    expect(replay.headers.location).toBe(`${PUBLIC_URL}/order-success?orderId=${order.id}`);
    expect(await orderStatus(order.id)).toBe(1);
  });

  it('records one success per order when PayU confirms several attempts of it at once; the rest fail, "order no longer pending"', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const started: Array<Record<string, string>> = [];
    for (let i = 0; i < 6; i++) started.push((await startPayu(order)).action?.formParams?.data ?? {});
    const responses = await Promise.all(started.map((data) => callback(payuResponse(data))));
    expect(responses.map((response) => response.statusCode)).toEqual(started.map(() => 303));
    const attempts = await Promise.all(started.map((data) => attemptByReference(data.txnid ?? '')));
    expect(attempts.filter((attempt) => attempt?.status === 'succeeded')).toHaveLength(1);
    const failed = attempts.filter((attempt) => attempt?.status === 'failed');
    expect(failed).toHaveLength(5);
    for (const attempt of failed)
      expect(attempt?.providerPayload).toMatchObject({ callback: { reason: 'order no longer pending' } });
    expect(await orderStatus(order.id)).toBe(1);
  });

  it.each([
    [
      'a field was tampered with',
      'created',
      (data: Record<string, string>) => ({ ...payuResponse(data, { status: 'failure' }), status: 'success' }),
    ],
    [
      'PayU reports a different amount than the attempt',
      'created',
      (data: Record<string, string>) => payuResponse(data, { amount: '1.00' }),
    ],
    [
      'the txnid is unknown',
      'created',
      (data: Record<string, string>) => payuResponse(data, { txnid: 'SFPUNKNOWN000000000' }),
    ],
    [
      'PayU reports a failure',
      'failed',
      (data: Record<string, string>) => payuResponse(data, { status: 'failure' }),
    ],
  ])(
    'keeps the order Pending and redirects with a failure notice when %s (the attempt is then %s)',
    async (_when, attemptStatus, respond) => {
      const order = await placeOrder(t.app, shopper.token);
      const data = (await startPayu(order)).action?.formParams?.data ?? {};
      const response = await callback(respond(data));
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${PUBLIC_URL}/orders?payment=failed`);
      expect(await orderStatus(order.id)).toBe(0);
      expect((await attemptByReference(data.txnid ?? ''))?.status).toBe(attemptStatus);
    },
  );

  it('answers 400 when the callback lacks the hash', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const data = (await startPayu(order)).action?.formParams?.data ?? {};
    const { hash: _hash, ...withoutHash } = payuResponse(data);
    const response = await callback(withoutHash);
    expect(response.statusCode).toBe(400);
    expect(await orderStatus(order.id)).toBe(0);
  });
});
