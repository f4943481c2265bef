/**
 * Row 27: a NODE_ENV other than exactly `production` — unset, as a unit file written from
 * docs/deploy.md gives, or `staging` — ran every development convenience: a silent self-approving
 * sandbox without its banner, any FULFILMENT_SECRET, source maps served and loopback CORS. Now only
 * NODE_ENV=development (server/infra/config.ts isDevelopment) turns a production guard off.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { attack, ROOT, requireBuild, type Shop, setupShops, startRefused } from './harness';

const BANNER = 'Sandbox — no money moves';
const LOOPBACK = 'http://localhost:5173';

beforeAll(() => requireBuild(27, 'checks the pages and source maps the build serves'));

const shops = setupShops({
  /** NODE_ENV unset with PAYMENTS=sandbox: what a forgotten line in a unit file gives. */
  unset: { NODE_ENV: '', PAYMENTS: 'sandbox' },
  /** NODE_ENV=development: the one setting that turns the guards off. */
  development: { NODE_ENV: 'development', PAYMENTS: '' },
});

/** What a shop shows that only development may: the banner's absence, a source map, loopback CORS. */
async function conveniences(shop: Shop) {
  const map = readdirSync(join(ROOT, 'dist/assets')).find((name) => name.endsWith('.js.map'));
  const page = await (await fetch(`${shop.url}/`)).text();
  const cors = await fetch(`${shop.url}/api/v1/storeInfo`, { headers: { origin: LOOPBACK } });
  return {
    banner: page.includes(BANNER),
    sourceMap: (await fetch(`${shop.url}/assets/${map}`)).status,
    loopbackCors: cors.headers.get('access-control-allow-origin'),
  };
}

describe('row 27: production unless NODE_ENV=development', () => {
  it('refuses to start without a gateway or with a short secret when NODE_ENV is unset or staging', {
    timeout: 120_000,
  }, async () => {
    const [noGateway, staging, shortSecret] = await Promise.all([
      startRefused({ NODE_ENV: '' }),
      startRefused({ NODE_ENV: 'staging' }),
      startRefused({ NODE_ENV: 'staging', PAYMENTS: 'sandbox', FULFILMENT_SECRET: 'short-secret' }),
    ]);
    for (const refused of [noGateway, staging, shortSecret]) expect(refused.code).toBe(1);
    expect(noGateway.output).toContain('NODE_ENV unset (production: only NODE_ENV=development');
    expect(noGateway.output).toContain('but no payment gateway is configured');
    expect(staging.output).toContain('NODE_ENV=staging (production: only NODE_ENV=development');
    expect(shortSecret.output).toContain('FULFILMENT_SECRET must be at least 32 characters');
    attack(
      27,
      'NODE_ENV unset and NODE_ENV=staging with no gateway; staging with a 12-character FULFILMENT_SECRET',
      'each refused to start, saying it runs as production and only NODE_ENV=development turns that off',
    );
  });

  it('with NODE_ENV unset shows the sandbox banner, serves no source map and admits no loopback origin', async () => {
    expect(await conveniences(shops.unset)).toEqual({ banner: true, sourceMap: 404, loopbackCors: null });
    expect(await conveniences(shops.development)).toEqual({
      banner: false,
      sourceMap: 200,
      loopbackCors: LOOPBACK,
    });
    attack(
      27,
      `GET /, an /assets/*.map and the API with Origin: ${LOOPBACK}, NODE_ENV unset and PAYMENTS=sandbox`,
      'banner shown, map 404, no Access-Control-Allow-Origin; only NODE_ENV=development serves them',
    );
  });
});
