/**
 * Row 10: `TRUST_PROXY=true` let any client choose its IP: behind nginx (which appends the address it
 * saw to the X-Forwarded-For the client sent), 70 tracking lookups with different X-Forwarded-For got
 * 0 × 429. `true` now means one hop: the right-most address, the one the proxy wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attack, type Shop, startShop } from './harness';

const TRACK_MAX = 5;
const LOOKUPS = 20;
let shops: Shop[];

beforeAll(async () => {
  const limits = { RATE_LIMIT_TRACK_MAX: String(TRACK_MAX) };
  shops = await Promise.all([
    startShop({ ...limits, TRUST_PROXY: 'true' }),
    startShop({ ...limits, TRUST_PROXY: '1' }),
  ]);
});

afterAll(async () => {
  await Promise.all((shops ?? []).map((shop) => shop.close()));
});

/** `count` anonymous order lookups, each claiming another client address before the proxy's entry. */
async function spoofedLookups(shop: Shop, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${shop.url}/api/v1/orders/SF-0000000000000000?contactInfo=x@y.in`, {
      // What nginx forwards: the client's own header, then the address nginx saw ($proxy_add_x_forwarded_for).
      headers: { 'x-forwarded-for': `10.${i}.${i}.1, 203.0.113.7` },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

describe('row 10: proxies by hop count', () => {
  for (const [index, setting] of ['true', '1'].entries()) {
    it(`TRUST_PROXY=${setting} reads the right-most X-Forwarded-For address: spoofed ones share one limit`, async () => {
      const shop = shops[index] as Shop;
      const statuses = await spoofedLookups(shop, LOOKUPS);
      expect(statuses.filter((status) => status === 429)).toHaveLength(LOOKUPS - TRACK_MAX);
      expect(statuses.slice(0, TRACK_MAX).every((status) => status !== 429)).toBe(true);
      attack(
        10,
        `TRUST_PROXY=${setting}: ${LOOKUPS} order lookups, X-Forwarded-For "10.i.i.1, 203.0.113.7" with a new 10.i.i.1 each`,
        `${LOOKUPS - TRACK_MAX} × 429 after the limit of ${TRACK_MAX}: the client is the proxy's entry (203.0.113.7), not the one it wrote`,
      );
    });
  }
});
