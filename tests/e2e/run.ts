/**
 * Browser smoke of every storefront route in Debian's chromium through playwright-core.
 *
 *   npm run build && npm run test:e2e
 *
 * Starts the production server on PORT 8071 with a fresh DATA_DIR (set E2E_BASE_URL to test a server
 * that is already running instead), visits every route at 1280 px and 375 px, checks each page's h1 /
 * key text and that the console stayed free of errors, and saves full-page PNGs under screenshots/.
 * Then runs the purchase journey (tests/e2e/purchase.journey.ts) once.
 * E2E_ONLY=home,products (or purchase-journey, messages) limits the run to those checks while iterating.
 * Never downloads a browser: CHROMIUM_PATH (default /usr/bin/chromium) must exist.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { appStarted, type Check, type Ctx, h1, text, url } from './checks';
import { FEATURE_CHECKS } from './feature-checks';
import { messagesCheck } from './messages.checks';
import { purchaseJourney } from './purchase.journey';
import { CHROMIUM, launchShopperBrowser, type Shop, startShop } from './shop';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'screenshots');
const PORT = Number(process.env.E2E_PORT ?? 8071);
/** The messages check's own server (it mails to a loopback SMTP sink: tests/e2e/messages.checks.ts). */
const MESSAGES_PORT = Number(process.env.E2E_MESSAGES_PORT ?? PORT + 2);

