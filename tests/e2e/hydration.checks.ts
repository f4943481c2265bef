/**
 * One render, hydrated (docs/storefront.md): the nodes the server sent are the nodes the shopper uses.
 * Located right after DOMContentLoaded, before anything waits for the app, Add to Cart and a size chip still
 * work once React has hydrated them (the page asks for its code after the first paint: src/boot.ts; a tap
 * from hydrateRoot on is React's to replay), and the search box keeps what was typed into it before
 * hydration. A hydration error (React's #418 and kin reach the page as errors) fails this check and every
 * other one (tests/e2e/run.ts fails a page on any page error).
 */
import type { Page } from 'playwright-core';
import { appStarted, at, type Check, registerShopper } from './checks';

async function sameNodesAfterHydration(page: Page, productPath: string) {
  await page.goto(new URL(productPath, page.url()).href, { waitUntil: 'domcontentloaded' });
  const main = page.getByRole('main');
  // Element handles, located right after DOMContentLoaded, not locators: the very nodes the server sent.
  const button = await main
    .getByRole('button', { name: 'Add to Cart' })
    .first()
    .elementHandle({ timeout: 5_000 });
  // The first choice of each group (size, colour): chips are radios named by their group.
  const chips = [];
  const seen = new Set<string>();
  for (const radio of await main.getByRole('radio').elementHandles()) {
    const name = (await radio.getAttribute('name')) ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    chips.push(radio);
  }
  if (!button || chips.length === 0)
    throw new Error('no Add to Cart or size chip in the page the server sent');
  // Clicked once hydrated (the app asks for its code after the first paint: src/boot.ts).
  await appStarted(page);
  for (const chip of chips) await chip.click({ force: true });
  // Still the server's nodes after the chips' clicks (Add to Cart then moves to /cart, which detaches
  // them: this is asked before it); a click on a detached handle would throw too.
  const attached = await page.evaluate(
    (nodes) => nodes.every((node) => (node as Element).isConnected),
    [button, ...chips],
  );
  if (!attached) throw new Error('a node the server sent was replaced by the app');
  await button.click();
  await page.getByRole('link', { name: 'Cart, 1 item' }).first().waitFor({ timeout: 15_000 });
}

async function typedBeforeHydrationIsKept(page: Page) {
  await page.goto(new URL('/contact', page.url()).href, { waitUntil: 'commit' });
  const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  await search.waitFor({ timeout: 10_000 });
  await search.pressSequentially('kurta');
  await page.waitForLoadState('load');
  const value = await search.inputValue();
  if (value !== 'kurta') throw new Error(`the search box holds "${value}", not what was typed ("kurta")`);
}

/** The app's entry script (src/main.tsx as built), which hydrates the page when it runs. */
const APP_ENTRY = /\/assets\/index-[^/]*\.js$/;

/**
 * Holds the app's entry until the returned function is called: until then the page is the server's,
 * unhydrated, for as long as the check takes. The function lets it in and waits for the app to start.
 */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(APP_ENTRY, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await appStarted(page);
    await page.unroute(APP_ENTRY);
  };
}

/**
 * Typing across hydration: "kur" goes into the server's search box while the app's code is held, then
 * the app is let in and "ta" follows. The box is the same node throughout (rendered by the server,
 * hydrated in place: src/components/lazy-part.tsx), it keeps the focus, holds "kurta", and the
 * suggestions machine has it: the list of suggestions opens for "kurta". (The look-alike box this
 * replaced lost "ta" when it was swapped for the combobox: the clean-clone CI of stop 42.)
 */
