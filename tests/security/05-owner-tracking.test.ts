import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, newAccount, newOrder, send, tally } from './client';
import { attack, setupShops } from './harness';

const TRACK_MAX = 60; // RATE_LIMIT_TRACK_MAX's default

describe('row 5: owners are not trackers', () => {
  const shops = setupShops({ shop: {} });
  let owner: Account;
  let orderId: string;
  beforeAll(async () => {
    owner = await newAccount(shops.shop.url);
    orderId = await newOrder(shops.shop.url, owner);
  });

  it("lets the signed-in owner poll their own order past the tracking limit; guests and others' readers are still limited", async () => {
    // The payment page polls the order: 150 reads by its owner from one address (as in the load run).
    const ownReads: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i < 150; i++)
      ownReads.push(
        await send(shops.shop.url, 'GET', `/api/v1/orders/${orderId}`, {
          headers: { authorization: `Bearer ${owner.token}` },
        }),
      );
    expect(tally(ownReads)).toEqual({ 200: 150 });

    // A guest on the same address still meets the anonymous tracking limit.
    const guest: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i <= TRACK_MAX; i++)
      guest.push(
        await send(
          shops.shop.url,
          'GET',
          `/api/v1/orders/${orderId}?contactInfo=${encodeURIComponent(owner.email)}`,
        ),
      );
    expect(tally(guest)).toEqual({ 200: TRACK_MAX, 429: 1 });

    // So does a signed-in shopper reading someone else's order (from another address: same limit).
    const other = await newAccount(shops.shop.url);
    const prying = await send(
      shops.shop.url,
      'GET',
      `/api/v1/orders/${orderId}?contactInfo=${encodeURIComponent(owner.email)}`,
      { headers: { authorization: `Bearer ${other.token}` } },
    );
    expect(prying.status).toBe(429);
    // And the owner, still under the global limit, keeps reading.
    const again = await send(shops.shop.url, 'GET', `/api/v1/orders/${orderId}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(again.status).toBe(200);
    attack(
      5,
      `150 reads of one's own order with the owner's token from one IP, then ${TRACK_MAX + 1} guest lookups and a non-owner's lookup from that IP`,
      `owner: 150 × 200 (global limit only); guest: ${TRACK_MAX} × 200 then 429; non-owner: 429`,
    );
  });
});
