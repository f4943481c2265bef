/**
 * The phone layout the shopping apps taught Indian shoppers, measured in the browser at
 * 375 px: the header's search box, two cards to a row, the product page's Add to Cart bar that stays in
 * view above the tab bar without hiding the footer, 'Show N products' in view in the open filter drawer,
 * 'x% OFF' and 'Inclusive of all taxes', no internal ids or flags, and a card title's whole focus ring.
 * At 1280 px the desktop layout stays as it was: search in the bar, three columns, Add to Cart in the page.
 */
import type { Locator, Page } from 'playwright-core';
import { appStarted, type Check, h1 } from './checks';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

const viewportHeight = (page: Page) => page.evaluate(() => window.innerHeight);

/** Fully inside the viewport, not merely in the page. */
async function expectInViewport(page: Page, locator: Locator, what: string) {
  const b = await box(locator);
  const height = await viewportHeight(page);
  if (b.y < 0 || b.y + b.height > height + 0.5)
    throw new Error(
      `${what} is not in the viewport (top ${b.y}, bottom ${b.y + b.height}, viewport ${height})`,
    );
}

/** The first two items of a product list share a row: same top, side by side. */
async function expectTwoToARow(list: Locator, what: string) {
  const cards = list.getByRole('article');
  await cards.nth(1).waitFor({ timeout: 10_000 });
  const [a, b] = [await box(cards.nth(0)), await box(cards.nth(1))];
  if (Math.abs(a.y - b.y) > 1 || b.x <= a.x + a.width - 1)
    throw new Error(`${what}: the first two cards are not side by side (${JSON.stringify([a, b])})`);
  if (a.width < 150) throw new Error(`${what}: a card is only ${a.width} px wide`);
  // Still a card a shopper can read: image, title and price all showing.
  const first = cards.nth(0);
  // The image sits in a link hidden from screen readers (the title's link names the product).
  await first.locator('img').first().waitFor({ state: 'visible' });
  await first.getByRole('heading', { level: 3 }).waitFor({ state: 'visible' });
  await first.getByText(/^₹/).first().waitFor({ state: 'visible' });
}

/** A product on sale, from the API the pages read: its page shows x% OFF. */
async function saleProductPath(page: Page): Promise<string> {
  const res = await page.request.get(new URL('/api/v1/products?limit=100', page.url()).href);
  const list = (await res.json()) as {
    data: { id: string; regularPrice: number | null; discountedPrice: number | null }[];
  };
  const sale = list.data.find(
    (p) => p.discountedPrice !== null && p.regularPrice !== null && p.discountedPrice < p.regularPrice,
  );
  if (!sale) throw new Error('no product on sale in the catalogue');
  return `/product/${sale.id}`;
}

/** Goes to a page (React's from the first byte: nothing to wait for before tapping). */
async function goTo(page: Page, path: string) {
  await page.goto(new URL(path, page.url()).href);
  await appStarted(page);
}

async function openSaleProduct(page: Page) {
  await goTo(page, await saleProductPath(page));
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 10_000 });
}

/** The product page's shopper-facing texts: the discount, the taxes line, no ids or internal flags. */
async function expectPriceAndNoInternals(page: Page) {
  const main = page.getByRole('main');
  await main
    .getByText(/^\d{1,2}% OFF$/)
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 });
  await main.getByText('Inclusive of all taxes').waitFor({ state: 'visible' });
  const text = await main.innerText();
  for (const internal of [/\bID:/, /FEATURED/i, /BLOUSEPIECE/i, /\bColor\b/])
    if (internal.test(text)) throw new Error(`the product page shows ${internal}`);
}

