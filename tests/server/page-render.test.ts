import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { injectPage } from '../../server/web/page-head';
import {
  FIRST_ANSWER_ID,
  type FirstAnswer,
  PAGE_CODE_TEMPLATE_ID,
  PAGE_PARTS_ATTRIBUTE,
} from '../../shared/first-screen';
import { renderPage } from '../../src/entry-server';
import {
  API,
  type Product,
  setupBuild,
  setupTestApp,
  type TestApp,
  withTestApp,
  writeBuild,
} from './helpers';

/** What the build writes: an empty #root. */
const INDEX = `<!doctype html>
<html lang="en-IN">
  <head><meta charset="UTF-8" /><title>Statefront</title></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const firstAnswerOf = (html: string): FirstAnswer | null => {
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWER_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return block ? (JSON.parse(block[1] as string) as FirstAnswer) : null;
};
/** The markup inside #root (up to the data blocks after it). */
const rootOf = (html: string) => {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf('<script', start);
  return html.slice(start, end < 0 ? undefined : end);
};

const build = setupBuild({ 'index.html': INDEX });
const t = setupTestApp(() => ({ staticDir: build.dir }), { pageRenderer: renderPage });

describe('every page rendered by React on the server', () => {
  it('/product/{id}: the product page in the storefront, and the API answer it was rendered from', async () => {
    const [first] = (await get(`${API}/products?limit=1`)).json<{ data: Product[] }>().data;
    const product = first as Product;
    const html = (await get(`/product/${product.id}`)).body;
    const frame = rootOf(html);
    expect(frame).toContain('<header');
    expect(frame).toMatch(new RegExp(`<h1[^>]*>${product.title.replace(/'/g, '&#x27;')}</h1>`));
    expect(frame).toContain(`src="${product.imgUrl ?? product.images?.[0]?.url}"`);
    expect(frame).toContain('Add to Cart');
    // The same answer GET /products/{id} gives: the client's machine starts from it.
    const answer = (await get(`${API}/products/${product.id}`)).json();
    expect(firstAnswerOf(html)).toEqual({ route: 'product', id: product.id, answer });
  });

  it('/products?…: the list with its cards and filter counts, from the answer the SPA would ask for', async () => {
    const html = (await get('/products?category=men&sort=price-asc')).body;
    const frame = rootOf(html);
    const answer = (
      await get(`${API}/products?page=1&limit=12&facets=true&category=men&sort=price-asc`)
    ).json<{ data: Product[]; count: number }>();
    expect(firstAnswerOf(html)).toEqual({ route: 'products', search: 'category=men&sort=price-asc', answer });
    expect(answer.data.length).toBeGreaterThan(0);
    for (const product of answer.data) expect(frame).toContain(`href="/product/${product.id}"`);
    expect(frame).toContain(`${answer.count} products`);
    expect(frame).toContain('aria-label="Filters"');
    expect(frame).not.toContain('Loading products');
  });

  it('renders a search that finds nothing as the page that says so', async () => {
    const html = (await get('/products?q=zzqqxx')).body;
    expect(rootOf(html)).toContain('No results for &quot;zzqqxx&quot;');
    expect(firstAnswerOf(html)?.route).toBe('products');
  });

  it('/: the home page with its featured products, from the answer its machine would ask for', async () => {
    const html = (await get('/')).body;
    const answer = (await get(`${API}/products?filter=featured&limit=4`)).json<{ data: Product[] }>();
    expect(firstAnswerOf(html)).toEqual({ route: 'home', answer });
    expect(answer.data.length).toBeGreaterThan(0);
    for (const product of answer.data) expect(rootOf(html)).toContain(`href="/product/${product.id}"`);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/images\/hero.svg" fetchpriority="high">/);
  });

  it('renders every other route with no answer embedded: its layout, its own texts, its loading state', async () => {
    const pages: [string, RegExp][] = [
      ['/cart', /<header/],
      ['/login', /Sign in|Login|Log in/i],
      ['/register', /Register|Create/i],
      ['/forgot-password', /Forgot|Reset/i],
      ['/track-order', /Track/],
      ['/contact', /Contact/],
      ['/wishlist', /Wishlist|Saved/i],
      ['/terms', /Terms and Conditions/],
      ['/api-test', /API Connection Test/],
      ['/product/no-such-product', /<header/],
    ];
    for (const [url, shows] of pages) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(rootOf(response.body), url).toMatch(shows);
      expect(rootOf(response.body).length, url).toBeGreaterThan(1000);
      expect(firstAnswerOf(response.body), url).toBeNull();
    }
  });

  it('posts every form that holds personal data (a submit before the app runs stays out of the URL)', async () => {
    // src/forms/private-form.ts: an email, a password or a phone number never rides in a GET's query.
    const pages = [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=t',
      '/track-order',
      '/contact',
    ];
    let personal = 0;
    for (const url of pages) {
      const root = rootOf((await get(url)).body);
      for (const [form] of root.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
        const open = /^<form\b[^>]*>/.exec(form)?.[0] ?? '';
        const holdsPersonal =
          /<input\b[^>]*(type="(email|password|tel)"|name="(email|phone|contactInfo|password)")/.test(form);
        if (holdsPersonal) {
          personal += 1;
          expect(open, `${url}: ${open.slice(0, 80)}`).toMatch(/\smethod="post"/);
        } else expect(open, url).not.toMatch(/\smethod="post"/);
      }
    }
    // The home page's newsletter, the auth forms, the order lookup and the contact form.
    expect(personal).toBeGreaterThanOrEqual(pages.length);
  });

  it("/api-test: the diagnostic's card as the browser will fill it (its rows, the button waiting), so nothing moves", async () => {
    const html = rootOf((await get('/api-test')).body);
    expect(html).toMatch(/Host header<\/dt><dd[^>]*>…<\/dd>/);
    expect(html).toMatch(/Hostname<\/dt><dd[^>]*>…<\/dd>/);
    expect(html).toMatch(/Backend API base<\/dt><dd[^>]*>…<\/dd>/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Test API Connection<\/button>/);
  });

  it('names on #root the lazy parts each page rendered, as the build manifest keys them: its screen, the search box', async () => {
    const partsOf = async (url: string) =>
      new RegExp(`<div id="root" ${PAGE_PARTS_ATTRIBUTE}="([^"]*)">`)
        .exec((await get(url)).body)?.[1]
        ?.split(' ')
        .sort();
    const search = 'src/features/catalogue/search-combobox.tsx';
    expect(await partsOf('/')).toEqual(['src/features/catalogue/home.page.tsx', search]);
    expect(await partsOf('/products?category=men')).toEqual([
      'src/features/catalogue/products.page.tsx',
      search,
    ]);
    expect(await partsOf('/terms')).toEqual([search, 'src/features/store/policy.page.tsx']);
    expect(await partsOf('/no/such/page')).toEqual([search, 'src/features/store/not-found.page.tsx']);
    // The sign-in pages have no header: the screen alone.
    expect(await partsOf('/login')).toEqual(['src/features/accounts/login.page.tsx']);
  });

  it('answers an unknown path and a policy that is none with the storefront 404 page and status 404', async () => {
    for (const url of ['/no/such/page', '/404']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(rootOf(response.body), url).toContain('<header');
    }
    expect((await get('/not-a-policy')).statusCode).toBe(404);
  });

  it('renders nothing of a shopper: the cart badge, the session and the wishlist are read in the browser', async () => {
    const html = rootOf((await get('/cart')).body);
    expect(html).toContain('aria-label="Cart, 0 items"');
    expect(html).toContain('Loading your cart…');
    expect(html).not.toContain('Your cart is empty');
    // Neither Login nor My Account in the header until the session is known.
    expect(html).not.toContain('aria-label="My Account"');
    expect(html).not.toMatch(/>Login</);
  });

  it('follows a product write: the page is rendered again from the new answer', async () => {
    const [first] = (await get(`${API}/products?limit=1`)).json<{ data: Product[] }>().data;
    const product = first as Product;
    expect((await get(`/product/${product.id}`)).body).not.toContain('Renamed For The First Screen');
    await t.ctx.db
      .update(products)
      .set({ title: 'Renamed For The First Screen' })
      .where(eq(products.id, product.id));
    let html = '';
    for (let tries = 0; tries < 100 && !html.includes('Renamed For The First Screen'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      html = (await get(`/product/${product.id}`)).body;
    }
    expect(rootOf(html)).toContain('Renamed For The First Screen');
    expect(firstAnswerOf(html)?.answer).toMatchObject({ title: 'Renamed For The First Screen' });
  });
});

