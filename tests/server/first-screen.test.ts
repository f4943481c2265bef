import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema';
import { products } from '../../server/db/schema';
import { FRAME_END, FRAME_START, injectFirstScreen } from '../../server/page-head';
import { FIRST_ANSWER_ID, type FirstAnswer } from '../../shared/first-screen';
import { renderFirstScreen } from '../../src/app/first-screen';
import { API, setupBuild, setupTestApp, type TestApp, withTestApp, writeBuild } from './helpers';

type Product = components['schemas']['Product'];

/** What the build writes: the prerendered frame between its markers inside #root. */
const INDEX = `<!doctype html>
<html lang="en-IN">
  <head><meta charset="UTF-8" /><title>Statefront</title></head>
  <body>
    <div id="root"><div data-shell="">${FRAME_START}<header>frame</header><main></main>${FRAME_END}</div></div>
  </body>
</html>`;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const firstAnswerOf = (html: string): FirstAnswer | null => {
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWER_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return block ? (JSON.parse(block[1] as string) as FirstAnswer) : null;
};
/** The markup inside #root's frame. */
const frameOf = (html: string) => html.slice(html.indexOf(FRAME_START), html.indexOf(FRAME_END));

const build = setupBuild({ 'index.html': INDEX });
const t = setupTestApp(() => ({ staticDir: build.dir }), { firstScreen: renderFirstScreen });

describe('the first screen of /product/{id} and /products, rendered by the server', () => {
  it('/product/{id}: the product page in the frame, and the API answer it was rendered from', async () => {
    const [first] = (await get(`${API}/products?limit=1`)).json<{ data: Product[] }>().data;
    const product = first as Product;
    const html = (await get(`/product/${product.id}`)).body;
    const frame = frameOf(html);
    expect(frame).not.toContain('<header>frame</header>');
    expect(frame).toMatch(new RegExp(`<h1[^>]*>${product.title.replace(/'/g, '&#x27;')}</h1>`));
    expect(frame).toContain(`src="${product.imgUrl ?? product.images?.[0]?.url}"`);
    expect(frame).toContain('Add to Cart');
    // The same answer GET /products/{id} gives: the client's machine starts from it.
    const answer = (await get(`${API}/products/${product.id}`)).json();
    expect(firstAnswerOf(html)).toEqual({ route: 'product', id: product.id, answer });
  });

  it('/products?…: the list with its cards and filter counts, from the answer the SPA would ask for', async () => {
    const html = (await get('/products?category=men&sort=price-asc')).body;
    const frame = frameOf(html);
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
    expect(frameOf(html)).toContain('No results for &quot;zzqqxx&quot;');
    expect(firstAnswerOf(html)?.route).toBe('products');
  });

  it('leaves an unknown product and the other pages to the app: the frame as built, no answer', async () => {
    for (const url of ['/product/no-such-product', '/cart', '/']) {
      const html = (await get(url)).body;
      expect(frameOf(html), url).toContain('<header>frame</header>');
      expect(firstAnswerOf(html), url).toBeNull();
    }
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
    expect(frameOf(html)).toContain('Renamed For The First Screen');
    expect(firstAnswerOf(html)?.answer).toMatchObject({ title: 'Renamed For The First Screen' });
  });
});

describe('injectFirstScreen', () => {
  const first: FirstAnswer = {
    route: 'product',
    id: 'p1',
    answer: { title: '</script><script>alert(1)</script>' } as never,
  };

  it('replaces the frame between its markers and adds the answer in a block no value can close', () => {
    const out = injectFirstScreen(INDEX, '<main>page</main>', first);
    expect(frameOf(out)).toBe(`${FRAME_START}<main>page</main>`);
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(firstAnswerOf(out)).toEqual(first);
  });

  it('leaves a build without markers as it is', () => {
    const html = '<div id="root"><div data-shell="">frame</div></div>';
    expect(injectFirstScreen(html, '<main>page</main>', first)).toBe(html);
  });
});

describe('a renderer that fails', () => {
  it('serves the page as built: the app renders it', async () => {
    const renderer = () => {
      throw new Error('cannot render');
    };
    await withTestApp({ staticDir: build.dir }, { firstScreen: renderer }, async (failing) => {
      const [first] = (await failing.app.inject({ method: 'GET', url: `${API}/products?limit=1` })).json<{
        data: Product[];
      }>().data;
      const response = await failing.app.inject({ method: 'GET', url: `/product/${first?.id}` });
      expect(response.statusCode).toBe(200);
      expect(frameOf(response.body)).toContain('<header>frame</header>');
      expect(firstAnswerOf(response.body)).toBeNull();
    });
  }, 60_000);
});

describe('the renderer the build wrote (dist/.ssr/first-screen.js)', () => {
  /** Runs `use` on an app serving a build whose renderer module has `source`. */
  async function withBuiltRenderer(source: string, use: (built: TestApp) => Promise<void>) {
    const dir = writeBuild({ 'index.html': INDEX, '.ssr/first-screen.js': source });
    try {
      await withTestApp({ staticDir: dir }, {}, use);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('is loaded from the build folder and not served as a file', async () => {
    const source =
      "export const renderFirstScreen = (input) => '<main>' + input.route + ' from the build</main>';";
    await withBuiltRenderer(source, async (built) => {
      const [first] = (await built.app.inject({ method: 'GET', url: `${API}/products?limit=1` })).json<{
        data: Product[];
      }>().data;
      const page = await built.app.inject({ method: 'GET', url: `/product/${first?.id}` });
      expect(frameOf(page.body)).toContain('<main>product from the build</main>');
      expect((await built.app.inject({ method: 'GET', url: '/.ssr/first-screen.js' })).statusCode).toBe(404);
    });
  }, 60_000);

  it('that fails to load costs the first screens only: the server starts and serves the pages as built', async () => {
    await withBuiltRenderer("throw new Error('a partial build');", async (built) => {
      const response = await built.app.inject({ method: 'GET', url: '/products' });
      expect(response.statusCode).toBe(200);
      expect(frameOf(response.body)).toContain('<header>frame</header>');
    });
  }, 60_000);
});