const CHECKS: Check[] = [
  {
    name: 'home',
    path: '/',
    expect: async (page) => {
      await page.getByRole('link', { name: 'Shop Collection' }).waitFor();
      await page.getByRole('heading', { name: 'Stylish T-Shirts & Trendy Tops' }).waitFor();
      await page.getByRole('heading', { name: 'Featured Styles' }).waitFor();
      await page.getByRole('heading', { name: 'Fashion Essentials' }).waitFor();
      await page.getByRole('button', { name: 'Subscribe' }).waitFor();
      // Featured products replace the 4 skeletons.
      await page
        .locator('#featured-title ~ ul article, section[aria-labelledby=featured-title] article')
        .first()
        .waitFor();
    },
  },
  {
    name: 'products',
    path: '/products',
    expect: async (page) => {
      await h1(page, 'All Products');
      await text(page, /Showing 1 to 12 of \d+ items/);
    },
  },
  {
    // §9: mobile is below 768 px — the 3/2-column toggle shows from 768 px up and hides below.
    name: 'products-grid-toggle',
    path: '/products',
    only: 'desktop',
    expect: async (page) => {
      const toggle = page.getByRole('group', { name: 'Grid columns' });
      await page.setViewportSize({ width: 800, height: 800 });
      await toggle.waitFor({ state: 'visible', timeout: 10_000 });
      await page.setViewportSize({ width: 767, height: 800 });
      await toggle.waitFor({ state: 'hidden', timeout: 10_000 });
      await page.setViewportSize({ width: 1280, height: 800 });
    },
  },
  { name: 'products-men', path: '/products?category=men', expect: (page) => h1(page, "Men's Ethnic Wear") },
  { name: 'products-featured', path: '/products?featured=true', expect: (page) => text(page, /products?$/) },
  {
    name: 'products-empty',
    path: '/products?category=nothing-here',
    expect: (page) => text(page, 'No products found with the selected filters.'),
  },
  {
    name: 'product',
    path: ({ productId }) => `/product/${productId}`,
    expect: async (page) => {
      // The product's own (first); similar items' cards below carry the same buttons.
      await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
      await page.getByRole('button', { name: 'Add to Wishlist' }).first().waitFor();
    },
  },
  {
    name: 'product-missing',
    path: '/product/no-such-product',
    expect: (page) => h1(page, 'Product Not Found'),
    allowConsole: /status of 404/,
  },
  { name: 'cart-empty', path: '/cart', expect: (page) => h1(page, 'Your cart is empty') },
  { name: 'contact', path: '/contact', expect: (page) => text(page, 'Monday to Saturday, 10AM - 6PM') },
  {
    name: 'api-test',
    path: '/api-test',
    expect: (page) => page.getByRole('button', { name: 'Test API Connection' }).waitFor(),
  },
  { name: 'track-order', path: '/track-order', expect: (page) => h1(page, /track/i) },
  { name: 'order-success', path: '/order-success', expect: (page) => h1(page, 'Thank You for Your Order!') },
  ...(['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const).map((slug) => ({
    name: `policy-${slug}`,
    path: `/${slug}`,
    expect: async (page: Page) => {
      await text(page, 'Policy Information');
      await page.getByRole('heading', { level: 1 }).waitFor();
    },
  })),
  {
    name: 'reserved-slug',
    // The server answers the 404 page with status 404, which the browser logs.
    allowConsole: /status of 404/,
    path: '/product',
    expect: async (page) => {
      await url(page, '/404');
      await h1(page, 'Oops! Page not found');
    },
  },
  {
    // 'Forgot password?' leads to a real page.
    name: 'forgot-password',
    path: '/forgot-password',
    expect: (page) => h1(page, 'Reset your password'),
  },
  {
    name: 'not-found',
    // The server answers the 404 page with status 404, which the browser logs.
    allowConsole: /status of 404/,
    path: '/no/such/page',
    expect: async (page) => {
      await h1(page, 'Oops! Page not found');
      await page.getByRole('link', { name: 'Return to Home' }).waitFor();
    },
  },
  {
    name: 'mobile-menu',
    path: '/',
    only: 'mobile',
    expect: async (page) => {
      await page.getByRole('navigation', { name: 'Tab bar' }).waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: 'All Products' }).waitFor();
    },
  },
  {
    // A toast sits just above the tab bar, and an open menu covers it
    // (src/components/layout/mobile-menu.tsx).
    name: 'toast-under-menu',
    path: '/products',
    only: 'mobile',
    expect: async (page) => {
      await page.getByRole('button', { name: 'Add to Cart' }).first().click();
      const toast = page.locator('[data-scope=toast][data-part=root]').first();
      await toast.getByText('Added to cart').waitFor();
      // The toast slides in from the bottom edge: its place is judged once it has arrived (stopped above
      // the tab bar), or after 5 s, where the error below gives the positions it ended at.
      await page
        .waitForFunction(
          () => {
            const el = document.querySelector('[data-scope=toast][data-part=root]');
            const bar = document.querySelector('nav[aria-label="Tab bar"]');
            return !!el && !!bar && el.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top;
          },
          null,
          { timeout: 5_000 },
        )
        .catch(() => {});
      const tabBar = await page.getByRole('navigation', { name: 'Tab bar' }).boundingBox();
      const box = await toast.boundingBox();
      if (!tabBar || !box) throw new Error('no tab bar or toast box');
      if (box.y + box.height > tabBar.y)
        throw new Error(`toast (bottom ${box.y + box.height}) covers the tab bar`);
      const onTop = (point: { x: number; y: number }) =>
        page.evaluate(
          ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[data-scope=toast][data-part=root]'),
          point,
        );
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      if (!(await onTop(centre))) throw new Error('the toast is hidden under the page');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'All Products' }).waitFor();
      if (await onTop(centre)) throw new Error('the toast covers the open menu');
    },
  },
  {
    name: 'desktop-nav',
    path: '/products?category=men',
    only: 'desktop',
    expect: async (page) => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'All Products' }).waitFor();
      if (await page.getByRole('navigation', { name: 'Tab bar' }).isVisible())
        throw new Error('tab bar shown on desktop');
    },
  },
  { name: 'guard-account', path: '/account', expect: (page) => url(page, '/login') },
  { name: 'guard-checkout', path: '/checkout', expect: (page) => url(page, '/login') },
  { name: 'login', path: '/login', expect: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  {
    name: 'register',
    path: '/register',
    expect: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  ...FEATURE_CHECKS,
];

/** A cart with a line, reached the way a shopper does it: product page, size, Add to Cart. */
async function cartWithItems(page: Page, base: string, ctx: Ctx) {
  await page.goto(`${base}/product/${ctx.productId}`);
  await appStarted(page);
  const firstSize = page.locator('[data-scope=radio-group][data-part=item]').first();
  if (await firstSize.count()) await firstSize.click();
  // The product's own: similar items' cards below have theirs.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await url(page, '/cart');
  await text(page, /\d+ Item\(s\)/);
}

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** axe-core in the real browser, colour contrast included: no serious or critical violations. */
async function expectAccessible(page: Page) {
  // Evaluated over the DevTools protocol: the server's CSP (script-src 'self') forbids inline tags.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  if (violations.length > 0) throw new Error(`accessibility:\n  ${violations.join('\n  ')}`);
}
type AxeViolation = { id: string; impact?: string | null; nodes: { target: string[] }[] };

/** The page's requests for files (documents, scripts, styles, images, fonts) still loading. */
const loading = new WeakMap<Page, Set<Request>>();
/**
 * Follows a new page's file requests for `settle`; its API calls are left out: a page may poll, and on
 * a busy machine an API answer (/api/v1/storeInfo, /api/v1/products) was seen unfinished for 15 s
 * after the check had already found what the answer shows.
 */
function trackFiles(page: Page): Page {
  const pending = new Set<Request>();
  loading.set(page, pending);
  const done = (request: Request) => pending.delete(request);
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return page;
}

/**
 * Lets lazy images and late chunks arrive before a screenshot or the axe run: waits until no file has
 * been loading for 300 ms. Not 'networkidle', which also waits for API calls: a page that polls, or
 * an answer seen unfinished as above, held a check for the whole timeout (in CI 18 times, 270 s a run).
 * Best effort after 15 s: the check's own assertions have already passed.
 */
async function settle(page: Page) {
  const pending = loading.get(page);
  if (!pending) throw new Error('settle: the page was not made with trackFiles');
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) return;
    await page.waitForTimeout(50);
  }
  const files = [...pending].map((request) => new URL(request.url()).pathname).slice(0, 3);
  console.log(`  (files still loading after 15 s on ${page.url()}: ${files.join(', ')}; continuing)`);
}