describe('injectPage', () => {
  const first: FirstAnswer = {
    route: 'product',
    id: 'p1',
    answer: { title: '</script><script>alert(1)</script>' } as never,
  };

  it('fills #root, adds the answer in a block no value can close and the module preloads, inert, in the head', () => {
    const out = injectPage(INDEX, { html: '<main>page</main>' }, first, ['/assets/a.js']);
    expect(out).toContain('<div id="root"><main>page</main></div>');
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(firstAnswerOf(out)).toEqual(first);
    expect(out).toContain(
      `<template id="${PAGE_CODE_TEMPLATE_ID}"><link rel="modulepreload" crossorigin href="/assets/a.js"></template>\n</head>`,
    );
  });

  it("adds the screen's preloads to the build's page-code template, after the app's own", () => {
    const built = INDEX.replace(
      '</head>',
      `<template id="${PAGE_CODE_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/app.js"></template></head>`,
    );
    const out = injectPage(built, { html: '<main>page</main>' }, null, ['/assets/a.js']);
    expect(out.match(/<template/g)).toHaveLength(1);
    expect(out).toContain(
      `<template id="${PAGE_CODE_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/app.js"><link rel="modulepreload" crossorigin href="/assets/a.js"></template></head>`,
    );
  });

  it('names the lazy parts the page shows on #root, for the browser to load before it hydrates', () => {
    const page = {
      html: '<main>page</main>',
      modules: ['src/features/catalogue/products.page.tsx', 'src/features/catalogue/search-combobox.tsx'],
    };
    const out = injectPage(INDEX, page, null);
    expect(out).toContain(
      `<div id="root" ${PAGE_PARTS_ATTRIBUTE}="src/features/catalogue/products.page.tsx src/features/catalogue/search-combobox.tsx"><main>page</main></div>`,
    );
  });

  it('leaves a build without an empty #root as it is', () => {
    const html = '<div id="root"><p>something</p></div>';
    expect(injectPage(html, { html: '<main>page</main>' }, first)).toBe(html);
  });
});

