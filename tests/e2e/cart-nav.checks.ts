/**
 * Checkout, cart and navigation in the browser: a new customer sent from the checkout lands there on first
 * sign-in, Remove says what it takes and Undo restores it, every category is reachable from the
 * header, Quick View answers inside the dialog and a route change scrolls to the top.
 */
import type { Page } from 'playwright-core';
import { type Check, h1, openQuickView, text, url } from './checks';

/** Two lines of one product (two sizes) and the sticky total, written as the cart page stores them. */
/**
 * Keeps a cart of two sizes of one product in the next page this tab opens, written by that page itself
 * before its scripts run (once: a later load of the tab sees what the shopper left). Written from the
 * page on show and then navigated away from, it could be read by the next page's renderer before
 * Chromium had passed the write on (one CI run's /cart showed an empty cart).
 */
async function seedCart(page: Page, productId: string) {
  await page.addInitScript((id) => {
    if (sessionStorage.getItem('cart-seeded')) return;
    sessionStorage.setItem('cart-seeded', '1');
    const line = { id, name: 'Smoke Kurti', image: '/images/default-product.svg', price: 1299 };
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { ...line, quantity: 1, selectedSize: 'M' },
        { ...line, quantity: 2, selectedSize: 'L' },
      ]),
    );
  }, productId);
}

export const CART_NAV_CHECKS: Check[] = [
  {
    name: 'cart-remove-undo',
    path: '/',
    expect: async (page) => {
      const list = await page.request.get(new URL('/api/v1/products?limit=1', page.url()).href);
      const id = ((await list.json()) as { data: { id: string }[] }).data[0]?.id ?? 'x';
      await seedCart(page, id);
      await page.goto(new URL('/cart', page.url()).href);
      await h1(page, 'Shopping Cart');
      await text(page, '₹1,299.00 × 2 = ₹2,598.00');
      const remove = page.getByRole('button', {
        name: 'Remove all 2 sizes of Smoke Kurti (from the L line)',
      });
      await remove.waitFor({ timeout: 10_000 });
      await page
        .getByRole('button', { name: 'Remove all 2 sizes of Smoke Kurti (from the M line)' })
        .waitFor();
      // The total and Checkout are on screen without scrolling, at both widths.
      const checkout = page.getByRole('button', { name: 'Checkout' });
      const box = await checkout.boundingBox();
      const height = page.viewportSize()?.height ?? 0;
      if (!box || box.y + box.height > height) throw new Error(`Checkout is below the fold (${box?.y})`);
      await remove.click();
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Undo' }).click();
      await h1(page, 'Shopping Cart');
      await text(page, '₹1,299.00 × 2 = ₹2,598.00');
    },
  },
  {
    name: 'nav-all-categories',
    path: '/',
    expect: async (page) => {
      const info = await page.request.get(new URL('/api/v1/storeInfo', page.url()).href);
      const categories = ((await info.json()) as { categories?: string[] }).categories ?? [];
      const last = categories.at(-1);
      if (!last) throw new Error('the store lists no categories');
      const mobile = (page.viewportSize()?.width ?? 1280) < 768;
      if (mobile) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('navigation', { name: 'All categories' })
          .getByRole('link', { name: last })
          .click();
      } else {
        // Clicked once Ark's menu (a lazy chunk) has replaced the placeholder button: a tap during that
        // hand-over is sometimes lost (a known defect, session 10's note), which this check does not cover.
        const trigger = page.locator('button[data-scope="menu"][data-part="trigger"]', {
          hasText: 'All categories',
        });
        await trigger.waitFor({ timeout: 15_000 });
        await trigger.click();
        await page.getByRole('menuitem', { name: last }).click();
      }
      await page.waitForURL((u) => u.searchParams.get('category') === last.toLowerCase(), {
        timeout: 10_000,
      });
    },
  },
  {
    name: 'quick-view-feedback',
    path: '/products',
    expect: async (page) => {
      const { dialog } = await openQuickView(page);
      await dialog.getByRole('button', { name: 'Add to Cart' }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: /Please select a size|Added to cart/ })
        .waitFor({
          timeout: 10_000,
        });
    },
  },
  {
    // The footer's first link is tel: (no route change), so the check follows a policy page and a card.
    name: 'scroll-top-on-route-change',
    path: '/products',
    expect: async (page) => {
      await page.getByRole('article').first().waitFor({ timeout: 10_000 });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await url(page, '/privacy');
      await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 10_000 });
      await page.goBack();
      await url(page, '/products');
      const card = page.getByRole('article').last();
      await card.scrollIntoViewIfNeeded();
      await card.getByRole('link').first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/product/'), { timeout: 10_000 });
      await page.waitForFunction(() => window.scrollY === 0, null, { timeout: 10_000 });
    },
  },
  {
    name: 'register-keeps-checkout',
    path: '/checkout',
    expect: async (page) => {
      await url(page, '/login');
      // Ticked by default: the spec's 30-day cookie.
      const remember = page.getByRole('checkbox', { name: 'Remember me' });
      if (!(await remember.isChecked())) throw new Error('Remember me starts unticked');
      await page.getByRole('link', { name: 'Create one' }).click();
      await url(page, '/register');
      await h1(page, 'Create an account');
      const email = `cartnav-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
      await page.getByLabel('First name').fill('Asha');
      await page.getByLabel('Last name').fill('Verma');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password\*?$/).fill('saree-sunday-42');
      await page.getByLabel(/^Confirm password\*?$/).fill('saree-sunday-42');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await url(page, '/');
      // Signed out (no automatic login); the header's Login, then the first sign-in lands on the checkout.
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
      await url(page, '/login');
      // The address changes before the sign-in screen is on show (its code may still be coming): until
      // then 'Email' is the footer's newsletter box of the page before.
      await h1(page, 'Sign in to your account');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password\*?$/).fill('saree-sunday-42');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await url(page, '/checkout');
    },
  },
];
