import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE, readLockHolder } from '../../server/db/lock';
import { PROJECT_ROOT } from '../../server/infra/config';
import { spawnLogged } from '../faults/procs';

const dataDir = mkdtempSync(join(tmpdir(), 'statefront-index-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs server/index.ts as `npm start` would, on an ephemeral port; resolves once it is listening (or exits). */
function startServer() {
  const { child, output, exited } = spawnLogged([process.execPath, '--import', 'tsx', 'server/index.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
  });
  children.push(child);
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output()}`)));
  });
  // A server expected to fail never gets awaited for readiness; keep that rejection handled.
  ready.catch(() => {});
  return { child, ready, exited, output };
}

describe('server/index.ts', () => {
  // ≈ 10 s alone, 20 s beside the rest of `npm test`: two real `node --import tsx server/index.ts`
  // processes, each compiling the server and opening PGlite (a new cluster, migrated and seeded, for the
  // first); that start is what this test checks, so it is not shortened.
  it('serves, refuses a second process on the same DATA_DIR, and shuts down cleanly on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const first = startServer();
    const url = await first.ready;
    expect(readLockHolder(join(dataDir, LOCK_FILE))?.pid).toBe(first.child.pid);
    const response = await fetch(`${url}/api/v1/products?limit=1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { count: number }).count).toBeGreaterThan(0);

    const second = startServer();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Statefront failed to start: Another Statefront process (pid ${first.child.pid}) is using DATA_DIR ${dataDir}`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    // The lock went with it: this process can take it at once.
    acquireDataDirLock(dataDir)();
  });
});
