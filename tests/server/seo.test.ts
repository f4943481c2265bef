import { describe, expect, it } from 'vitest';
import { catalogue, type SeedProduct } from '../../server/catalogue/catalogue';
import {
  injectPageMeta,
  SITEMAP_URL_LIMIT,
  sitemapFiles,
  sitemapUrls,
  summarise,
} from '../../server/web/seo';
import { setupBuild, setupTestApp, TEST_STORE } from './helpers';

const INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Build description" />
    <title>Statefront</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** A product whose text tries every way out of an attribute, an element and a script block. */
const HOSTILE: SeedProduct = {
  ...(catalogue[0] as SeedProduct),
  id: '0f0e0d0c-0b0a-4909-8807-060504030201',
  title: 'Kurta </script><script>alert(1)</script> "quoted" & \'single\' <b>',
  description: 'Soft cotton. </script><!-- \u2028 --> "Ends" here & there.',
  regularPrice: 1999,
  discountedPrice: 1499.5,
  createdAt: '2020-01-01T00:00:00.000Z',
};

const HOST = 'shop.example.in';
const build = setupBuild({ 'index.html': INDEX });
const t = setupTestApp(() => ({ staticDir: build.dir }), { products: [...catalogue, HOSTILE] });

const page = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { host: HOST } });
  expect(response.statusCode, url).toBe(200);
  return response;
};
const one = (html: string, pattern: RegExp) => {
  const found = [...html.matchAll(new RegExp(pattern, 'g'))];
  expect(found, String(pattern)).toHaveLength(1);
  return found[0]?.[1] ?? '';
};
const fromHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const titleOf = (html: string) => fromHtml(one(html, /<title>([^<]*)<\/title>/));
const metaOf = (html: string, attr: 'name' | 'property', name: string) =>
  fromHtml(one(html, new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`)));
const canonicalOf = (html: string) => fromHtml(one(html, /<link rel="canonical" href="([^"]*)">/));
const jsonLdOf = (html: string) =>
  JSON.parse(one(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/)) as Record<
    string,
    unknown
  >;

describe('page heads in the HTML the server sends', () => {
  it('give a product page its title, description, canonical URL, Open Graph and Twitter tags', async () => {
    const product = catalogue.find((p) => p.discountedPrice !== null) as SeedProduct;
    const { body } = await page(`/product/${product.id.toUpperCase()}`);
    expect(titleOf(body)).toBe(`${product.title} | ${TEST_STORE.storeName}`);
    expect(metaOf(body, 'name', 'description')).toBe(summarise(product.description));
    const canonical = `http://${HOST}/product/${product.id}`;
    expect(canonicalOf(body)).toBe(canonical);
    expect(metaOf(body, 'property', 'og:type')).toBe('product');
    expect(metaOf(body, 'property', 'og:url')).toBe(canonical);
    expect(metaOf(body, 'property', 'og:title')).toBe(`${product.title} | ${TEST_STORE.storeName}`);
    expect(metaOf(body, 'property', 'og:image')).toBe(`http://${HOST}${product.imgUrl}`);
    expect(metaOf(body, 'property', 'product:price:amount')).toBe(product.discountedPrice?.toFixed(2));
    expect(metaOf(body, 'property', 'product:price:currency')).toBe('INR');
    expect(metaOf(body, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(body, 'name', 'twitter:image')).toBe(`http://${HOST}${product.imgUrl}`);
    // The build's own title and description are replaced, not duplicated.
    expect(body).not.toContain('Build description');
    expect(body).not.toContain('<title>Statefront</title>');
  });

  it('carry schema.org/Product JSON-LD with the price paid in INR', async () => {
    const product = catalogue.find((p) => p.discountedPrice !== null) as SeedProduct;
    const data = jsonLdOf((await page(`/product/${product.id}`)).body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: product.description,
      sku: product.id,
      image: expect.arrayContaining([`http://${HOST}${product.imgUrl}`]),
      brand: { '@type': 'Brand', name: TEST_STORE.storeName },
      offers: {
        '@type': 'Offer',
        price: product.discountedPrice,
        priceCurrency: 'INR',
        availability: 'https://schema.org/InStock',
        url: `http://${HOST}/product/${product.id}`,
      },
    });
  });

  it('escape a product whose text holds </script>, quotes and markup', async () => {
    const { body } = await page(`/product/${HOSTILE.id}`);
    // Only the build's script, the JSON-LD and the store snapshot: none the product's text opened.
    expect([...body.matchAll(/<script[^>]*>/g)].map((m) => m[0]).sort()).toEqual([
      '<script type="application/json" id="store-info-snapshot">',
      '<script type="application/ld+json">',
      '<script type="module" crossorigin src="/assets/app-abc123.js">',
    ]);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<!--');
    expect(titleOf(body)).toBe(`${HOSTILE.title} | ${TEST_STORE.storeName}`);
    expect(metaOf(body, 'property', 'og:title')).toBe(`${HOSTILE.title} | ${TEST_STORE.storeName}`);
    const data = jsonLdOf(body);
    expect(data.name).toBe(HOSTILE.title);
    expect(data.description).toBe(HOSTILE.description);
    expect((data.offers as { price: number }).price).toBe(1499.5);
  });

  it('name the category, type, search and page on /products, with a canonical URL', async () => {
    const women = (await page('/products?category=WOMEN&page=2')).body;
    expect(titleOf(women)).toBe(`Women – Page 2 | ${TEST_STORE.storeName}`);
    expect(canonicalOf(women)).toBe(`http://${HOST}/products?category=women&page=2`);
    const count = catalogue.filter((p) => p.category === 'Women').length;
    expect(metaOf(women, 'name', 'description')).toContain(`${count} products`);
    expect(women).not.toContain('name="robots"');

    const kurta = (await page('/products?parentCategory=kurta')).body;
    expect(titleOf(kurta)).toBe(`Kurta | ${TEST_STORE.storeName}`);

    const all = (await page('/products?page=1')).body;
    expect(titleOf(all)).toBe(`All products | ${TEST_STORE.storeName}`);
    expect(canonicalOf(all)).toBe(`http://${HOST}/products`);

    const search = (await page('/products?q=silk%20saree')).body;
    expect(titleOf(search)).toBe(`Search results for “silk saree” | ${TEST_STORE.storeName}`);
    expect(canonicalOf(search)).toBe(`http://${HOST}/products?q=silk+saree`);
    expect(metaOf(search, 'name', 'robots')).toBe('noindex, follow');
    // `filter=<text>` is the same search (the SPA and the API read it so).
    const filtered = (await page('/products?filter=silk%20saree')).body;
    expect(titleOf(filtered)).toBe(`Search results for “silk saree” | ${TEST_STORE.storeName}`);
    expect(canonicalOf(filtered)).toBe(`http://${HOST}/products?q=silk+saree`);
    const hostile = (await page(`/products?q=${encodeURIComponent('"><script>x</script>')}`)).body;
    expect(hostile).not.toContain('<script>x');
  });

  it('preload the first card of the sorted, filtered page the SPA will show, and keep sort out of the canonical URL', async () => {
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products?category=men&sort=price-desc&size=L&limit=12',
    });
    const first = api.json<{ data: { imgUrl: string }[] }>().data[0];
    const { body } = await page('/products?category=men&sort=price-desc&size=L');
    expect(one(body, /<link rel="preload" as="image" href="([^"]*)"/)).toBe(first?.imgUrl);
    expect(canonicalOf(body)).toBe(`http://${HOST}/products?category=men`);
    expect((await page('/products?sort=bogus&minPrice=abc')).statusCode).toBe(200);
  });

  it('give the home page the store name and description', async () => {
    const { body } = await page('/');
    expect(titleOf(body)).toBe(TEST_STORE.storeName);
    expect(metaOf(body, 'name', 'description')).toBe(TEST_STORE.description);
    expect(canonicalOf(body)).toBe(`http://${HOST}/`);
    expect(metaOf(body, 'property', 'og:type')).toBe('website');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows all but the shopper’s own pages and the API, and names the sitemap', async () => {
    const response = await page('/robots.txt');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /account',
        'Disallow: /checkout',
        'Disallow: /payment',
        'Disallow: /api',
        `Sitemap: http://${HOST}/sitemap.xml`,
      ]),
    );
  });

  it('sitemap.xml lists home, every category and type, and every product, absolute', async () => {
    const response = await page('/sitemap.xml');
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => fromHtml(m[1] ?? ''));
    expect(response.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs).toContain(`http://${HOST}/`);
    for (const p of [...catalogue, HOSTILE]) expect(locs).toContain(`http://${HOST}/product/${p.id}`);
    for (const category of new Set(catalogue.map((p) => p.category.toLowerCase())))
      expect(locs).toContain(`http://${HOST}/products?category=${encodeURIComponent(category)}`);
    expect(locs).toContain(`http://${HOST}/products?parentCategory=kurta`);
    expect(new Set(locs).size).toBe(locs.length);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404);
  });

  it('splits past 50,000 URLs into an index of parts', () => {
    const ids = Array.from({ length: SITEMAP_URL_LIMIT + 10 }, (_, i) => `id-${i}`);
    const urls = sitemapUrls('https://x.in', { ids, categories: ['men'], parentCategories: [] });
    const [index, first, second, ...rest] = sitemapFiles('https://x.in', urls);
    expect(rest).toEqual([]);
    expect(index).toContain('<sitemapindex');
    expect([...(index ?? '').matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://x.in/sitemap-1.xml',
      'https://x.in/sitemap-2.xml',
    ]);
    expect(first?.match(/<url>/g)).toHaveLength(SITEMAP_URL_LIMIT);
    expect(second?.match(/<url>/g)).toHaveLength(13);
    expect(sitemapFiles('https://x.in', urls.slice(0, 3))).toHaveLength(1);
  });
});

describe('injectPageMeta', () => {
  it('adds the tags after <meta charset> even when the build has no title or description', () => {
    const html = injectPageMeta('<html><head><meta charset="utf-8"></head><body></body></html>', {
      title: 'A & B',
      description: 'd',
      canonical: 'https://x.in/',
      type: 'website',
      image: null,
      siteName: 'S',
    });
    expect(html).toMatch(/<meta charset="utf-8">\s*<title>A &amp; B<\/title>[\s\S]*<\/head>/);
    expect(
      injectPageMeta('<p>x</p>', {
        title: 'T',
        description: 'd',
        canonical: 'https://x.in/',
        type: 'website',
        image: null,
        siteName: 'S',
      }),
    ).toMatch(/^<title>T<\/title>/);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });
});