describe('a renderer that fails', () => {
  it('serves the page as built: the app renders it', async () => {
    const renderer = async () => {
      throw new Error('cannot render');
    };
    await withTestApp({ staticDir: build.dir }, { pageRenderer: renderer }, async (failing) => {
      const [first] = (await failing.app.inject({ method: 'GET', url: `${API}/products?limit=1` })).json<{
        data: Product[];
      }>().data;
      const response = await failing.app.inject({ method: 'GET', url: `/product/${first?.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(firstAnswerOf(response.body)).toBeNull();
    });
  }, 60_000);
});

describe('the renderer the build wrote (dist/.ssr/entry-server.js)', () => {
  /** Runs `use` on an app serving a build whose renderer module has `source`. */
  async function withBuiltRenderer(source: string, use: (built: TestApp) => Promise<void>) {
    const dir = writeBuild({ 'index.html': INDEX, '.ssr/entry-server.js': source });
    try {
      await withTestApp({ staticDir: dir }, {}, use);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('is loaded from the build folder and not served as a file', async () => {
    const source =
      "export const renderPage = async (input) => ({ html: '<main>' + input.first.route + ' from the build</main>', modules: [], notFound: false });";
    await withBuiltRenderer(source, async (built) => {
      const [first] = (await built.app.inject({ method: 'GET', url: `${API}/products?limit=1` })).json<{
        data: Product[];
      }>().data;
      const page = await built.app.inject({ method: 'GET', url: `/product/${first?.id}` });
      expect(rootOf(page.body)).toContain('<main>product from the build</main>');
      expect((await built.app.inject({ method: 'GET', url: '/.ssr/entry-server.js' })).statusCode).toBe(404);
    });
  }, 60_000);

  it('that fails to load costs the server markup only: the server starts and serves the pages as built', async () => {
    await withBuiltRenderer("throw new Error('a partial build');", async (built) => {
      const response = await built.app.inject({ method: 'GET', url: '/products' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    });
  }, 60_000);
});
