import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/context';
import { API, bearer, placeOrder, registerAndLogin, setupTestApp, withTestApp } from './helpers';

/** Config with these limits per IP and minute; a limit not named stays out of the way (testConfig). */
const limits = (rateLimit: Partial<ServerConfig['rateLimit']>): Partial<ServerConfig> => ({
  rateLimit: rateLimit as ServerConfig['rateLimit'],
});

const t = setupTestApp(limits({ authMax: 3, registerMax: 4, trackMax: 2, resetMax: 2, globalMax: 40 }));

const from = (ip: string) => ({ remoteAddress: ip });

function expect429(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    error: expect.stringMatching(/^Too many requests, please try again in \d+ seconds$/),
  });
}

describe('rate limits', () => {
  it('limits sign-in attempts per IP and email, leaving other emails and IPs alone', async () => {
    const attempt = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/users/authorize`,
        payload: { email, password: 'wrong-password' },
        ...from(ip),
      });
    for (let i = 0; i < 3; i++) expect((await attempt('victim@example.in', '10.0.0.1')).statusCode).toBe(401);
    expect429(await attempt('VICTIM@example.in ', '10.0.0.1'));
    expect((await attempt('other@example.in', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt('victim@example.in', '10.0.0.2')).statusCode).toBe(401);
  });

  it('never limits correct sign-ins, which do not count as failures', async () => {
    const shopper = await registerAndLogin(t.app);
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/users/authorize`,
        payload: { email: shopper.email, password: shopper.password },
        ...from('10.0.5.1'),
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('limits registrations per IP', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/users/register`,
        payload: { email: `rl${i}@example.in`, password: 'x', firstName: 'Asha', lastName: 'Verma' },
        ...from('10.0.1.1'),
      });
    for (let i = 0; i < 4; i++) expect((await attempt(i)).statusCode).toBe(400);
    expect429(await attempt(99));
  });

  it('limits order tracking per IP', async () => {
    const attempt = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/orders/SF-0000000000000000?contactInfo=x@y.in`,
        ...from(ip),
      });
    expect((await attempt('10.0.2.1')).statusCode).toBe(404);
    expect((await attempt('10.0.2.1')).statusCode).toBe(404);
    expect429(await attempt('10.0.2.1'));
    expect((await attempt('10.0.2.2')).statusCode).toBe(404);
  });

  it("does not count an owner's reads of their own order as tracking; guests still are", async () => {
    const shopper = await registerAndLogin(t.app);
    const order = await placeOrder(t.app, shopper.token);
    const read = (headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `${API}/orders/${order.id}${query}`, headers, ...from('10.0.8.1') });
    for (let i = 0; i < 5; i++) expect((await read(bearer(shopper.token))).statusCode).toBe(200);
    const asGuest = `?contactInfo=${encodeURIComponent(shopper.email)}`;
    expect((await read({}, asGuest)).statusCode).toBe(200);
    expect((await read({}, asGuest)).statusCode).toBe(200);
    expect429(await read({}, asGuest));
    expect((await read(bearer(shopper.token))).statusCode).toBe(200);
  });

  it('limits password-reset requests per IP', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/users/password-reset`,
        payload: { email: 'someone@example.in' },
        ...from('10.0.9.1'),
      });
    expect((await attempt()).statusCode).toBe(202);
    expect((await attempt()).statusCode).toBe(202);
    expect429(await attempt());
  });

  it('applies the global per-IP limit to everything else', async () => {
    let last = await t.app.inject({ method: 'GET', url: `${API}/storeInfo`, ...from('10.0.3.1') });
    let served = 0;
    while (last.statusCode === 200 && served < 100) {
      served++;
      last = await t.app.inject({ method: 'GET', url: `${API}/products?limit=1`, ...from('10.0.3.1') });
    }
    expect(served).toBe(40);
    expect429(last);
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/storeInfo`, ...from('10.0.3.2') })).statusCode,
    ).toBe(200);
  });
});

describe('rate limits: password spraying', () => {
  // authMax 1 makes the per-IP cap on failures across all emails 10 × 1 = 10.
  const spray = setupTestApp(
    limits({ authMax: 1, registerMax: 1000, trackMax: 1000, resetMax: 1000, globalMax: 1000 }),
  );

  const attempt = (email: string, password: string, ip: string) =>
    spray.app.inject({
      method: 'POST',
      url: `${API}/users/authorize`,
      payload: { email, password },
      ...from(ip),
    });

  it('limits failed sign-ins per IP across different emails', { timeout: 30_000 }, async () => {
    for (let i = 0; i < 10; i++) {
      expect((await attempt(`spray${i}@example.in`, 'wrong-password', '10.0.6.1')).statusCode).toBe(401);
    }
    expect429(await attempt('spray-new@example.in', 'wrong-password', '10.0.6.1'));
    // Another IP is unaffected.
    expect((await attempt('spray-new@example.in', 'wrong-password', '10.0.6.2')).statusCode).toBe(401);
  });

  it('does not count correct sign-ins towards the per-IP cap', { timeout: 30_000 }, async () => {
    const shopper = await registerAndLogin(spray.app);
    for (let i = 0; i < 9; i++) {
      expect((await attempt(`miss${i}@example.in`, 'wrong-password', '10.0.7.1')).statusCode).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      expect((await attempt(shopper.email, shopper.password, '10.0.7.1')).statusCode).toBe(200);
    }
    expect((await attempt('miss9@example.in', 'wrong-password', '10.0.7.1')).statusCode).toBe(401);
    expect429(await attempt('miss10@example.in', 'wrong-password', '10.0.7.1'));
  });
});

describe('rate limits with the defaults', () => {
  it('let 200 concurrent catalogue requests from one IP through', { timeout: 60_000 }, async () => {
    const defaults = limits({ authMax: 10, registerMax: 50, trackMax: 60, resetMax: 1000, globalMax: 3000 });
    await withTestApp(defaults, {}, async (app) => {
      const shopper = await registerAndLogin(app.app);
      await placeOrder(app.app, shopper.token);
      const responses = await Promise.all(
        Array.from({ length: 200 }, () =>
          app.app.inject({ method: 'GET', url: `${API}/products`, ...from('10.0.4.1') }),
        ),
      );
      expect(responses.filter((r) => r.statusCode !== 200)).toHaveLength(0);
    });
  });
});
