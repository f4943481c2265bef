import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivateRedis } from '../faults/procs';
import { type Account, newAccount, send, tally } from './client';
import { attack, freePort, type Shop, startRedis, startShop } from './harness';

const BURST = 60;
const LIMIT = 10; // RATE_LIMIT_AUTH_MAX's default

/** 60 wrong passwords for one email at once, then the right one: at most 10 × 401, then 429s. */
async function replay(shop: Shop, where: string) {
  const victim: Account = await newAccount(shop.url);
  const answers = await Promise.all(
    Array.from({ length: BURST }, () =>
      send(shop.url, 'POST', '/api/v1/users/authorize', {
        body: { email: victim.email, password: 'guess-guess-guess' },
      }),
    ),
  );
  const counts = tally(answers);
  expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([]);
  expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT);
  expect(counts[401] ?? 0).toBeGreaterThan(0);
  expect(counts[429]).toBe(BURST - (counts[401] ?? 0));
  const right = await send(shop.url, 'POST', '/api/v1/users/authorize', {
    body: { email: victim.email, password: victim.password },
  });
  expect(right.status).toBe(429);
  expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  expect(right.body).not.toContain('token');
  attack(
    3,
    `${BURST} concurrent wrong passwords for one email (${where}), then the right password`,
    `${counts[401] ?? 0} × 401, ${counts[429] ?? 0} × 429; the right password: 429 (Retry-After ${right.headers['retry-after']} s), no token`,
  );
}

describe('row 3: the failed-sign-in throttle counts before it checks', () => {
  it('in one process (counts in memory)', { timeout: 400_000 }, async () => {
    const shop = await startShop();
    try {
      await replay(shop, 'counts in memory');
    } finally {
      await shop.close();
    }
  });

  describe('with REDIS_URL (counts in Redis, one Lua script per hit and per undo)', () => {
    let redis: PrivateRedis;
    let shop: Shop;
    beforeAll(async () => {
      if (spawnSync('redis-server', ['--version']).status !== 0)
        throw new Error(
          'row 3 runs against Redis too: it needs redis-server on PATH (apt-get install redis-server)',
        );
      redis = await startRedis(await freePort());
      shop = await startShop({
        REDIS_URL: redis.url,
        SANDBOX_SECRET: 'security-test-sandbox-secret-0123456789',
        RESET_SECRET: 'security-test-reset-secret-0123456789ab',
      });
    });
    afterAll(async () => {
      await shop?.close();
      await redis?.stop();
    });

    it('holds the limit for a burst', async () => {
      await replay(shop, 'counts in Redis');
    });
  });
});
