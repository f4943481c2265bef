// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_COOKIE } from '../../src/api/auth-cookie';
import { createApiClient, onUnauthorized, resolveApiBase } from '../../src/api/client';

const loc = (href: string) => {
  const u = new URL(href);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, host: u.host };
};

describe('resolveApiBase', () => {
  it('uses localhost:8044 when the page is on another localhost port', () => {
    expect(resolveApiBase({ location: loc('http://localhost:5173/') })).toBe('http://localhost:8044/api/v1');
    expect(resolveApiBase({ location: loc('http://127.0.0.1:4173/cart') })).toBe(
      'http://localhost:8044/api/v1',
    );
  });
  it('uses the same origin when our server serves the page', () => {
    expect(resolveApiBase({ location: loc('http://localhost:8044/') })).toBe('/api/v1');
    expect(resolveApiBase({ location: loc('https://shop.example.in/'), servedBy: 'statefront' })).toBe(
      '/api/v1',
    );
  });
  it('uses the api. subdomain of the current host elsewhere', () => {
    expect(resolveApiBase({ location: loc('https://shop.example.in/products') })).toBe(
      'https://api.shop.example.in/api/v1',
    );
    expect(resolveApiBase({ location: loc('http://example.in:8080/') })).toBe(
      'http://api.example.in:8080/api/v1',
    );
  });
  it('lets an explicit override win', () => {
    expect(
      resolveApiBase({ location: loc('https://shop.example.in/'), override: 'https://x.in/api/v1/' }),
    ).toBe('https://x.in/api/v1');
  });
});

describe('api client middleware', () => {
  afterEach(() => Cookies.remove(AUTH_COOKIE, { path: '/' }));

  it('sends the auth_token cookie as a Bearer token', async () => {
    Cookies.set(AUTH_COOKIE, 'tok-123', { path: '/' });
    const fetchImpl = vi.fn(async (_req: Request) =>
      Response.json({ firstName: 'A', lastName: 'B', email: 'a@b.c', createdAt: '' }),
    );
    const client = createApiClient('http://api.test/api/v1', fetchImpl as unknown as typeof fetch);
    await client.GET('/accountInfo');
    const request = fetchImpl.mock.calls[0]![0] as Request;
    expect(request.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(request.credentials).toBe('include');
  });

  it('sends no Authorization header without the cookie', async () => {
    const fetchImpl = vi.fn(async (_req: Request) => Response.json({}));
    await createApiClient('http://api.test/api/v1', fetchImpl as unknown as typeof fetch).GET('/storeInfo');
    expect((fetchImpl.mock.calls[0]![0] as Request).headers.has('Authorization')).toBe(false);
  });

  it('sends no Authorization header on the public, cacheable reads even when signed in', async () => {
    Cookies.set(AUTH_COOKIE, 'tok-123', { path: '/' });
    const fetchImpl = vi.fn(async (_req: Request) => Response.json({}));
    const client = createApiClient('http://api.test/api/v1', fetchImpl as unknown as typeof fetch);
    await client.GET('/storeInfo');
    await client.GET('/products', { params: { query: { page: 1, limit: 12 } } });
    await client.GET('/products/{id}', { params: { path: { id: 'kurta-1' } } });
    const sent = fetchImpl.mock.calls.map(([request]) => (request as Request).headers.has('Authorization'));
    expect(sent).toEqual([false, false, false]);
  });

  it('sends the token on every call whose contract accepts one, optional ones included', async () => {
    Cookies.set(AUTH_COOKIE, 'tok-123', { path: '/' });
    const fetchImpl = vi.fn(async (_req: Request) => Response.json({}));
    const client = createApiClient('http://api.test/api/v1', fetchImpl as unknown as typeof fetch);
    await client.GET('/orders/{orderId}', { params: { path: { orderId: 'SF-1' } } });
    await client.PUT('/wishlist/{productId}', { params: { path: { productId: 'kurta-1' } } });
    await client.GET('/orders');
    // Public, but prefilled with the signed-in customer's name, email and phone.
    await client.GET('/payments/fields');
    const sent = fetchImpl.mock.calls.map(([request]) => (request as Request).headers.get('Authorization'));
    expect(sent).toEqual(['Bearer tok-123', 'Bearer tok-123', 'Bearer tok-123', 'Bearer tok-123']);
  });

  it('clears the cookie and notifies listeners on a 401', async () => {
    Cookies.set(AUTH_COOKIE, 'stale', { path: '/' });
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const fetchImpl = vi.fn(async () => Response.json({ error: 'Authentication required' }, { status: 401 }));
    const { error } = await createApiClient(
      'http://api.test/api/v1',
      fetchImpl as unknown as typeof fetch,
    ).GET('/accountInfo');
    unsubscribe();
    expect(error).toEqual({ error: 'Authentication required' });
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
