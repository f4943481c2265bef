import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/context';
import { OrderStatus, orders, paymentAttempts } from '../../server/db/schema';
import type { PaymentGateway, PaymentProvider } from '../../server/payments/provider';
import { GATEWAYS } from '../../server/payments/registry';
import { API, placeOrder, setupShopper, setupTestApp, startPayment, TEST_STORE, testConfig } from './helpers';

const PUBLIC_URL = 'https://shop.example.in';
const FAKEPAY_CHECKOUT = 'https://checkout.fakepay.example';
const FAKEPAY_API = 'https://api.fakepay.example';

/** A gateway the app has never heard of, registered the way a new one would be: one object. */
const fakepayProvider: PaymentProvider = {
  name: 'fakepay',
  // Offers one method the shop does not know, to see that it is refused rather than treated as another.
  fields: (base) =>
    base.map((field) =>
      field.name === 'method'
        ? { ...field, options: [...(field.options ?? []), { label: 'Net banking', value: 'netbanking' }] }
        : field,
    ),
  async start(attempt) {
    return {
      action: {
        type: 'redirect_post',
        formParams: { type: 'POST', url: `${FAKEPAY_CHECKOUT}/pay`, data: { ref: attempt.reference } },
      },
    };
  },
  async verifyCallback({ body }, attempts) {
    const ref = typeof body.ref === 'string' ? body.ref : undefined;
    if (!ref || (body.status !== 'paid' && body.status !== 'declined'))
      return { ok: false, kind: 'malformed', reason: 'The FakePay callback lacks ref or status' };
    const attempt = await attempts.byReference(ref);
    if (!attempt) return { ok: false, kind: 'unknown', reason: `Unknown FakePay ref ${ref}` };
    return {
      ok: true,
      attemptId: attempt.id,
      outcome: body.status === 'paid' ? 'success' : 'failure',
      amountPaise: attempt.amountPaise,
      providerReference: `fp-${ref}`,
    };
  },
  async refund() {
    return { status: 'queued' };
  },
};

const fakepay: PaymentGateway = {
  name: 'fakepay',
  label: 'FakePay',
  movesMoney: true,
  formActionOrigins: [FAKEPAY_CHECKOUT],
  connectOrigins: [FAKEPAY_API],
  callback: { path: '/payments/fakepay/return', strict: false },
  isEnabled: (config) => config.provider === 'fakepay',
  create: () => fakepayProvider,
};

/** Registered but not configured: its callbacks are refused. */
const dormant: PaymentGateway = {
  ...fakepay,
  name: 'dormant',
  label: 'Dormant Pay',
  formActionOrigins: ['https://dormant.example'],
  connectOrigins: [],
  callback: { path: '/payments/dormant/return', strict: false },
  isEnabled: () => false,
};

const t = setupTestApp(
  {
    publicUrl: PUBLIC_URL,
    payments: { provider: 'fakepay', sandboxSecret: 's', payu: null, upiVpa: '', upiPayeeName: '' },
  },
  { gateways: [...GATEWAYS, fakepay, dormant] },
);
const shopper = setupShopper(t);

/** The sources of one directive of a policy. */
function sources(policy: unknown, directive: string): string[] {
  const entry = String(policy)
    .split(';')
    .map((part) => part.trim().split(' '))
    .find(([name]) => name === directive);
  return entry?.slice(1) ?? [];
}

async function startFakepay(orderId: string): Promise<string> {
  const { response, body } = await startPayment(t.app, shopper.token, orderId, 'card');
  expect(response.statusCode).toBe(200);
  const action = body.action;
  expect(action?.formParams?.url).toBe(`${FAKEPAY_CHECKOUT}/pay`);
  return String(action?.formParams?.data?.ref);
}

function callback(path: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `${API}${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function statusOf(orderId: string) {
  const [row] = await t.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status;
}

describe('a registered gateway in the Content-Security-Policy', () => {
  it("lets the SPA post forms to the live gateway's checkout and call its API, naming no other gateway", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const policy = response.headers['content-security-policy'];
    expect(sources(policy, 'form-action')).toEqual(["'self'", PUBLIC_URL, FAKEPAY_CHECKOUT]);
    expect(sources(policy, 'connect-src')).toEqual(["'self'", FAKEPAY_API]);
  });

  it('leaves every gateway out of the API docs policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    const policy = String(response.headers['content-security-policy']);
    expect(sources(policy, 'form-action')).toEqual(["'self'"]);
    expect(sources(policy, 'connect-src')).toEqual(["'self'"]);
    expect(policy).not.toContain('fakepay');
  });
});

describe('a registered gateway’s callback route', () => {
  it('settles the attempt and sends the shopper to order-success when the gateway reports payment', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const ref = await startFakepay(order.id);
    const response = await callback('/payments/fakepay/return', { ref, status: 'paid' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/order-success?orderId=${order.id}`);
    expect(await statusOf(order.id)).toBe(OrderStatus.Processing);
    const [attempt] = await t.ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, ref));
    expect(attempt).toMatchObject({ provider: 'fakepay', status: 'succeeded' });
  });

  it('keeps the order Pending and shows the failure notice when the gateway declines', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const ref = await startFakepay(order.id);
    const response = await callback('/payments/fakepay/return', { ref, status: 'declined' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/orders?payment=failed`);
    expect(await statusOf(order.id)).toBe(OrderStatus.Pending);
  });

  it('answers an unknown reference with the failure notice and a malformed callback with 400', async () => {
    const unknown = await callback('/payments/fakepay/return', { ref: 'SFP-NOPE', status: 'paid' });
    expect(unknown.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(`${PUBLIC_URL}/orders?payment=failed`);
    const malformed = await callback('/payments/fakepay/return', { status: 'paid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'The FakePay callback lacks ref or status' });
  });

  it('refuses the callback of a gateway that is registered but not configured', async () => {
    const response = await callback('/payments/dormant/return', { ref: 'x', status: 'paid' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Dormant Pay is not configured' });
  });
});

describe('POST /payments with a method the server does not know', () => {
  it('answers 500 and records no attempt instead of starting another method', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const { response } = await startPayment(t.app, shopper.token, order.id, 'netbanking');
    expect(response.statusCode).toBe(500);
    const attempts = await t.ctx.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id));
    expect(attempts).toEqual([]);
  });
});

describe('buildApp with gateways', () => {
  const noDatabase = {} as Database;

  it('refuses to start when the configured gateway is not registered', async () => {
    const config = testConfig({
      payments: { provider: 'razorpay', sandboxSecret: 's', payu: null, upiVpa: '', upiPayeeName: '' },
    });
    await expect(buildApp({ config, db: noDatabase, store: TEST_STORE, logger: false })).rejects.toThrow(
      'Unknown payment gateway "razorpay" (registered: sandbox, payu)',
    );
  });

  it('refuses to start when two gateways share a name', async () => {
    await expect(
      buildApp({
        config: testConfig(),
        db: noDatabase,
        store: TEST_STORE,
        logger: false,
        gateways: [...GATEWAYS, { ...fakepay, name: 'payu' }],
      }),
    ).rejects.toThrow('Payment gateway "payu" is registered twice');
  });
});
