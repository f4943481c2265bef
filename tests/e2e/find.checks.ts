/**
 * Search, sort and filters in the browser: typing in the header's box brings suggestions and Enter the
 * results page; a sort lands in the address; a size ticked in the panel shows a chip that removes it;
 * on a phone the filters open in a drawer. The tab keeps the title the server's HTML gave the address
 * once the SPA runs; the box shows the search of the results page; Quick View shows every image. A list
 * filtered by a colour shows each card in that colour, and picking a colour on a product page shows
 * that colour's pictures (shared/product-images.ts).
 */
import type { Page } from 'playwright-core';
import { appStarted, type Check, h1, openQuickView, url } from './checks';

/** The <title> of the HTML the server sends for this address (before any JavaScript). */
async function serverTitle(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(new URL(path, page.url()).href)).text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return title
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The SPA's document title settles on the server's for the page on show. */
async function titleMatchesServer(page: Page) {
  const { pathname, search } = new URL(page.url());
  const expected = await serverTitle(page, `${pathname}${search}`);
  if (!expected) throw new Error(`no <title> in the HTML of ${pathname}${search}`);
  await page.waitForFunction((title) => document.title === title, expected, { timeout: 10_000 });
}

type ListedProduct = {
  id: string;
  title: string;
  imgUrl: string;
  images: { url: string; color?: string | null }[];
};

/** The picture of `colour` among a product's images, as the API lists them. */
const pictureIn = (product: ListedProduct, colour: string) =>
  product.images.find((image) => image.color === colour)?.url;

