import { DrizzleQueryError } from 'drizzle-orm/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { loggableError } from '../../server/plugins/error-handler';
import { API, bearer, DEFAULT_SHIPPING, setupShopper, setupTestApp } from './helpers';

const t = setupTestApp();
const shopper = setupShopper(t);
let productId: string;

beforeAll(async () => {
  const page = await t.app.inject({ method: 'GET', url: `${API}/products?limit=1` });
  productId = page.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
});

/** POST /orders by the signed-in shopper with `products` as the lines (often not the shape asked for). */
const orderProducts = (products: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/orders`,
    headers: bearer(shopper.token),
    payload: { products: products as object, shippingAddress: DEFAULT_SHIPPING },
  });

/** POSTs a body exactly as given, as a client that writes its own JSON (or sends another type) would. */
const postRaw = (path: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: `${API}${path}`, headers: { 'content-type': contentType }, payload });

async function expectJsonError(
  response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as { error?: unknown };
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  return body.error as string;
}

/** After every hostile request the server must still answer normally. */
async function expectAlive() {
  const response = await t.app.inject({ method: 'GET', url: `${API}/storeInfo` });
  expect(response.statusCode).toBe(200);
}

describe('error handler: body problems', () => {
  it('answers 400 when the JSON is malformed', async () => {
    const response = await postRaw('/users/authorize', '{"email": "a@b.in",');
    expect(await expectJsonError(response, 400)).toBe('Malformed JSON in request body');
  });

  it('answers 400 when a JSON body is empty', async () => {
    const response = await postRaw('/users/authorize', '');
    await expectJsonError(response, 400);
  });

  it('answers 400 when no body is sent at all', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${API}/users/authorize` });
    expect(await expectJsonError(response, 400)).toBe('Request body is required');
  });

  it.each([
    ['text/plain', 'email=a@b.in'],
    ['application/x-www-form-urlencoded', 'email=a%40b.in&password=secret1'],
    ['application/xml', '<login/>'],
  ])('answers 415 when a JSON operation receives %s', async (contentType, payload) => {
    const response = await postRaw('/users/authorize', payload, contentType);
    expect(await expectJsonError(response, 415)).toBe('Content-Type must be application/json');
  });

  it('answers 413 when the body is larger than 1 MB', async () => {
    const payload = JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(1024 * 1024 + 10) });
    const response = await postRaw('/users/authorize', payload);
    expect(await expectJsonError(response, 413)).toBe('Request body is too large (limit 1 MB)');
    await expectAlive();
  });

  it('answers 400 when the body is an array, a string, a number or null', async () => {
    for (const payload of ['[]', '"hello"', '42', 'null', '[{"email":"a@b.in","password":"secret1"}]']) {
      const response = await postRaw('/users/authorize', payload);
      await expectJsonError(response, 400);
    }
  });

  it('answers 400 when the body is deeply nested', async () => {
    const depth = 50_000;
    const payload = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"secret1"}`;
    const response = await postRaw('/users/authorize', payload);
    await expectJsonError(response, 400);
    await expectAlive();
  });

  it('answers 400 when the body carries __proto__ or constructor.prototype keys', async () => {
    for (const payload of [
      '{"email":"a@b.in","password":"secret1","__proto__":{"isAdmin":true}}',
      '{"email":"a@b.in","password":"secret1","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const response = await postRaw('/users/authorize', payload);
      expect(await expectJsonError(response, 400)).toMatch(/forbidden key/);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers 400 naming the field when a body has an unknown field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/users/authorize`,
      payload: { email: 'a@b.in', password: 'secret1', remember: true },
    });
    expect(await expectJsonError(response, 400)).toBe('Unknown field "remember" in body');
  });

  it('answers 400 when a body number arrives as a string (no coercion)', async () => {
    const response = await orderProducts({ [productId]: '2' });
    expect(await expectJsonError(response, 400)).toBe(
      `quantity of product "${productId}" must be an integer`,
    );
  });

  it('answers 400 when an object is expected and an array arrives', async () => {
    const response = await orderProducts([productId]);
    expect(await expectJsonError(response, 400)).toBe('products must be an object');
  });

  it('answers 400 when body text contains a NUL character', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/users/register`,
      payload: { email: 'nul\u0000@example.in', password: 'secret1', firstName: 'Asha', lastName: 'Verma' },
    });
    expect(await expectJsonError(response, 400)).toBe('Text must not contain NUL characters');
  });

  it.each([
    [
      'a lone high surrogate in a value',
      '{"email":"a@example.in","password":"secret1","firstName":"A\\ud800b","lastName":"Verma"}',
    ],
    [
      'a lone low surrogate in a value',
      '{"email":"a@example.in","password":"secret1","firstName":"Asha","lastName":"V\\udc00"}',
    ],
    [
      'a reversed surrogate pair',
      '{"email":"a@example.in","password":"secret1","firstName":"\\udc00\\ud800","lastName":"Verma"}',
    ],
    [
      'a lone surrogate in a key',
      '{"email":"a@example.in","password":"secret1","firstName":"Asha","lastName":"Verma","x\\ud800":1}',
    ],
  ])('answers 400 when the body has %s', async (_label, payload) => {
    const response = await postRaw('/users/register', payload);
    expect(await expectJsonError(response, 400)).toBe('Text must be valid Unicode');
    await expectAlive();
  });

  it('accepts a correctly paired surrogate (an emoji) in body text', async () => {
    const response = await postRaw(
      '/users/register',
      '{"email":"emoji@example.in","password":"secret1","firstName":"Asha \\ud83d\\ude00","lastName":"Verma"}',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ firstName: 'Asha \u{1F600}' });
  });
});

describe('error handler: paths, queries and methods', () => {
  it('answers 404 JSON for an unknown API path', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/admin/users` });
    await expectJsonError(response, 404);
  });

  it('answers 405 JSON with Allow for a method the contract does not declare on a path it serves', async () => {
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const response = await t.app.inject({ method, url: `${API}/products` });
      await expectJsonError(response, 405);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers 404 JSON without a static build for any other path', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/products?category=men' });
    await expectJsonError(response, 404);
  });

  it('answers 400 when a query or path parameter contains %00', async () => {
    for (const url of [
      `${API}/products?category=men%00`,
      `${API}/products/%00`,
      `${API}/orders/SF-%00?contactInfo=x`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      await expectJsonError(response, 400);
    }
    await expectAlive();
  });

  it('stays up on a huge query string', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/products?category=${'a'.repeat(200_000)}`,
    });
    expect(await expectJsonError(response, 400)).toBe('category must be at most 100 characters');
    const junk = await t.app.inject({ method: 'GET', url: `${API}/products?${'x=1&'.repeat(20_000)}` });
    expect(junk.statusCode).toBe(200);
  });

  it('treats SQL-injection text as plain text', async () => {
    const injections = [
      "' OR '1'='1",
      "men'; DROP TABLE products; --",
      '" OR 1=1 --',
      "\\'; SELECT pg_sleep(5); --",
    ];
    for (const value of injections) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/products?category=${encodeURIComponent(value)}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ count: number }>().count).toBe(0);
      const byId = await t.app.inject({ method: 'GET', url: `${API}/products/${encodeURIComponent(value)}` });
      await expectJsonError(byId, 404);
    }
    const login = await t.app.inject({
      method: 'POST',
      url: `${API}/users/authorize`,
      payload: { email: "' OR 1=1 --", password: "' OR '1'='1" },
    });
    await expectJsonError(login, 401);
    const all = await t.app.inject({ method: 'GET', url: `${API}/products` });
    expect(all.json<{ count: number }>().count).toBeGreaterThan(0);
  });

  it('handles odd unicode without failing', async () => {
    const odd = ['😀👗', '\u202Eevil', 'ｍｅｎ', 'कुर्ता', 'a\u0301'];
    for (const value of odd) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${API}/products?category=${encodeURIComponent(value)}`,
      });
      expect([200, 400]).toContain(response.statusCode);
    }
    // Invalid UTF-8 and a lone surrogate, percent-encoded by hand (encodeURIComponent refuses them).
    for (const raw of ['%ED%A0%80', '%C0%AF', '%FF%FE', '%E2%82']) {
      const response = await t.app.inject({ method: 'GET', url: `${API}/products?category=${raw}` });
      expect([200, 400]).toContain(response.statusCode);
      const byId = await t.app.inject({ method: 'GET', url: `${API}/products/${raw}` });
      expect([400, 404]).toContain(byId.statusCode);
    }
    const register = await t.app.inject({
      method: 'POST',
      url: `${API}/users/register`,
      payload: {
        email: 'ñandú@exämple.in',
        password: 'pässwörd😀',
        firstName: 'Zoë',
        lastName: 'कुमार',
      },
    });
    expect(register.statusCode).toBe(201);
    expect(register.json()).toMatchObject({ firstName: 'Zoë', lastName: 'कुमार' });
    await expectAlive();
  });

  it('answers 400 when a query parameter is repeated where one value is expected', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/products?page=1&page=2` });
    await expectJsonError(response, 400);
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our origin (PayU is not configured, so not named)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/storeInfo` });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/form-action 'self'(;|$)/);
    expect(csp).not.toContain('payu.in');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  const DEV_ORIGIN = 'http://localhost:5173';
  /** A CORS preflight from `origin` asking to `method` the API's `path`, with any `extra` request headers. */
  const preflight = (
    origin: string,
    method = 'GET',
    path = '/storeInfo',
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'OPTIONS',
      url: `${API}${path}`,
      headers: { origin, 'access-control-request-method': method, ...extra },
    });

  it('allows credentials only for localhost dev origins', async () => {
    const readFrom = (origin: string) =>
      t.app.inject({ method: 'GET', url: `${API}/storeInfo`, headers: { origin } });
    const dev = await readFrom(DEV_ORIGIN);
    expect(dev.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
    expect(dev.headers['access-control-allow-credentials']).toBe('true');
    const other = await readFrom('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from an allowed origin with 204 and CORS headers', async () => {
    const response = await preflight(DEV_ORIGIN);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-methods'])).toContain('GET');
  });

  it.each(['PUT', 'DELETE'])(
    'lets an allowed origin %s a wishlist item with its token (the methods the contract uses)',
    async (method) => {
      const response = await preflight(DEV_ORIGIN, method, '/wishlist/abc', {
        'access-control-request-headers': 'authorization',
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(DEV_ORIGIN);
      expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toContain(method);
      expect(response.headers['access-control-allow-headers']).toBe('authorization');
    },
  );

  it('adds no CORS headers but Vary to a request without Origin (a same-origin read)', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/storeInfo` });
    expect(response.headers.vary).toMatch(/\bOrigin\b/);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('does not echo a foreign origin in a preflight', async () => {
    const response = await preflight('https://evil.example');
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['no Origin header', { 'access-control-request-method': 'GET' }],
    ['no Access-Control-Request-Method header', { origin: 'http://localhost:5173' }],
    ['neither header', {}],
  ])('never answers OPTIONS with a plain-text 4xx when there is %s', async (_label, headers) => {
    const response = await t.app.inject({ method: 'OPTIONS', url: `${API}/storeInfo`, headers });
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode >= 400) await expectJsonError(response, response.statusCode);
    expect(response.body).not.toContain('Invalid Preflight Request');
  });
});

describe('cache headers', () => {
  it('marks every signed-in response private, no-store', async () => {
    for (const url of [
      `${API}/accountInfo`,
      `${API}/orders`,
      `${API}/products?limit=1`,
      `${API}/storeInfo`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(shopper.token) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBeUndefined();
    }
  });

  it('marks error responses to a request with an Authorization header no-store', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/accountInfo`,
      headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('lets browsers and CDNs keep anonymous catalogue responses briefly', async () => {
    for (const url of [`${API}/products?limit=1`, `${API}/storeInfo`, `${API}/products/${productId}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    }
  });
});

describe('error handler: HTML bodies', () => {
  it('answers 415 when an HTML body is posted', async () => {
    const response = await postRaw('/users/register', '<h1>hi</h1>', 'text/html');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: 'Content-Type text/html is not accepted' });
  });
});

describe('error handler: URLs', () => {
  it('answers 400 JSON for an undecodable URL', async () => {
    for (const url of [`${API}/products/%`, `${API}/products/%E0%A4%A`, '/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Malformed URL (invalid percent-encoding)' });
    }
  });
});

describe('error handler: what a 500 logs', () => {
  it('logs the driver error under a failed query, never the query’s parameters', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(asha@example.in) already exists.',
    });
    const wrapped = new DrizzleQueryError(
      'insert into users (email) values ($1)',
      ['asha@example.in'],
      driver,
    );
    const logged = JSON.stringify(loggableError(wrapped));
    expect(logged).not.toContain('asha@example.in');
    expect(JSON.parse(logged)).toMatchObject({
      message: 'duplicate key value violates unique constraint',
      code: '23505',
    });
    const plain = new Error('boom');
    expect(loggableError(plain)).toBe(plain);
  });
});
