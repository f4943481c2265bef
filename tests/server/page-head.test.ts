import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StoreInfo } from '../../machines/store-info.machine';
import { products } from '../../server/db/schema';
import { injectImagePreload, injectStoreSnapshot } from '../../server/web/page-head';
import { API, type Product, setupBuild, setupTestApp, TEST_STORE } from './helpers';

/** What the build writes: the frame and the snapshot of the store.config.json it was built with. */
const BUILT_STORE = { ...TEST_STORE, storeName: 'Built Store' };
const INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Statefront</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
    <script type="application/json" id="store-info-snapshot">${JSON.stringify(BUILT_STORE)}</script>
  </body>
</html>`;
/** The store this server runs with (another STORE_CONFIG than the build's). */
const SERVED_STORE: StoreInfo = { ...TEST_STORE, storeName: 'Served </script> Store' };

const PRELOAD = /<link rel="preload" as="image" href="([^"]*)" fetchpriority="high">/g;
const preloads = (html: string) => [...html.matchAll(PRELOAD)].map((m) => m[1]);
const snapshotOf = (html: string) => {
  const blocks = [
    ...html.matchAll(/<script type="application\/json" id="store-info-snapshot">([\s\S]*?)<\/script>/g),
  ];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? 'null') as StoreInfo;
};
const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const apiList = async (query: string) =>
  (await page(`${API}/products?${query}`)).json<{ data: Product[] }>().data;

const build = setupBuild({ 'index.html': INDEX, 'assets/app-abc123.js': 'console.log("app")' });
const t = setupTestApp(() => ({ staticDir: build.dir }), { store: SERVED_STORE });

describe('/product/{id} and /products pages', () => {
  it('preload the product’s image on /product/{id}, in the head before the stylesheet and scripts', async () => {
    const [first, second] = await apiList('page=1&limit=2');
    if (!first || !second) throw new Error('empty catalogue');
    const response = await page(`/product/${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(preloads(response.body)).toEqual([first.imgUrl]);
    expect(response.body).toMatch(/<meta charset="UTF-8" \/>\s*<link rel="preload" as="image"/);
    expect(response.body.indexOf('rel="preload"')).toBeLessThan(response.body.indexOf('<script'));
    expect(preloads((await page(`/product/${second.id.toUpperCase()}`)).body)).toEqual([second.imgUrl]);
  });

  it('preload the first card’s image of that list page and filter on /products', async () => {
    const all = await apiList('page=1&limit=12');
    expect(preloads((await page('/products')).body)).toEqual([all[0]?.imgUrl]);
    const page2 = await apiList('page=2&limit=12');
    expect(page2[0]?.imgUrl).not.toBe(all[0]?.imgUrl);
    expect(preloads((await page('/products?page=2')).body)).toEqual([page2[0]?.imgUrl]);
    const women = await apiList('page=1&limit=12&category=women');
    expect(women[0]).toBeDefined();
    expect(preloads((await page('/products?category=Women')).body)).toEqual([women[0]?.imgUrl]);
    const featured = await apiList('page=1&limit=12&filter=featured');
    expect(preloads((await page('/products?featured=true')).body)).toEqual([featured[0]?.imgUrl]);
  });

  it('preload nothing for an unknown product or an empty page, and still serve the page', async () => {
    for (const url of [
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/not-a-uuid',
      '/products?page=999',
      '/products?category=no-such-category',
    ]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(preloads(response.body)).toEqual([]);
      expect(response.body).toContain('<div id="root"></div>');
    }
    // A last segment with an extension is a missing file, as before.
    expect((await page('/product/photo.png')).statusCode).toBe(404);
  });

  it('embed this server’s store information in place of the build’s, on every page', async () => {
    const [first] = await apiList('page=1&limit=1');
    for (const url of ['/', '/products', `/product/${first?.id}`, '/orders']) {
      const { body } = await page(url);
      expect(snapshotOf(body)).toEqual(SERVED_STORE);
      // `</script>` in a store text cannot end the data block early.
      expect(body).not.toContain('Served </script>');
    }
  });

  it('keep no-cache, compression by Accept-Encoding, ETag/304 and the CSP', async () => {
    const [first] = await apiList('page=1&limit=1');
    const url = `/product/${first?.id}`;
    const br = await page(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(preloads(html)).toEqual([first?.imgUrl]);
    const gzip = await page(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const again = await page(url, {
      'accept-encoding': 'gzip, br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // A page preloading another image is another representation (the first product's page and
    // /products preload the same image, so they share one).
    const other = await page('/products?page=2', { 'accept-encoding': 'gzip, br' });
    expect(other.headers.etag).not.toBe(br.headers.etag);
  });

  it('follow a product write: the page preloads the new image once the catalogue has it', async () => {
    const [first] = await apiList('page=1&limit=1');
    if (!first) throw new Error('empty catalogue');
    expect(preloads((await page(`/product/${first.id}`)).body)).toEqual([first.imgUrl]);
    await t.ctx.db
      .update(products)
      .set({ imgUrl: '/images/new-photo.webp' })
      .where(eq(products.id, first.id));
    await t.app.catalogue.invalidate();
    expect(preloads((await page(`/product/${first.id}`)).body)).toEqual(['/images/new-photo.webp']);
    expect(preloads((await page('/products')).body)).toEqual(['/images/new-photo.webp']);
  });
});

describe('head injection', () => {
  it('escapes the image URL as an attribute value', () => {
    const html = injectImagePreload('<head><meta charset="utf-8"></head>', '/a.webp?x=1&y="2"<b>');
    expect(html).toContain('href="/a.webp?x=1&amp;y=&quot;2&quot;&lt;b&gt;"');
  });

  it('adds the store snapshot before </body> when the build has none', () => {
    const html = injectStoreSnapshot('<html><body><div id="root"></div></body></html>', TEST_STORE);
    expect(html).toMatch(/<div id="root"><\/div><script type="application\/json" id="store-info-snapshot">/);
    expect(snapshotOf(html)).toEqual(TEST_STORE);
  });
});