async function typingAcrossHydrationIsKept(page: Page) {
  const startTheApp = await holdTheApp(page);
  await page.goto(at(page, '/contact'), { waitUntil: 'domcontentloaded' });
  const combobox = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
  const serverBox = await combobox.elementHandle({ timeout: 10_000 });
  await combobox.pressSequentially('kur');
  await startTheApp();
  await page.keyboard.type('ta');
  const value = await combobox.inputValue();
  const [focused, same] = await combobox.evaluate(
    (node, server) => [node === document.activeElement, node === server],
    serverBox,
  );
  if (value !== 'kurta' || !focused || !same)
    throw new Error(
      `after hydration the search box holds "${value}" (typed "kurta"), ${focused ? 'has' : 'lost'} the focus and is ${same ? "the server's node" : 'a new node'}`,
    );
  const suggestion = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
  await suggestion.locator('mark').first().waitFor({ timeout: 10_000 });
  const marked = (await suggestion.locator('mark').first().textContent())?.toLowerCase();
  if (marked !== 'kurta') throw new Error(`the suggestions mark "${marked}", not "kurta"`);
}

/**
 * Sign-in submitted before the app runs (Enter in the password field while the app's code is still on
 * its way): the browser must not send the form itself, least of all as a GET with the password in the
 * address. The form is inert until hydrated (its submit button disabled: no submit event at all, for
 * Enter or a tap); what was typed is still there when the app has started, and the app signs in with it.
 */
