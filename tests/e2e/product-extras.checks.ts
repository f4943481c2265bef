/**
 * The product page's size chart, similar items and image zoom (docs/storefront.md, "Product page: size
 * chart and similar items"), at 1280 and 375 px: each check leaves its overlay open, so the screenshot
 * and the axe run (tests/e2e/run.ts) see it.
 */
import type { Page } from 'playwright-core';
import { at, type Check } from './checks';

/** A kurta of the demo catalogue: sold in sizes, with a chart, and others of its type. */
async function kurtaPath(page: Page): Promise<string> {
  const res = await page.request.get(at(page, '/api/v1/products?parentCategory=Kurta&limit=1'));
  const [kurta] = ((await res.json()) as { data: { id: string }[] }).data;
  if (!kurta) throw new Error('no kurta in the catalogue');
  return `/product/${kurta.id}`;
}

async function openKurta(page: Page) {
  await page.goto(at(page, await kurtaPath(page)));
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 10_000 });
  // Hydrated: the header's account link is the app's (tests/e2e/checks.ts appStarted).
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^(Login|My Account)$/ })
    .first()
    .waitFor();
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

export const PRODUCT_EXTRAS_CHECKS: Check[] = [
  {
    name: 'product-size-chart',
    path: '/products',
    expect: async (page) => {
      await openKurta(page);
      const opener = page.getByRole('button', { name: 'Size chart' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Size chart' });
      await dialog.getByRole('columnheader', { name: 'Chest (in)' }).waitFor({ timeout: 10_000 });
      await dialog.getByRole('rowheader', { name: 'M', exact: true }).waitFor();
      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      if (!(await opener.evaluate((el) => el === document.activeElement)))
        throw new Error('focus did not return to Size chart');
      // Open again, in centimetres, and left open for the screenshot and the axe run.
      await opener.click();
      await dialog.getByRole('button', { name: 'Centimetres' }).click();
      await dialog.getByRole('columnheader', { name: 'Chest (cm)' }).waitFor();
      const fits = await dialog.evaluate((el) => el.getBoundingClientRect().width <= window.innerWidth);
      if (!fits) throw new Error('the size chart is wider than the screen');
    },
  },
  {
    name: 'product-similar-items',
    path: '/products',
    expect: async (page) => {
      await openKurta(page);
      const section = page.getByRole('region', { name: 'Similar items' });
      await section.scrollIntoViewIfNeeded({ timeout: 10_000 });
      const cards = section.getByRole('article');
      await cards.nth(3).waitFor({ timeout: 10_000 });
      const count = await cards.count();
      if (count > 8) throw new Error(`${count} similar items, more than 8`);
      const title = await page.getByRole('heading', { level: 1 }).innerText();
      if ((await section.getByRole('article', { name: title, exact: true }).count()) > 0)
        throw new Error('the product is among its own similar items');
      const list = section.getByRole('list');
      const { scrolls, top } = await list.evaluate((el) => {
        const items = [...el.children].map((c) => c.getBoundingClientRect().top);
        return { scrolls: el.scrollWidth > el.clientWidth + 1, top: new Set(items.slice(0, 4)).size };
      });
      // A phone scrolls one row sideways; a desktop shows a grid, four to a row.
      if (isPhone(page) && (!scrolls || top !== 1)) throw new Error('the phone row does not scroll sideways');
      if (!isPhone(page) && (scrolls || top !== 1)) throw new Error('the desktop grid is not four to a row');
    },
  },
  {
    name: 'product-zoom',
    path: '/products',
    expect: async (page) => {
      await openKurta(page);
      const name = await page.getByRole('heading', { level: 1 }).innerText();
      await page.getByRole('button', { name: `Zoom: ${name}` }).click();
      const viewer = page.getByRole('dialog', { name: new RegExp(name) });
      await viewer.waitFor({ timeout: 10_000 });
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      const scale = await viewer.locator('[data-scale]').getAttribute('data-scale');
      if (scale !== '1.50') throw new Error(`zoomed to ${scale}, not 1.50`);
      // The viewer fills the screen.
      const fills = await viewer.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.width >= window.innerWidth - 1 && r.height >= window.innerHeight - 1;
      });
      if (!fills) throw new Error('the viewer does not fill the screen');
    },
  },
];
