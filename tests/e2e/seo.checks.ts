/**
 * Product SEO in the browser smoke: the HTML the server sends for a product page (what a crawler or a
 * link preview reads, before any JavaScript) carries the product's title and schema.org/Product
 * JSON-LD, the JSON-LD block is still in the live page without a CSP complaint in the console (the
 * runner fails a check on console errors), and robots.txt points at a sitemap that lists the product.
 */
import type { Page } from 'playwright-core';
import { at, type Check } from './checks';

async function served(page: Page, path: string): Promise<string> {
  const response = await page.request.get(at(page, path));
  if (response.status() !== 200) throw new Error(`${path} answered ${response.status()}`);
  return response.text();
}

export const SEO_CHECKS: Check[] = [
  {
    name: 'seo-product-head',
    path: (ctx) => `/product/${ctx.productId}`,
    only: 'desktop',
    expect: async (page) => {
      const path = new URL(page.url()).pathname;
      const id = path.split('/').pop() ?? '';
      const product = (await (await page.request.get(at(page, `/api/v1/products/${id}`))).json()) as {
        title: string;
        regularPrice: number;
        discountedPrice: number | null;
      };
      const html = await served(page, path);
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      if (!title.startsWith(product.title.replace(/&/g, '&amp;')))
        throw new Error(`served title "${title}" does not name "${product.title}"`);
      const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
      if (!block) throw new Error('no JSON-LD in the served HTML');
      const data = JSON.parse(block) as {
        '@type': string;
        name: string;
        offers: { price: number; priceCurrency: string };
      };
      const paid = product.discountedPrice ?? product.regularPrice;
      if (
        data['@type'] !== 'Product' ||
        data.name !== product.title ||
        data.offers.price !== paid ||
        data.offers.priceCurrency !== 'INR'
      )
        throw new Error(`JSON-LD does not describe the product: ${block.slice(0, 200)}`);
      if (!/<link rel="canonical" href="https?:\/\/[^"]+\/product\//.test(html))
        throw new Error('no absolute canonical URL');
      // Still in the live document after the SPA took over, as data (the CSP only governs scripts that run).
      await page
        .locator('script[type="application/ld+json"]')
        .first()
        .waitFor({ state: 'attached', timeout: 10_000 });
    },
  },
  {
    name: 'seo-robots-sitemap',
    path: '/',
    only: 'desktop',
    expect: async (page) => {
      const robots = await served(page, '/robots.txt');
      const sitemapUrl = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
      if (!sitemapUrl || !/Disallow: \/checkout/.test(robots))
        throw new Error(`unexpected robots.txt:\n${robots}`);
      const sitemap = await served(page, new URL(sitemapUrl).pathname);
      if (!/<loc>https?:\/\/[^<]+\/product\/[0-9a-f-]{36}<\/loc>/.test(sitemap))
        throw new Error('the sitemap lists no product');
    },
  },
];
