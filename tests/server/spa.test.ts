import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { injectServedBy, SANDBOX_BANNER, SANDBOX_BANNER_TEXT } from '../../server/web/spa';
import { API, setupBuild, setupTestApp, type TestApp, testConfig, withTestApp } from './helpers';

const INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Statefront</title>
    <script type="module" src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const build = setupBuild({
  'index.html': INDEX,
  'assets/app-abc123.js': 'console.log("app")',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});
const t = setupTestApp(() => ({ staticDir: build.dir }));

/** Pages whose links are mailed with a token in them: crawlers are told not to index them. */
const MAILED_LINKS = [
  '/newsletter/confirm?token=abc',
  '/newsletter/unsubscribe?token=abc',
  '/reset-password?token=abc',
];

describe('SPA hosting', () => {
  it.each([
    '/',
    '/products?category=men',
    '/product/371ee09b-767c-5287-a73f-bf372ce635ca',
    '/orders',
    '/track-order',
    '/contact',
    '/no/such/page',
    ...MAILED_LINKS,
  ])(
    'answers index.html with the api-served-by meta for %s, indexable unless it is a mailed link',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toMatch(
        /<head>\s*<meta charset="UTF-8" \/>[\s\S]*<meta name="api-served-by" content="statefront">\s*<\/head>/,
      );
      expect(response.headers['x-robots-tag']).toBe(
        MAILED_LINKS.includes(url) ? 'noindex, nofollow' : undefined,
      );
    },
  );

  it('serves fingerprinted assets with a long cache and other files with no-cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the page, for a missing file', async () => {
    for (const url of ['/assets/missing.js', '/images/nope.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('keeps unknown API paths as JSON 404s and other methods on pages as JSON 405s', async () => {
    for (const [method, url] of [
      ['GET', `${API}/nope`],
      ['GET', '/api/v2/products'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('error');
    }
    const post = await t.app.inject({ method: 'POST', url: '/orders' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toContain('GET');
    expect(post.json()).toHaveProperty('error');
  });

  it('sends a form posted to a page back to that page (303) without reading what it carried', async () => {
    // A form submitted before the app runs (its forms are inert until hydrated; src/forms/private-form.ts) reaches the server as a
    // page request: the shopper gets the page again, never a JSON error page, and the body (a password)
    // is neither read nor echoed.
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', 'email=a%40b.in&password=secret-1'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="password"\r\n\r\nsecret-1\r\n--x--',
      ],
      ['text/plain', 'password=secret-1'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/login?redirect=%2Fcheckout',
        headers: { 'content-type': type },
        payload: body,
      });
      expect(response.statusCode, type).toBe(303);
      expect(response.headers.location).toBe('/login?redirect=%2Fcheckout');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).not.toContain('secret-1');
    }
    // Never a way off the shop: a path that reads as another host stays a path on this one.
    for (const url of ['//evil.example/login', '/\\evil.example/x', '/\\/evil.example']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toMatch(/^\/(?![/\\])/);
    }
    // Not a form (an API client's JSON) and not a page (an API path): answered as before.
    const json = await t.app.inject({ method: 'POST', url: '/login', payload: { a: 1 } });
    expect(json.statusCode).toBe(405);
    const api = await t.app.inject({
      method: 'PUT',
      url: `${API}/payments`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(api.statusCode).toBe(405);
  });

  it("answers API paths the SPA's catch-all also matches as the API does: 405 with Allow, 414 on long ids", async () => {
    const get = await t.app.inject({ method: 'GET', url: `${API}/payments` });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const long = await t.app.inject({ method: 'GET', url: `${API}/products/${'a'.repeat(201)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'A path segment is longer than 200 characters' });
  });

  it('does not serve files outside the build folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.body).not.toContain('root:');
  });
});

describe('in production (docs/security.md rows 6 and 12)', () => {
  beforeAll(() => {
    writeFileSync(join(build.dir, 'assets', 'app-abc123.js.map'), '{"version":3}');
  });
  const prod = setupTestApp(() => ({
    staticDir: build.dir,
    trustProxy: 1,
    payments: { ...testConfig().payments, sandboxBanner: true },
    http: { corsOrigins: ['https://admin.example.in'], loopbackCors: false, serveSourceMaps: false },
  }));

  it.each(['/', '/products?category=men', '/orders', '/no/such/page', '/index.html'])(
    'shows the sandbox banner before the root on %s',
    async (url) => {
      const { body } = await prod.app.inject({ method: 'GET', url });
      expect(body).toContain(SANDBOX_BANNER);
      expect(body.indexOf(SANDBOX_BANNER)).toBeLessThan(body.indexOf('<div id="root"'));
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain(SANDBOX_BANNER_TEXT);
    },
  );

  it('serves no source map (the development app does)', async () => {
    const map = `/assets/app-abc123.js.map`;
    expect((await prod.app.inject({ method: 'GET', url: map })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    await withTestApp({ staticDir: build.dir }, {}, async (dev) => {
      expect((await dev.app.inject({ method: 'GET', url: map })).statusCode).toBe(200);
    });
  });

  it('admits CORS_ORIGINS but no loopback origin', async () => {
    const allowed = (response: { headers: Record<string, unknown> }) =>
      response.headers['access-control-allow-origin'];
    const ask = (app: TestApp, origin: string) =>
      app.app.inject({ method: 'GET', url: `${API}/storeInfo`, headers: { origin } });
    expect(allowed(await ask(prod, 'http://localhost:5173'))).toBeUndefined();
    expect(allowed(await ask(prod, 'http://127.0.0.1:8044'))).toBeUndefined();
    expect(allowed(await ask(prod, 'https://admin.example.in'))).toBe('https://admin.example.in');
    expect(allowed(await ask(t, 'http://localhost:5173'))).toBe('http://localhost:5173');
  });

  it('sends HSTS when a trusted proxy says https, never otherwise', async () => {
    const hsts = async (app: TestApp, headers: Record<string, string>) =>
      (await app.app.inject({ method: 'GET', url: '/', headers })).headers['strict-transport-security'];
    expect(await hsts(prod, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000');
    expect(await hsts(prod, {})).toBeUndefined();
    // No trusted proxy: the header is anyone's to write.
    expect(await hsts(t, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('answers an HTML API reference built from local assets', async () => {
    let response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (response.statusCode === 302) {
      response = await t.app.inject({ method: 'GET', url: String(response.headers.location) });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui');
    expect(response.body).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs)/);
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('serves the Swagger UI bundle from this server', async () => {
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/static/${file}` });
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeGreaterThan(100);
    }
  });

  it('serves the contract itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toContain('/products');
  });
});

describe('injectServedBy', () => {
  it('adds the meta once, at the end of <head>', () => {
    const once = injectServedBy('<html><head lang="x"><title>x</title></head></html>');
    expect(once).toMatch(
      /^<html><head lang="x"><title>x<\/title>\s*<meta name="api-served-by" content="statefront">\s*<\/head>/,
    );
    expect(injectServedBy(once)).toBe(once);
  });
});
