import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../faults/procs';

const run = promisify(execFile);

// `npm run bench` at its smallest, on PGlite only: a correctness check of the script (it starts the
// served process, server/index.ts, and a bare node:http process), not a measurement. It takes ≈ 15 s
// alone and up to 30 s beside the rest of `npm test`: the script seeds a PGlite catalogue and starts
// and profiles both processes, as a bench run does; 0.2 s of load and one round are already its least.
describe('npm run bench', () => {
  it('runs a row against the served process and bare node, and profiles both', async () => {
    const profiles = mkdtempSync(join(tmpdir(), 'statefront-bench-test-'));
    try {
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/bench.ts',
          ...['--sizes', '62', '--only', 'detail', '--seconds', '0.2', '--rounds', '1'],
          ...['--connections', '4', '--profile', profiles],
        ],
        { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' }, timeout: 120_000 },
      );
      const row = stdout.split('\n').find((line) => line.startsWith('PGlite') && line.includes('detail'));
      expect(row, stdout).toBeDefined();
      // Two ratios at the end of the row: req/s and CPU per answer.
      expect(row).toMatch(/\d\.\d\dx +\d\.\d\dx$/);
      expect(stdout).toContain('the server while it answered detail');
      expect(stdout).toContain('bare node:http while it answered detail');
      expect(readdirSync(profiles).some((name) => name.endsWith('.cpuprofile'))).toBe(true);
    } finally {
      rmSync(profiles, { recursive: true, force: true });
    }
  }, 150_000);
});
