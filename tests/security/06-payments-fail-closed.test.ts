/**
 * Row 6: production silently ran the self-approving sandbox gateway. NODE_ENV=production with no PayU
 * keys (or only one of the two): every Pay moved the order to Processing for free, nothing logged at
 * start. Replayed against real server processes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { attack, requireBuild, type Shop, setupShops, startRefused } from './harness';

const BANNER = 'Sandbox — no money moves';
/** Every kind of page the SPA has: the catalogue, a product, the cart, checkout, account, a policy, a 404. */
const PAGES = [
  '/',
  '/products',
  '/products?category=men',
  '/cart',
  '/checkout',
  '/login',
  '/orders',
  '/contact',
  '/no-such-page',
];

// Pages are the build's: without dist/ the server serves the API only and there is no page to check.
beforeAll(() => requireBuild(6, 'checks every page for the banner'));

const shops = setupShops({
  sandbox: { PAYMENTS: 'sandbox', LOG_LEVEL: 'info' },
  payu: { PAYMENTS: '', PAYU_KEY: 'row6-key', PAYU_SALT: 'row6-salt', LOG_LEVEL: 'info' },
});

const html = async (shop: Shop, path: string) => {
  const response = await fetch(`${shop.url}${path}`);
  // The storefront's 404 page is a page too, answered with its status.
  expect(response.status, path).toBe(path === '/no-such-page' ? 404 : 200);
  return await response.text();
};

describe('row 6: payments fail closed', () => {
  it('production without a payment gateway refuses to start and says why', async () => {
    const { code, output } = await startRefused({});
    expect(code).toBe(1);
    expect(output).toContain('NODE_ENV=production but no payment gateway is configured');
    expect(output).toContain('PAYU_KEY and PAYU_SALT');
    expect(output).toContain('PAYMENTS=sandbox');
    attack(
      6,
      'NODE_ENV=production with no PayU keys and no PAYMENTS',
      'refused to start, naming PAYU_KEY/PAYU_SALT or PAYMENTS=sandbox',
    );
  });

  it('one PayU key without the other is always refused, even with PAYMENTS=sandbox', async () => {
    const [keyOnly, saltOnly, keyOnlySandbox] = await Promise.all([
      startRefused({ PAYU_KEY: 'row6-key' }),
      startRefused({ PAYU_SALT: 'row6-salt' }),
      startRefused({ PAYU_KEY: 'row6-key', PAYMENTS: 'sandbox' }),
    ]);
    for (const refused of [keyOnly, saltOnly, keyOnlySandbox]) expect(refused.code).toBe(1);
    expect(keyOnly.output).toContain('PAYU_KEY is set but PAYU_SALT is not');
    expect(saltOnly.output).toContain('PAYU_SALT is set but PAYU_KEY is not');
    expect(keyOnlySandbox.output).toContain('PAYU_KEY is set but PAYU_SALT is not');
    attack(
      6,
      'PAYU_KEY alone, PAYU_SALT alone, PAYU_KEY alone with PAYMENTS=sandbox',
      'each refused to start, naming the missing key',
    );
  });

  it('PAYMENTS=sandbox in production: the start log names it and every page shows the banner', async () => {
    expect(shops.sandbox.output()).toContain('payments: the SANDBOX (PAYMENTS=sandbox)');
    for (const path of PAGES) {
      const page = await html(shops.sandbox, path);
      const banner = page.indexOf(BANNER);
      expect(banner, path).toBeGreaterThan(0);
      // Written before the app's root, so no script has to run and no route can leave it out.
      expect(banner, path).toBeLessThan(page.indexOf('<div id="root"'));
    }
    attack(
      6,
      `PAYMENTS=sandbox with NODE_ENV=production, pages ${PAGES.join(' ')}`,
      `the start log warns "payments: the SANDBOX"; every page says "${BANNER}"`,
    );
  });

  it('with PayU configured the start log names PayU and no page shows the banner', async () => {
    expect(shops.payu.output()).toContain('payments: PayU (test mode)');
    for (const path of PAGES) expect(await html(shops.payu, path), path).not.toContain(BANNER);
  });
});
