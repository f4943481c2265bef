import { describe, expect, it } from 'vitest';
import { flashSale, pgliteFlashTarget } from '../../scripts/bench-flash';

// The flash sale at tiny N on PGlite only (PostgreSQL needs a server): a correctness check, not a
// measurement. It spawns the served process (server/index.ts) on port 8335; most of its time is that
// process compiling the server and opening a new PGlite cluster.
describe('npm run bench:flash', () => {
  it('sells exactly the units, pays each once and answers the rest 409 when 8 shoppers want 3 units', async () => {
    const target = pgliteFlashTarget();
    try {
      const figures = await flashSale(target, 8, 3, 8335);
      expect(figures.errorSamples).toEqual([]);
      expect(figures).toMatchObject({ paid: 3, placed: 3, soldOut: 5, soldOutSayingLeft: 0, errors: 0 });
      expect(figures.check).toMatchObject({
        ordered: 3,
        held: 3,
        left: 0,
        orders: 3,
        paidOnce: 3,
        allOrders: 3,
        oversold: 0,
        ok: true,
        failures: [],
      });
      expect(figures.check.lowestUnits).toBeGreaterThanOrEqual(0);
      expect(figures.order.p99).toBeGreaterThan(0);
    } finally {
      await target.cleanup();
    }
  }, 90_000);
});