export const FIND_CHECKS: Check[] = [
  {
    name: 'find-colour-pictures',
    path: '/products?color=Navy',
    expect: async (page) => {
      const answer = await page.request.get(new URL('/api/v1/products?color=Navy&limit=12', page.url()).href);
      const products = ((await answer.json()) as { data: ListedProduct[] }).data;
      if (products.length < 2) throw new Error(`only ${products.length} Navy products in the demo catalogue`);
      for (const product of products) {
        const card = page.getByRole('article', { name: product.title, exact: true });
        const src = await card.locator('img').first().getAttribute('src', { timeout: 10_000 });
        if (src !== pictureIn(product, 'Navy'))
          throw new Error(`${product.title}'s card shows ${src}, not its Navy picture`);
      }
      // On its page, a product shows its main colour until Navy is picked, then the navy pictures.
      const other = products.find((p) => pictureIn(p, 'Navy') !== p.imgUrl);
      if (!other) throw new Error('no Navy product whose main picture is another colour');
      await page.goto(new URL(`/product/${other.id}`, page.url()).href);
      await h1(page, other.title);
      const main = page.getByRole('img', { name: other.title, exact: true }).first();
      if ((await main.getAttribute('src')) !== other.imgUrl)
        throw new Error('the page opened on another colour');
      await appStarted(page);
      // The chip a person taps: its text (the radio inside is visually hidden).
      await page.getByRole('radiogroup', { name: 'Colour' }).getByText('Navy', { exact: true }).click();
      await page.waitForFunction(
        ([title, url]) =>
          [...document.querySelectorAll('img')].some(
            (img) => img.alt === title && img.getAttribute('src') === url,
          ),
        [other.title, pictureIn(other, 'Navy')] as const,
        { timeout: 10_000 },
      );
    },
  },
  {
    name: 'find-search-suggestions',
    path: '/',
    only: 'desktop',
    expect: async (page) => {
      const combobox = page.getByRole('combobox', { name: 'Search products' }).first();
      await combobox.click();
      await combobox.pressSequentially('kurta', { delay: 30 });
      const option = page.getByRole('option').first();
      await option.waitFor({ timeout: 10_000 });
      await option.locator('mark').first().waitFor();
      await combobox.press('Enter');
      await page.waitForURL((u) => u.pathname === '/products' && u.searchParams.get('q') === 'kurta', {
        timeout: 10_000,
      });
      await h1(page, 'Results for "kurta"');
      await page.locator('article h3 mark').first().waitFor({ timeout: 10_000 });
    },
  },
  {
    name: 'find-sort-and-chip',
    path: '/products?category=men',
    only: 'desktop',
    expect: async (page) => {
      await h1(page, "Men's Ethnic Wear");
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
      await page.waitForURL((u) => u.searchParams.get('sort') === 'price-asc', { timeout: 10_000 });
      const filters = page.getByRole('complementary', { name: 'Filters' });
      await filters.getByRole('checkbox').first().waitFor({ timeout: 10_000 });
      await filters.locator('[data-scope=checkbox][data-part=root]:not([data-disabled])').first().click();
      const chip = page.getByRole('region', { name: 'Active filters' }).getByRole('button').first();
      await chip.waitFor({ timeout: 10_000 });
      await chip.click();
      await page.waitForURL((u) => !u.searchParams.has('size') && !u.searchParams.has('color'), {
        timeout: 10_000,
      });
      await url(page, '/products');
    },
  },
  {
    name: 'find-filter-drawer',
    path: '/products?q=kurta',
    only: 'mobile',
    expect: async (page) => {
      await h1(page, 'Results for "kurta"');
      await page.getByRole('button', { name: /^Filters/ }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await drawer.waitFor({ timeout: 10_000 });
      await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden', timeout: 10_000 });
    },
  },
  {
    name: 'find-titles',
    path: '/products?q=kurta&page=1',
    expect: async (page) => {
      await h1(page, 'Results for "kurta"');
      await titleMatchesServer(page);
      if (!(await page.title()).startsWith('Search results for “kurta”'))
        throw new Error(`the results page is titled "${await page.title()}"`);
      // A product opened from the list: its own title once it has loaded, as its HTML has it.
      const card = page.getByRole('article').first();
      const name = (await card.getAttribute('aria-label')) ?? '';
      await card.getByRole('link').first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/product/'), { timeout: 10_000 });
      await h1(page, name);
      await titleMatchesServer(page);
      await page.goBack();
      await h1(page, 'Results for "kurta"');
      await titleMatchesServer(page);
    },
  },
  {
    name: 'find-box-shows-query',
    path: '/products?q=kurta',
    only: 'desktop',
    expect: async (page) => {
      await h1(page, 'Results for "kurta"');
      const box = page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).first();
      const hasValue = (value: string) =>
        page.waitForFunction(
          (v) =>
            (document.querySelector('header input[type=search]') as HTMLInputElement | null)?.value === v,
          value,
          { timeout: 10_000 },
        );
      await hasValue('kurta');
      // A click in it keeps it; another page empties it; Back brings it back.
      await box.click();
      await hasValue('kurta');
      await page.getByRole('banner').getByRole('link', { name: 'All Products' }).first().click();
      await h1(page, 'All Products');
      await hasValue('');
      await page.goBack();
      await h1(page, 'Results for "kurta"');
      await hasValue('kurta');
    },
  },
  {
    name: 'quick-view-gallery',
    path: '/products?q=chai%20pe%20charcha',
    expect: async (page) => {
      const { dialog, name } = await openQuickView(page);
      const main = dialog.getByRole('img', { name });
      const second = dialog.getByRole('button', { name: 'Show image 2 of 2' });
      await second.click();
      await page.waitForFunction(
        () =>
          document
            .querySelector('[role=dialog] img[alt]:not([alt=""])')
            ?.getAttribute('src')
            ?.endsWith('-alt.svg'),
        undefined,
        { timeout: 10_000 },
      );
      // Keyboard: the arrow key goes back to the first image and takes the focus with it.
      await page.keyboard.press('ArrowLeft');
      await dialog.getByRole('button', { name: 'Show image 1 of 2' }).and(page.locator(':focus')).waitFor();
      if ((await main.getAttribute('src'))?.endsWith('-alt.svg'))
        throw new Error('ArrowLeft did not show image 1');
      await second.click();
    },
  },
];
