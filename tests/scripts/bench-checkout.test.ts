import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  baseline,
  benchServer,
  pgliteBaselineDriver,
  pgliteServerTarget,
  STEPS,
} from '../../scripts/bench-checkout';
import { tempDir } from '../faults/procs';

// The bench's core at tiny N on PGlite only (PostgreSQL needs a private cluster): a correctness check,
// not a measurement. It spawns the served process (server/index.ts) on port 8315: the first test's
// ≈ 25 s beside the rest of `npm test` is that process compiling the server and opening a new PGlite
// cluster, which is what the bench runs against; 3 shoppers are already its least.
describe('npm run bench:checkout', () => {
  it('pays every order exactly once with no errors when 3 shoppers check out at once', async () => {
    const target = pgliteServerTarget();
    try {
      const figures = await benchServer(target, 3, 8315);
      expect(figures.errorSamples).toEqual([]);
      expect(figures.errors).toBe(0);
      expect(figures.check).toEqual({ orders: 3, paidOnce: 3, processing: 3, ok: true });
      expect(figures.paidPerSecond).toBeGreaterThan(0);
      // The server's own CPU per paid order and per sign-in, read from /proc (scripts/process-cpu.ts).
      expect(figures.cpuPerPaidMs).toBeGreaterThan(0);
      expect(figures.signInCpuMs).toBeGreaterThan(0);
      for (const step of STEPS) expect(figures.steps[step].p99).toBeGreaterThan(0);
    } finally {
      await target.cleanup();
    }
  }, 60_000);

  it('writes and pays orders by plain SQL when the baseline runs', async () => {
    const dir = tempDir('statefront-bench-baseline-test-');
    try {
      const driver = await pgliteBaselineDriver(dir);
      try {
        expect(await baseline(driver, 3, 0.3)).toBeGreaterThan(0);
      } finally {
        await driver.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
