/**
 * The wishlist and Quick View in the browser: a visitor's save counted in the header and kept through
 * sign-in (merged into the account, then read back from the server), the empty wishlist page, and a
 * product's Quick View over the list (Add to Cart inside it, Escape closes it, the URL follows).
 */
import type { Page } from 'playwright-core';
import { appStarted, at, type Check, h1, openQuickView, registerShopper, text, url } from './checks';

const firstCard = (page: Page) => page.getByRole('article').first();

export const WISHLIST_CHECKS: Check[] = [
  {
    name: 'wishlist-empty',
    path: '/wishlist',
    expect: async (page) => {
      await h1(page, 'My Wishlist');
      await page.getByRole('heading', { name: 'Your wishlist is empty' }).waitFor({ timeout: 10_000 });
      await page.getByRole('link', { name: 'Start Shopping' }).waitFor();
    },
  },
  {
    name: 'wishlist-saved-through-sign-in',
    path: '/products',
    expect: async (page) => {
      const card = firstCard(page);
      await card.waitFor({ timeout: 10_000 });
      const name = (await card.getAttribute('aria-label')) ?? '';
      await card.hover();
      await card.getByRole('button', { name: 'Add to Wishlist' }).click();
      await card.getByRole('button', { name: 'Remove from Wishlist' }).waitFor();
      await page.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();

      const shopper = await registerShopper(page, 'wishlist');
      await page.goto(at(page, '/login'));
      await appStarted(page);
      await page.getByLabel('Email').fill(shopper.email);
      await page.getByLabel(/^Password/).fill(shopper.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await url(page, '/');
      // The browser's copy was merged into the account and cleared: what shows now is the server's.
      await page.waitForFunction(() => localStorage.getItem('wishlist') === '[]', null, { timeout: 10_000 });
      await page.getByRole('link', { name: 'Wishlist, 1 item' }).waitFor();
      await page.getByRole('link', { name: 'Wishlist, 1 item' }).click();
      await h1(page, 'My Wishlist');
      await page.getByRole('article', { name }).waitFor({ timeout: 10_000 });
      await text(page, '1 saved product');
      // Leave the context as a visitor for the checks that follow.
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.removeItem('wishlist'));
    },
  },
  {
    name: 'quick-view',
    path: '/products',
    expect: async (page) => {
      const { dialog } = await openQuickView(page);
      if (!new URL(page.url()).searchParams.get('quick')) throw new Error('Quick View is not in the URL');
      const size = dialog.locator('[data-scope=radio-group][data-part=item]').first();
      if (await size.count()) await size.click();
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await text(page, 'Added to cart');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      await url(page, '/products');
      if (new URL(page.url()).searchParams.has('quick')) throw new Error('Escape left ?quick= in the URL');
      await h1(page, 'All Products');
      // Open again and leave it open: the screenshot and the axe run see the dialog.
      await openQuickView(page);
    },
  },
];
