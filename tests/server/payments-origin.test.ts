import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy } from '../../server/app';
import { loadConfig, trustProxyFrom } from '../../server/infra/config';
import {
  API,
  bearer,
  type PaymentResponse,
  placeOrder,
  sandboxPayments,
  setupShopper,
  setupTestApp,
  type TestApp,
} from './helpers';

const SANDBOX = sandboxPayments('origin-test-secret');

const card = {
  payerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+919876543210',
  method: 'card',
};

async function startCard(t: TestApp, token: string, headers: Record<string, string>) {
  const order = await placeOrder(t.app, token);
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/payments`,
    headers: { ...bearer(token), ...headers },
    payload: { orderId: order.id, fields: card },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<PaymentResponse>();
  const action = body.action;
  if (action?.type !== 'redirect_post') throw new Error(`expected redirect_post, got ${response.body}`);
  return { order, action, redirectUrl: body.redirectUrl ?? '' };
}

describe('gateway URLs follow the address the shopper used (no PUBLIC_URL)', () => {
  const t = setupTestApp({ publicUrl: null, trustProxy: false, payments: SANDBOX });
  const shopper = setupShopper(t);

  it('posts the card form to the sandbox on 127.0.0.1 when the shop was opened there', async () => {
    const { action } = await startCard(t, shopper.token, { host: '127.0.0.1:8044' });
    expect(action.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:8044\/api\/v1\/payments\/sandbox\//);
    expect(action.formParams?.url).toBe(action.redirectUrl);
  });

  it('ignores X-Forwarded-* when no proxy is trusted', async () => {
    const { action } = await startCard(t, shopper.token, {
      host: 'localhost:8044',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(action.redirectUrl).toMatch(/^http:\/\/localhost:8044\//);
  });

  it('falls back to localhost for a Host that is not a host name', async () => {
    const { action } = await startCard(t, shopper.token, { host: 'a b/c' });
    expect(action.redirectUrl).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/payments\/sandbox\//);
  });

  it('returns the shopper to the same origin after the sandbox, and lets its forms go there', async () => {
    const { order, action } = await startCard(t, shopper.token, { host: '127.0.0.1:8044' });
    const path = new URL(action.redirectUrl ?? '').pathname;
    const page = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { host: '127.0.0.1:8044', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain(
      "form-action 'self' http://127.0.0.1:8044",
    );
    const signature = /name="signature" value="([0-9a-f]+)"/.exec(page.body)?.[1] ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: `${path}/complete`,
      headers: { host: '127.0.0.1:8044', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ outcome: 'success', signature }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      `http://127.0.0.1:8044/order-success?orderId=${encodeURIComponent(order.id)}`,
    );
  });

  it("keeps the SPA's form-action to our own origin while the sandbox takes payments (no PayU)", async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/storeInfo` });
    expect(String(response.headers['content-security-policy'])).toContain("form-action 'self';");
  });
});

describe('behind a trusted proxy', () => {
  const t = setupTestApp({ publicUrl: null, trustProxy: true, payments: SANDBOX });
  const shopper = setupShopper(t);

  it('builds the gateway URL from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const { action } = await startCard(t, shopper.token, {
      host: '10.0.0.5:8044',
      'x-forwarded-host': 'shop.example.in',
      'x-forwarded-proto': 'https',
    });
    expect(action.redirectUrl).toMatch(/^https:\/\/shop\.example\.in\/api\/v1\/payments\/sandbox\//);
  });
});

describe('PUBLIC_URL overrides the request origin', () => {
  const t = setupTestApp({ publicUrl: 'https://shop.example.in', payments: SANDBOX });
  const shopper = setupShopper(t);

  it('uses PUBLIC_URL for the gateway and allows it as a form target', async () => {
    const { action } = await startCard(t, shopper.token, { host: '127.0.0.1:8044' });
    expect(action.redirectUrl).toMatch(/^https:\/\/shop\.example\.in\/api\/v1\/payments\/sandbox\//);
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(response.headers['content-security-policy'])).toContain(
      "form-action 'self' https://shop.example.in;",
    );
  });
});

describe('configuration', () => {
  it('leaves PUBLIC_URL unset by default and trusts no proxy', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.publicUrl).toBeNull();
    expect(config.trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as off, a hop count (true is one hop), or a list of proxy addresses', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('false')).toBe(false);
    expect(trustProxyFrom('0')).toBe(false);
    // Never "trust every peer": `true` and `1` both mean the one proxy in front of us.
    expect(trustProxyFrom('true')).toBe(1);
    expect(trustProxyFrom('1')).toBe(1);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trustProxyFrom('loopback,::1')).toEqual(['loopback', '::1']);
    expect(() => trustProxyFrom('yes')).toThrow(/TRUST_PROXY must be a hop count/);
    expect(() => trustProxyFrom('11')).toThrow(/from 1 to 10/);
  });

  it('takes the client address that many hops from the right of X-Forwarded-For', async () => {
    for (const [hops, ip] of [
      [1, '198.51.100.2'],
      [2, '198.51.100.1'],
    ] as const) {
      const app = Fastify({ trustProxy: fastifyTrustProxy(hops) });
      app.get('/ip', (request) => ({ ip: request.ip, protocol: request.protocol }));
      const response = await app.inject({
        url: '/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 198.51.100.2', 'x-forwarded-proto': 'https' },
      });
      expect(response.json(), `${hops} hops`).toEqual({ ip, protocol: 'https' });
      await app.close();
    }
  });
});
