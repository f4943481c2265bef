/**
 * docs/security.md row 12 (production hardening): in production CORS admitted any
 * localhost/127.0.0.1 port with credentials, 79 source maps were served, no HSTS even when the request
 * came over https through a trusted proxy, and the CSP listed PayU's origins while PayU was off.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYU_PAYMENT_URLS } from '../../server/payments/payu';
import { attack, ROOT, requireBuild, type Shop, setupShops } from './harness';

const PAYU_ORIGINS = Object.values(PAYU_PAYMENT_URLS).map((url) => new URL(url).origin);
const ADMIN = 'https://admin.example.in';

beforeAll(() => requireBuild(7, 'checks the files the build serves'));

const shops = setupShops({
  /** Production, sandbox payments, no proxy trusted, no CORS_ORIGINS. */
  plain: {},
  /** Production with PayU, one trusted proxy hop and an extra CORS origin. */
  proxied: {
    PAYMENTS: 'payu',
    PAYU_KEY: 'row7-key',
    PAYU_SALT: 'row7-salt',
    TRUST_PROXY: '1',
    CORS_ORIGINS: ADMIN,
  },
});

describe('row 7: production hardening', () => {
  it('serves no source map', async () => {
    const maps = readdirSync(join(ROOT, 'dist/assets')).filter((name) => name.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(0);
    const statuses = await Promise.all(
      maps.map(async (name) => (await fetch(`${shops.plain.url}/assets/${name}`)).status),
    );
    expect(statuses.filter((status) => status !== 404)).toEqual([]);
    // The script itself is still served.
    const script = maps[0]?.replace(/\.map$/, '') as string;
    expect((await fetch(`${shops.plain.url}/assets/${script}`)).status).toBe(200);
    attack(
      7,
      `GET each of the build's ${maps.length} /assets/*.map`,
      'all 404: production serves no source map (they stay in dist/ for the operator)',
    );
  });

  it('admits no loopback origin with credentials, only PUBLIC_URL and CORS_ORIGINS', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://localhost']) {
      const simple = await fetch(`${shops.plain.url}/api/v1/storeInfo`, { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin'), origin).toBeNull();
      const preflight = await fetch(`${shops.plain.url}/api/v1/users/authorize`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const admin = await fetch(`${shops.proxied.url}/api/v1/storeInfo`, { headers: { origin: ADMIN } });
    expect(admin.headers.get('access-control-allow-origin')).toBe(ADMIN);
    expect(admin.headers.get('access-control-allow-credentials')).toBe('true');
    attack(
      7,
      'Origin: http://localhost:5173 (and other loopback ports) on the API, with and without preflight',
      'no Access-Control-Allow-Origin in production; a CORS_ORIGINS origin is admitted',
    );
  });

  it('sends HSTS only when a trusted proxy says the request came over https', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await fetch(`${shops.proxied.url}/`, { headers: https });
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const api = await fetch(`${shops.proxied.url}/api/v1/storeInfo`, { headers: https });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await fetch(`${shops.proxied.url}/`)).headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY anyone could write X-Forwarded-Proto: it is not read.
    expect(
      (await fetch(`${shops.plain.url}/`, { headers: https })).headers.get('strict-transport-security'),
    ).toBeNull();
    attack(
      7,
      'GET / with X-Forwarded-Proto: https behind TRUST_PROXY=1, and without a trusted proxy',
      'Strict-Transport-Security: max-age=31536000 via the trusted proxy only',
    );
  });

  it('names PayU in the CSP only when PayU is configured', async () => {
    const policy = async (shop: Shop) =>
      (await fetch(`${shop.url}/`)).headers.get('content-security-policy') ?? '';
    const sandboxPolicy = await policy(shops.plain);
    const payuPolicy = await policy(shops.proxied);
    for (const origin of PAYU_ORIGINS) {
      expect(sandboxPolicy).not.toContain(origin);
      expect(payuPolicy).toContain(origin);
    }
    attack(
      7,
      'read the CSP of a sandbox shop and of a PayU shop',
      `PayU's origins (${PAYU_ORIGINS.join(', ')}) only in the PayU shop's form-action`,
    );
  });
});