export const PHONE_LAYOUT_CHECKS: Check[] = [
  {
    name: 'phone-header-search',
    path: '/',
    only: 'mobile',
    expect: async (page) => {
      const banner = page.getByRole('banner');
      const combobox = banner.getByRole('combobox', { name: 'Search products' });
      await expectInViewport(page, combobox, 'the header search box');
      // A real search, the desktop's box, with its suggestions.
      await combobox.click();
      await combobox.pressSequentially('kurta', { delay: 30 });
      await combobox.press('Enter');
      await h1(page, 'Results for "kurta"');
    },
  },
  {
    name: 'phone-two-columns',
    path: '/products',
    only: 'mobile',
    expect: async (page) => {
      await h1(page, 'All Products');
      await expectTwoToARow(page.getByRole('list', { name: 'All Products' }), '/products');
      await goTo(page, '/');
      await expectTwoToARow(page.locator('section[aria-labelledby=featured-title]'), 'home featured');
    },
  },
  {
    name: 'phone-sticky-add-to-cart',
    path: ({ productId }) => `/product/${productId}`,
    only: 'mobile',
    expect: async (page) => {
      await openSaleProduct(page);
      // The product's own (first): the similar items' cards below have theirs.
      const add = page.getByRole('button', { name: 'Add to Cart' }).first();
      const tabBar = page.getByRole('navigation', { name: 'Tab bar' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      await expectInViewport(page, add, 'Add to Cart after scrolling');
      // Above the tab bar, not over it.
      const [bar, tabs] = [await box(page.locator('[data-buy-bar]')), await box(tabBar)];
      if (bar.y + bar.height > tabs.y + 0.5) throw new Error('the Add to Cart bar covers the tab bar');
      // At the very bottom the footer's last line shows above the bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForFunction(
        () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
      );
      const last = await box(page.getByRole('contentinfo').getByText(/All rights reserved/));
      const barNow = await box(page.locator('[data-buy-bar]'));
      if (last.y + last.height > barNow.y)
        throw new Error(`the Add to Cart bar covers the footer (${last.y + last.height} > ${barNow.y})`);
      await expectInViewport(page, add, 'Add to Cart at the bottom of the page');
      // The bar is the page's one Add to Cart, not a second button.
      const count = await add.count();
      if (count !== 1) throw new Error(`${count} Add to Cart buttons`);
    },
  },
  {
    name: 'phone-filter-drawer',
    path: '/products',
    only: 'mobile',
    expect: async (page) => {
      await h1(page, 'All Products');
      const open = page.getByRole('button', { name: /^Filters/ });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('button')].some(
            (b) => b.textContent?.startsWith('Filters') && !b.disabled,
          ),
        null,
        { timeout: 10_000 },
      );
      await open.click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      const show = drawer.getByRole('button', { name: /^Show \d+ products?$/ });
      // In view as the drawer opens, without scrolling it.
      await expectInViewport(page, show, "'Show N products'");
      // And still there with the panel scrolled to its end.
      await drawer.evaluate((el) => {
        for (const node of el.querySelectorAll('*'))
          if (node.scrollHeight > node.clientHeight + 1) node.scrollTop = node.scrollHeight;
      });
      await expectInViewport(page, show, "'Show N products' after scrolling the filters");
      // Left open for the screenshot and the axe run.
    },
  },
  {
    name: 'product-price-labels',
    path: ({ productId }) => `/product/${productId}`,
    expect: async (page) => {
      await openSaleProduct(page);
      await expectPriceAndNoInternals(page);
    },
  },
  {
    // The title link's ring was clipped to 2 px by the clamped heading's overflow.
    name: 'card-title-focus-ring',
    path: '/products',
    expect: async (page) => {
      const link = page.getByRole('article').first().getByRole('heading', { level: 3 }).getByRole('link');
      await link.waitFor({ timeout: 10_000 });
      // A key press first, so the focus that follows is keyboard focus (:focus-visible).
      await page.keyboard.press('Shift');
      await link.focus();
      const clipped = await link.evaluate((el) => {
        const style = getComputedStyle(el);
        if (!el.matches(':focus-visible') || style.outlineStyle === 'none') return 'no focus ring';
        const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
        const r = el.getBoundingClientRect();
        const ring = {
          top: r.top - reach,
          left: r.left - reach,
          bottom: r.bottom + reach,
          right: r.right + reach,
        };
        for (let a = el.parentElement; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const c = a.getBoundingClientRect();
          if (ring.top < c.top || ring.left < c.left || ring.bottom > c.bottom || ring.right > c.right)
            return `clipped by <${a.tagName.toLowerCase()} class="${a.className}">`;
        }
        return '';
      });
      if (clipped) throw new Error(`the card title's focus ring: ${clipped}`);
    },
  },
  {
    name: 'desktop-layout-unchanged',
    path: '/products',
    only: 'desktop',
    expect: async (page) => {
      await h1(page, 'All Products');
      // Search in the header's one row, level with the logo.
      const search = await box(page.getByRole('banner').getByRole('combobox', { name: 'Search products' }));
      const logo = await box(page.getByRole('banner').getByRole('link').first());
      if (Math.abs(search.y + search.height / 2 - (logo.y + logo.height / 2)) > 4)
        throw new Error('the header search box left the bar');
      // Three cards to a row (the default of the 3/2 toggle).
      const cards = page.getByRole('list', { name: 'All Products' }).getByRole('article');
      await cards.nth(3).waitFor({ timeout: 10_000 });
      const tops = await Promise.all([0, 1, 2, 3].map(async (i) => (await box(cards.nth(i))).y));
      if (!(tops[0] === tops[1] && tops[1] === tops[2] && (tops[3] ?? 0) > (tops[0] ?? 0)))
        throw new Error(`not three cards to a row: ${tops.join(', ')}`);
      // Add to Cart in the page beside Add to Wishlist, not a bar; no tab bar.
      await openSaleProduct(page);
      const add = await box(page.getByRole('button', { name: 'Add to Cart' }).first());
      const wish = await box(page.getByRole('button', { name: 'Add to Wishlist' }).first());
      if (Math.abs(add.y - wish.y) > 1 || Math.abs(add.width - wish.width) > 1)
        throw new Error('Add to Cart and Add to Wishlist are no longer an even pair');
      const fixed = await page.locator('[data-buy-bar]').evaluate((el) => getComputedStyle(el).position);
      if (fixed !== 'static') throw new Error(`the Add to Cart row is ${fixed} on a desktop`);
      if (await page.getByRole('navigation', { name: 'Tab bar' }).isVisible())
        throw new Error('the phone tab bar shows on a desktop');
      await expectPriceAndNoInternals(page);
    },
  },
];