async function signInBeforeTheAppStaysPrivate(page: Page) {
  const { email, password } = await registerShopper(page, 'early');
  const navigations: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`);
  });
  const startTheApp = await holdTheApp(page);
  await page.addInitScript(() => {
    const submits: boolean[] = [];
    (window as unknown as { __submits: boolean[] }).__submits = submits;
    window.addEventListener('submit', (event) => submits.push(event.defaultPrevented));
  });
  await page.goto(at(page, '/login'), { waitUntil: 'domcontentloaded' });
  await page.getByLabel(/^Email/).fill(email);
  const field = page.getByLabel(/^Password\*?$/);
  await field.fill(password);
  await field.press('Enter');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click({ force: true });
  const submits = await page.evaluate(() => (window as unknown as { __submits: boolean[] }).__submits);
  if (submits.length !== 0)
    throw new Error(
      `the sign-in form submitted before the app had hydrated it (submit events, defaultPrevented: ${JSON.stringify(submits)})`,
    );
  const leaked = navigations.filter((entry) => entry.includes(password) || !entry.startsWith('GET '));
  if (leaked.length > 0 || page.url().includes(password))
    throw new Error(`the early sign-in left the page: ${[...leaked, page.url()].join(', ')}`);
  await startTheApp();
  const [signIn] = await Promise.all([
    page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/users/authorize'),
      {
        timeout: 10_000,
      },
    ),
    page.getByRole('button', { name: 'Sign In', exact: true }).click(),
  ]);
  const sent = signIn.postDataJSON() as { email?: string; password?: string };
  if (sent.email !== email || sent.password !== password)
    throw new Error(
      `the app signed in with ${JSON.stringify(sent.email)}, not what was typed before it started`,
    );
  // Signed in, the login page leaves for home; then the context is a visitor's again for the next checks.
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
  await page.context().clearCookies();
}

type Shift = { value: number; sources: string[] };

/**
 * The layout shifts of a fresh load of `path` (an empty browser storage) until `settled` is visible and
 * two frames have been painted after it: how far the page moved while the app took over.
 */
async function shiftsOf(page: Page, path: string, settled: string): Promise<Shift[]> {
  await page.goto(new URL('/contact', page.url()).href);
  await page.evaluate(() => localStorage.clear());
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map((s) =>
          (s.node?.textContent ?? s.node?.nodeName ?? '?').slice(0, 40),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(new URL(path, page.url()).href);
  await page.getByText(settled).first().waitFor({ timeout: 10_000 });
  return page.evaluate(
    () =>
      new Promise<Shift[]>((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => done((window as unknown as { __shifts: Shift[] }).__shifts)),
        ),
      ),
  );
}

export const HYDRATION_CHECKS: Check[] = [
  {
    // Lighthouse's CLS on /cart was 0.023 (over the 0.02 of docs/performance.md): the loading rows and the
    // empty cart were of different heights, so the footer moved when the stored cart turned out empty.
    name: 'cart-empty-holds-still',
    path: '/cart',
    expect: async (page) => {
      const shifts = await shiftsOf(page, '/cart', 'Your cart is empty');
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      if (total > 0.01)
        throw new Error(
          `the empty /cart shifted by ${total.toFixed(4)} (over 0.01): ${shifts
            .map((shift) => `${shift.value.toFixed(4)} ${shift.sources.join(' | ')}`)
            .join('; ')}`,
        );
    },
  },
  {
    // The "All categories" menu sits in the desktop nav, hidden below 768 px: a phone downloaded Ark's
    // Menu (≈ 30 KB) and mounted it (≈ 100 ms at 4× CPU) on every route for nothing (Lighthouse's TBT).
    name: 'phone-skips-category-menu',
    path: '/terms',
    only: 'mobile',
    expect: async (page) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(new URL('/terms', page.url()).href);
      // The header is React's: its render has decided, and the lazy menu would have been asked for by now.
      // (Network-quiet was the signal once: the clean-clone CI of stop 37 timed out waiting 15 s for it on
      // a machine busy with other work, the page long started.)
      await appStarted(page);
      // The app has started (the phone menu's button answers) and still nothing asked for the menu.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'All categories' }).waitFor({ timeout: 10_000 });
      const menu = requested.filter((path) => /\/category-menu-[^/]*\.js$/.test(path));
      if (menu.length > 0) throw new Error(`a phone loaded the desktop category menu: ${menu.join(', ')}`);
    },
  },
  {
    // The page's code is asked for once the page has painted (src/boot.ts): requested before, it shared
    // the connection with what the paint waits for (Lighthouse's LCP 1.9–2.7 s on a slow phone).
    name: 'page-code-after-paint',
    path: '/',
    only: 'desktop',
    expect: async (page) => {
      for (const path of ['/', '/terms']) {
        await page.goto(new URL(path, page.url()).href);
        // Every chunk the page will ask for has been asked for (boot runs a frame after the paint); a
        // machine busy with other work may never go quiet for 500 ms, and the chunks asked for early —
        // the ones this check is about — are in the list whether or not it does.
        await appStarted(page);
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
        const timing = await page.evaluate(() => {
          const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
          return {
            paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
            code: resources
              .filter((entry) => /\/assets\/.*\.js$/.test(entry.name) && !/\/assets\/boot-/.test(entry.name))
              .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
          };
        });
        if (timing.paint === null) throw new Error(`${path}: no first-contentful-paint entry`);
        if (timing.code.length === 0) throw new Error(`${path}: no app code was loaded`);
        const early = timing.code.filter((entry) => entry.start < (timing.paint as number));
        if (early.length > 0)
          throw new Error(
            `${path}: code asked for before the first paint (${timing.paint.toFixed(0)} ms): ${early
              .map((entry) => `${entry.name} at ${entry.start.toFixed(0)} ms`)
              .join(', ')}`,
          );
      }
    },
  },
  {
    // Found in session 15's read: a form's native submit before hydration was a GET with the password
    // in the URL. Forms are inert until hydrated (docs/architecture.md, "Forms before hydration").
    name: 'early-sign-in-stays-private',
    path: '/login',
    only: 'desktop',
    expect: signInBeforeTheAppStaysPrivate,
  },
  {
    name: 'hydration-same-nodes',
    path: (ctx) => `/product/${ctx.productId}`,
    only: 'desktop',
    expect: async (page) => {
      await sameNodesAfterHydration(page, new URL(page.url()).pathname);
      await typedBeforeHydrationIsKept(page);
    },
  },
  {
    name: 'search-typing-across-hydration',
    path: '/contact',
    only: 'desktop',
    expect: typingAcrossHydrationIsKept,
  },
];
