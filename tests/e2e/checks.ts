/**
 * What a browser-smoke check is and the small waits every check uses. The feature checks live in their
 * own files (tests/e2e/*.checks.ts, which import these helpers) so a feature's browser steps sit beside
 * each other instead of in one long list; tests/e2e/feature-checks.ts lists them. tests/e2e/run.ts runs
 * CHECKS (its own) followed by FEATURE_CHECKS at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';

export type Check = {
  name: string;
  path: string | ((ctx: Ctx) => string);
  expect: (page: Page) => Promise<void>;
  /** Console errors this page produces on purpose (e.g. the API's 404 for a missing product). */
  allowConsole?: RegExp;
  /** Run at this viewport only. */
  only?: 'desktop' | 'mobile';
};
export type Ctx = { productId: string };

/**
 * Resolves once the app has started on a freshly opened page: it asks for its code after the first
 * paint (src/boot.ts), so `load` can come before it, and a tap before it lands on plain HTML. The
 * header's account link (Login, or My Account when signed in) is the app's once it has started; a page
 * the app leaves at once (a redirect) says it by the address changing; the sign-in pages have no header:
 * there, React having taken over the page's heading (hydrated it) says it.
 * (Network-quiet was the sign-in pages' signal once: the clean-clone CI timed out on /login at 375 px
 * waiting 15 s for it, with the page long started.)
 */
export async function appStarted(page: Page, timeout = 15_000) {
  // Read before the header is looked for: a redirect between the two (/account sends a visitor to
  // /login, which has no header) is then seen as the address changing, not missed (one CI run waited
  // 15 s on /login for a change that had already happened).
  const from = page.url();
  if ((await page.getByRole('banner').count()) === 0) return hydrated(page, timeout);
  // Or the app has moved on at once (/checkout sends a visitor to /login, which has no header).
  await Promise.any([
    page
      .getByRole('banner')
      .getByRole('link', { name: /^(Login|My Account)$/ })
      .first()
      .waitFor({ state: 'visible', timeout }),
    page.waitForURL((url) => url.href !== from, { timeout, waitUntil: 'commit' }),
  ]);
}

/**
 * Resolves once React has hydrated the page's heading (or, without one, the first element of #root):
 * hydrateRoot marks each server-rendered node it takes over with its fiber, and from then on React
 * handles the page's events. A heading inside a lazy screen is taken over once that screen's code is in.
 */
async function hydrated(page: Page, timeout: number) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      const node = root?.querySelector('h1') ?? root?.firstElementChild;
      return node ? Object.keys(node).some((key) => key.startsWith('__reactFiber$')) : false;
    },
    undefined,
    { timeout },
  );
}

export async function h1(page: Page, text: string | RegExp) {
  await page
    .getByRole('heading', { level: 1, name: text })
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 });
}
export async function text(page: Page, value: string | RegExp) {
  await page.getByText(value).first().waitFor({ state: 'visible', timeout: 10_000 });
}
export async function url(page: Page, pathname: string) {
  await page.waitForURL((u) => u.pathname === pathname, { timeout: 10_000 });
}

/** An address on the server the page is on (the checks' pages have no base URL of their own). */
export const at = (page: Page, path: string) => new URL(path, page.url()).href;

/**
 * A full page load of `path` on the server the page is on. The page is React's from the first byte
 * (hydrated in place): a tap from here on works, the ones before hydration included (React replays them).
 */
export async function open(page: Page, path: string) {
  await page.goto(at(page, path), { waitUntil: 'load' });
  await appStarted(page);
}

/**
 * Picks `option` in the Select labelled `label` as a shopper does: opens it, clicks the option, and
 * looks at the closed select showing that choice. A click that did not choose (the list closed under
 * it, say) fails here, naming what the select shows, rather than as a missing button further on.
 */
export async function choose(page: Page, label: RegExp, option: string) {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  try {
    await select.filter({ hasText: option }).waitFor({ timeout: 5000 });
  } catch {
    const shows = (await select.textContent())?.trim();
    const open = await page.getByRole('listbox').isVisible();
    throw new Error(
      `chose "${option}" in ${label}; it shows "${shows}", its list ${open ? 'open' : 'closed'}`,
    );
  }
}

/** Opens Quick View from the first product card and waits for its heading; the dialog and the product's name. */
export async function openQuickView(page: Page) {
  const card = page.getByRole('article').first();
  await card.waitFor({ timeout: 10_000 });
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.hover();
  await card.getByRole('button', { name: 'Quick View' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name }).waitFor({ timeout: 10_000 });
  return { dialog, name };
}

/** A fresh account, made through the API the register page calls. */
export async function registerShopper(page: Page, prefix = 'shopper') {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'saree-sunday-42';
  const res = await page.request.post(at(page, '/api/v1/users/register'), {
    data: { email, password, firstName: 'Asha', lastName: 'Verma' },
  });
  if (res.status() !== 201) throw new Error(`register answered ${res.status()}`);
  return { email, password };
}
