import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { etagMatches, preferredEncoding } from '../../server/http/cache';
import { API, bearer, placeOrder, registerAndLogin, setupBuild, setupTestApp } from './helpers';

// A tiny fake build: one script the "build" precompressed, one it did not, a small file, an image.
const APP_JS = `export const greeting = ${JSON.stringify('namaste '.repeat(400))};\nconsole.log(greeting);\n`;
const VENDOR_JS = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row-${i}`))};\n`;
const PRE_BR = brotliCompressSync(APP_JS);
const PRE_GZ = gzipSync(APP_JS);

const build = setupBuild({
  'index.html': '<!doctype html><html><head></head><body></body></html>',
  'assets/app-abc123.js': APP_JS,
  'assets/app-abc123.js.br': PRE_BR,
  'assets/app-abc123.js.gz': PRE_GZ,
  'assets/vendor-def456.js': VENDOR_JS,
  'assets/tiny-0a1b2c.js': 'console.log(1)',
  'logo.png': Buffer.alloc(4096, 7),
  // A file rewritten after the build compressed it: its .br (dated back below) is stale and must not be served.
  'assets/shell-9f8e7d.js.br': brotliCompressSync('old bytes'.repeat(200)),
  'assets/shell-9f8e7d.js': VENDOR_JS,
});
beforeAll(() => {
  const aMinuteAgo = new Date(Date.now() - 60_000);
  utimesSync(join(build.dir, 'assets', 'shell-9f8e7d.js.br'), aMinuteAgo, aMinuteAgo);
});
const t = setupTestApp(() => ({ staticDir: build.dir }));

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const varyOf = (value: unknown) =>
  String(value)
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('static files', () => {
  it('serves the build’s own .br and .gz files by Accept-Encoding, with Vary and exact lengths', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(PRE_BR)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(PRE_BR.length);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyOf(br.headers.vary)).toContain('accept-encoding');

    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(PRE_GZ)).toBe(true);
    expect(varyOf(gzip.headers.vary)).toContain('accept-encoding');

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
    expect(varyOf(plain.headers.vary)).toContain('accept-encoding');
  });

  it('compresses files the build left uncompressed itself (an older dist)', async () => {
    const br = await get('/assets/vendor-def456.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(VENDOR_JS);
    expect(br.rawPayload.length).toBeLessThan(VENDOR_JS.length);
    const gzip = await get('/assets/vendor-def456.js', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(VENDOR_JS);
  });

  it('ignores a .br older than its file', async () => {
    const br = await get('/assets/shell-9f8e7d.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(VENDOR_JS);
  });

  it('sends tiny files and images as they are', async () => {
    const tiny = await get('/assets/tiny-0a1b2c.js', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    const image = await get('/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-cache');
    expect(image.rawPayload.length).toBe(4096);
  });

  it('answers 304 to a matching If-None-Match, per encoding', async () => {
    const first = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/assets/app-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The gzip representation is a different one: the brotli ETag does not validate it.
    const other = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('keeps index.html revalidating, and the SPA fallback compressed like any page', async () => {
    const index = await get('/', { 'accept-encoding': 'br' });
    expect(index.headers['cache-control']).toBe('no-cache');
    // The home page carries its own head (title, canonical, Open Graph), so it is compressed per URL too.
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload).toString()).toContain('api-served-by');
    const deep = await get('/product/123', { 'accept-encoding': 'br' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('public catalogue reads', () => {
  const reads = () => [`${API}/storeInfo`, `${API}/products?limit=5`, `${API}/products/${productId}`];
  let productId = '';
  beforeAll(async () => {
    productId = (await get(`${API}/products?limit=1`)).json<{ data: { id: string }[] }>().data[0]?.id ?? '';
  });

  it('carry a strong ETag and public caching, and answer 304 to If-None-Match', async () => {
    for (const url of reads()) {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(varyOf(first.headers.vary)).toContain('accept-encoding');

      const revalidated = await get(url, { 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    }
  });

  it('send brotli or gzip when accepted, the same JSON underneath', async () => {
    const url = `${API}/products?limit=12`;
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
  });

  it('stay private, no-store (no ETag, no 304) when signed in', async () => {
    const { token } = await registerAndLogin(t.app);
    for (const url of reads()) {
      const etag = String((await get(url)).headers.etag);
      const response = await get(url, { ...bearer(token), 'if-none-match': etag });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBeUndefined();
    }
  });
});

describe('other JSON answers', () => {
  it('are compressed above 1 KB', async () => {
    const { token } = await registerAndLogin(t.app);
    for (let i = 0; i < 3; i++) await placeOrder(t.app, token);
    const plain = await get(`${API}/orders`, bearer(token));
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const response = await get(`${API}/orders`, { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(varyOf(response.headers.vary)).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(plain.json());
  });
});

describe('security headers', () => {
  it('keeps the full helmet set on pages and other answers, the JSON-relevant ones on catalogue reads', async () => {
    for (const url of ['/', `${API}/accountInfo`]) {
      const response = await get(url);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
    const read = await get(`${API}/products?limit=1`);
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(read.headers['content-security-policy']).toBeDefined();
    expect(read.headers['x-frame-options']).toBeUndefined();
  });
});

describe('negotiation helpers', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
  ])('Accept-Encoding %s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});
