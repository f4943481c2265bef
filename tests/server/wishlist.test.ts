import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Wishlist } from '../../contract/schema';
import { catalogue } from '../../server/catalogue/catalogue';
import { users } from '../../server/db/schema';
import { saveToWishlist, wishlistOf } from '../../server/wishlist/wishlist.repository';
import { WISHLIST_LIMIT } from '../../shared/wishlist';
import { API, apiCaller, bearer, expectEmptyAccountList, setupTestApp, setupTwoShoppers } from './helpers';

const t = setupTestApp();
const { asha, ravi } = setupTwoShoppers(t);

const [a, b, c, d] = catalogue.map((p) => p.id) as [string, string, string, string];
const MISSING = '00000000-0000-4000-8000-000000000000';

const call = apiCaller(t, '/wishlist');

const ids = (body: unknown) => (body as Wishlist).items.map((p) => p.id);

async function reset(token: string) {
  for (const id of ids((await call('GET', '', token)).json())) await call('DELETE', `/${id}`, token);
}

describe('GET /wishlist', () => {
  it('answers an empty list for a new account, never cached', async () => {
    await expectEmptyAccountList(call, asha.token);
  });

  it.each([
    ['GET', ''],
    ['PUT', `/${a}`],
    ['DELETE', `/${a}`],
    ['POST', ''],
  ] as const)('answers 401 to %s without a token', async (method, path) => {
    const res = await call(method, path, null, method === 'POST' ? { productIds: [a] } : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 401 for a forged token', async () => {
    expect((await call('GET', '', 'forged-token')).statusCode).toBe(401);
  });
});

describe('PUT /wishlist/{productId}', () => {
  it('saves products most recent first, as full catalogue products', async () => {
    await reset(asha.token);
    await call('PUT', `/${a}`, asha.token);
    const res = await call('PUT', `/${b}`, asha.token);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([b, a]);
    const first = (res.json() as Wishlist).items[0];
    expect(first?.title).toBe(catalogue.find((p) => p.id === b)?.title);
    expect(first?.regularPrice).toEqual(expect.any(Number));
  });

  it('keeps one entry when saved again and moves it to the top', async () => {
    await reset(asha.token);
    await call('PUT', `/${a}`, asha.token);
    await call('PUT', `/${b}`, asha.token);
    const res = await call('PUT', `/${a}`, asha.token);
    expect(ids(res.json())).toEqual([a, b]);
  });

  it('forgives capitals and spaces in the id', async () => {
    await reset(asha.token);
    const res = await call('PUT', `/${encodeURIComponent(` ${c.toUpperCase()} `)}`, asha.token);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([c]);
  });

  it('answers 404 for an unknown or malformed product and saves nothing', async () => {
    await reset(asha.token);
    for (const id of [MISSING, 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await call('PUT', `/${encodeURIComponent(id)}`, asha.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Product not found' });
    }
    expect(ids((await call('GET', '', asha.token)).json())).toEqual([]);
  });

  it("never shows one shopper another's wishlist", async () => {
    await reset(asha.token);
    await call('PUT', `/${d}`, asha.token);
    expect(ids((await call('GET', '', ravi.token)).json())).toEqual([]);
  });
});

describe('DELETE /wishlist/{productId}', () => {
  it('removes the product and is not an error when it is not saved (or not a product)', async () => {
    await reset(asha.token);
    await call('PUT', `/${a}`, asha.token);
    await call('PUT', `/${b}`, asha.token);
    const res = await call('DELETE', `/${a}`, asha.token);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([b]);
    for (const id of [a, MISSING, 'not-a-uuid']) {
      const again = await call('DELETE', `/${encodeURIComponent(id)}`, asha.token);
      expect(again.statusCode).toBe(200);
      expect(ids(again.json())).toEqual([b]);
    }
  });
});

describe('POST /wishlist', () => {
  it("merges a visitor's ids (oldest first) on top of the saved ones, ignoring unknown ids", async () => {
    await reset(asha.token);
    await call('PUT', `/${a}`, asha.token);
    const res = await call('POST', '', asha.token, { productIds: [b, MISSING, 'junk', c, b.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    // b was mentioned last, so it is the most recent; the account's a stays below.
    expect(ids(res.json())).toEqual([b, c, a]);
  });

  it('moves an id saved in both places to the top once', async () => {
    await reset(asha.token);
    await call('PUT', `/${a}`, asha.token);
    await call('PUT', `/${b}`, asha.token);
    const res = await call('POST', '', asha.token, { productIds: [a] });
    expect(ids(res.json())).toEqual([a, b]);
  });

  it('answers the current list for an empty merge', async () => {
    await reset(asha.token);
    await call('PUT', `/${d}`, asha.token);
    const res = await call('POST', '', asha.token, { productIds: [] });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual([d]);
  });

  it.each([
    ['no productIds', {}],
    ['productIds not an array', { productIds: a }],
    ['a number among the ids', { productIds: [a, 7] }],
    ['an empty id', { productIds: [''] }],
    ['an unknown field', { productIds: [a], userId: 'someone-else' }],
    [
      'more ids than the contract allows',
      { productIds: Array.from({ length: WISHLIST_LIMIT + 1 }, () => a) },
    ],
  ])('answers 400 for %s', async (_, payload) => {
    const res = await call('POST', '', asha.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it.each([
    [400, 'malformed JSON', 'application/json', '{"productIds": ['],
    [415, 'a body that is not JSON', 'text/plain', 'productIds'],
  ])('answers %i to %s (%s)', async (status, _, type, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/wishlist`,
      headers: { ...bearer(asha.token), 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(status);
  });
});

describe('saveToWishlist', () => {
  it('drops the least recently saved past the limit', async () => {
    await reset(ravi.token);
    const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ravi.email));
    const userId = user?.id as string;
    await saveToWishlist(t.ctx.db, userId, [a, b, c], 3);
    await saveToWishlist(t.ctx.db, userId, [d], 3);
    expect((await wishlistOf(t.ctx.db, userId)).map((p) => p.id)).toEqual([d, c, b]);
  });
});