/**
 * Scrolls through the page first so lazy images load, then saves the full page plus 1600 px slices
 * (a 375 px wide full page is too tall to read as one image).
 */
async function screenshot(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  const width = page.viewportSize()?.width ?? 1280;
  if (width >= 768) return;
  // Measured again: the page may have grown or shrunk while it settled (a slice past its end fails).
  const settled = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let i = 0; i * 1600 < settled && i < 6; i++) {
    const clip = { x: 0, y: i * 1600, width, height: Math.min(1600, settled - i * 1600) };
    await page.screenshot({ path: join(SHOTS, `${name}.part${i + 1}.png`), fullPage: true, clip });
  }
}

async function startServer(): Promise<Shop> {
  if (process.env.E2E_BASE_URL)
    return { base: process.env.E2E_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  if (!existsSync(join(ROOT, 'dist/index.html')))
    throw new Error('dist/ is missing: run `npm run build` first');
  return startShop({ port: PORT, portVariable: 'E2E_PORT', label: 'e2e' });
}

async function visit(context: BrowserContext, base: string, label: string, check: Check, ctx: Ctx) {
  const page = trackFiles(await context.newPage());
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !check.allowConsole?.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const path = typeof check.path === 'function' ? check.path(ctx) : check.path;
  try {
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await appStarted(page);
    await check.expect(page);
    await settle(page);
    await screenshot(page, `${check.name}-${label}`);
    await expectAccessible(page);
    if (errors.length > 0) throw new Error(`console errors:\n  ${errors.join('\n  ')}`);
  } catch (error) {
    // What the shopper saw when the check failed, beside the passing checks' screenshots.
    await page.screenshot({ path: join(SHOTS, `FAILED-${check.name}-${label}.png`) }).catch(() => {});
    throw new Error(`${(error as Error).message} (at ${page.url()})`, { cause: error });
  } finally {
    await page.close();
  }
}

/**
 * The JavaScript a fresh visit to the home page downloads: every script response, sized as gzip of
 * the file in dist/. Fails when a checkout or payment chunk is among them (route-level splitting).
 */
async function homeJavaScript(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Featured Styles' }).waitFor();
  await context.close();
  let total = 0;
  const rows: string[] = [];
  for (const path of [...scripts].sort()) {
    const file = join(ROOT, 'dist', path);
    const size = existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
    total += size;
    rows.push(`  ${(size / 1024).toFixed(1).padStart(6)} kB  ${basename(path)}`);
  }
  console.log(
    `home page JavaScript: ${scripts.size} files, ${(total / 1024).toFixed(1)} kB gzip\n${rows.join('\n')}`,
  );
  const leaked = [...scripts].filter((p) => /(checkout|payment)[.-]/.test(basename(p)));
  if (leaked.length > 0) throw new Error(`home page downloaded checkout/payment code: ${leaked.join(', ')}`);
}

/** The server's base URL and, for a local server, the same port on the other loopback name. */
function journeyBases(base: string): string[] {
  const url = new URL(base);
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (!twin) return [base];
  const other = new URL(base);
  other.hostname = twin;
  return url.hostname === 'localhost' ? [base, other.origin] : [other.origin, base];
}

async function main() {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} not found (apt-get install chromium); no browser is downloaded`);
  mkdirSync(SHOTS, { recursive: true });
  const server = await startServer();
  let browser: Browser | undefined;
  const failures: string[] = [];
  let passed = 0;
  try {
    const list = await (await fetch(`${server.base}/api/v1/products?limit=1`)).json();
    const ctx: Ctx = { productId: list.data[0].id };
    browser = await launchShopperBrowser([server.base]);
    const only = process.env.E2E_ONLY?.split(',');
    try {
      await homeJavaScript(browser, server.base);
      passed++;
    } catch (error) {
      failures.push(`home-js: ${(error as Error).message}`);
    }
    // The two widths side by side, as two shoppers would: most of a check's time is the browser and
    // the server waiting on each other. Each width has a browser of its own: two pages capturing at
    // once in one Chromium can leave a capture unanswered (puppeteer/puppeteer#12712; one CI run's
    // full-page screenshot of /privacy waited out its 30 s), so no browser ever captures two at once.
    const atWidth = async (
      label: 'desktop' | 'mobile',
      viewport: { width: number; height: number },
      own: Browser,
    ) => {
      const context = await own.newContext({ viewport, reducedMotion: 'reduce' });
      for (const check of CHECKS.filter(
        (c) => (!only || only.includes(c.name)) && (!c.only || c.only === label),
      )) {
        try {
          await visit(context, server.base, label, check, ctx);
          passed++;
          console.log(`ok   ${check.name} @ ${label}`);
        } catch (error) {
          failures.push(`${check.name} @ ${label}: ${(error as Error).message}`);
          console.log(`FAIL ${check.name} @ ${label}`);
        }
      }
      try {
        const page = trackFiles(await context.newPage());
        await cartWithItems(page, server.base, ctx);
        await screenshot(page, `cart-items-${label}`);
        await expectAccessible(page);
        await page.close();
        passed++;
        console.log(`ok   cart-items @ ${label}`);
      } catch (error) {
        failures.push(`cart-items @ ${label}: ${(error as Error).message}`);
        console.log(`FAIL cart-items @ ${label}`);
      }
      await context.close();
    };
    const phone = await launchShopperBrowser([server.base]);
    try {
      await Promise.all([
        atWidth('desktop', { width: 1280, height: 800 }, browser),
        atWidth('mobile', { width: 375, height: 812 }, phone),
      ]);
    } finally {
      await phone.close();
    }
    if (!only || only.includes('messages')) {
      try {
        await messagesCheck(browser, MESSAGES_PORT, SHOTS);
        passed++;
        console.log(
          'ok   messages (contact sends, newsletter confirms and unsubscribes by the mailed links)',
        );
      } catch (error) {
        failures.push(`messages: ${(error as Error).message}`);
        console.log('FAIL messages');
      }
    }
    if (!only || only.includes('purchase-journey')) {
      // The purchase journey (tests/e2e/purchase.journey.ts: register → sign in → cart → checkout → pay →
      // orders → track), console-checked, on localhost and on 127.0.0.1 (the gateway and its returns follow
      // the address used).
      for (const base of journeyBases(server.base)) {
        const host = new URL(base).hostname;
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const shots = host === 'localhost' ? SHOTS : join(SHOTS, host);
        mkdirSync(shots, { recursive: true });
        try {
          await purchaseJourney(page, base, shots);
          if (errors.length > 0) throw new Error(`page errors:\n  ${errors.join('\n  ')}`);
          passed++;
          console.log(`ok   purchase-journey @ ${host}`);
        } catch (error) {
          failures.push(`purchase-journey @ ${host}: ${(error as Error).message}`);
          console.log(`FAIL purchase-journey @ ${host}`);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
  console.log(`\n${passed} passed, ${failures.length} failed; screenshots in ${SHOTS}`);
  if (failures.length > 0) {
    for (const failure of failures) console.error(`- ${failure}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
