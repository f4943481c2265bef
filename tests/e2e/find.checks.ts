/**
 * Search, sort and filters in the browser: typing in the header's box brings suggestions and Enter the
 * results page; a sort lands in the address; a size ticked in the panel shows a chip that removes it;
 * on a phone the filters open in a drawer.
 */
import { type Check, h1, url } from './checks';

export const FIND_CHECKS: Check[] = [
  {
    name: 'find-search-suggestions',
    path: '/',
    only: 'desktop',
    expect: async (page) => {
      const box = page.getByRole('searchbox', { name: 'Search products' }).first();
      await box.click();
      const combobox = page.getByRole('combobox', { name: 'Search products' }).first();
      await combobox.waitFor({ timeout: 10_000 });
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
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Price: Low to High' }).click();
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
];
