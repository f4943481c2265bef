import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import {
  freePort,
  ROOT,
  type ServerProcess,
  servedServer,
  serverEnv,
  spawnLogged,
  startServer,
  stop,
} from '../faults/procs';

export {
  freePort,
  kill9,
  ROOT,
  servedServer,
  serverEnv,
  spawnLogged,
  startPostgres,
  startRedis,
  waitFor,
} from '../faults/procs';

import { copySeededPglite } from '../setup/seeded-pglite';

/** Throws unless the build is there (dist/): the rows that check pages read the files it serves. */
export function requireBuild(row: number, why: string): void {
  if (!existsSync(join(ROOT, 'dist/index.html')))
    throw new Error(`dist/ is missing: run \`npm run build\` first (row ${row} ${why})`);
}

/** A fresh temporary folder (a PGlite DATA_DIR); removed by the returned function. */
export function tempDir(prefix = 'statefront-security-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * A fresh DATA_DIR holding a copy of the run's seeded PGlite database (tests/setup/database-template.ts):
 * what a server's first start would make (a new cluster, migrated and seeded with the demo catalogue),
 * without the ≈ 5 s that takes on a busy machine. Empty when no template was made.
 */
function seededDir(): { path: string; remove: () => void } {
  const dir = tempDir();
  const template = inject('pgliteTemplate');
  if (template) copySeededPglite(template, dir.path);
  return dir;
}

export interface Shop extends ServerProcess {
  port: number;
  dataDir: string;
  /** SIGTERM, wait, and remove the temp DATA_DIR (when this shop made it). */
  close: () => Promise<void>;
}

/**
 * A real server process (`server/index.ts` as `npm run serve` runs it, NODE_ENV=production) on a
 * free port and a fresh PGlite folder (seeded: seededDir) unless `env` names DATA_DIR or DATABASE_URL. `PAYMENTS=sandbox`
 * is set unless `env` says otherwise (production refuses to start without a payment gateway).
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const own = env.DATA_DIR || env.DATABASE_URL ? null : seededDir();
  const dataDir = env.DATA_DIR ?? own?.path ?? '';
  const server = await startServer(
    {
      PAYMENTS: 'sandbox',
      ...(own ? { DATA_DIR: own.path } : {}),
      ...env,
    },
    port,
  ).catch((error: unknown) => {
    own?.remove();
    throw error;
  });
  return {
    ...server,
    port,
    dataDir,
    close: async () => {
      await stop(server);
      own?.remove();
    },
  };
}

type Env = Record<string, string>;

/**
 * Shops (startShop) started together before the tests of the enclosing file or describe block, one per
 * name, and closed after them. `envs` is a function when a shop needs what an earlier beforeAll started
 * (a database, Redis, a mail sink). Read the shops inside tests and hooks: `shops.plain.url`.
 */
export function setupShops<K extends string>(envs: Record<K, Env> | (() => Record<K, Env>)): Record<K, Shop> {
  const shops = {} as Record<K, Shop>;
  beforeAll(async () => {
    const named = Object.entries<Env>(typeof envs === 'function' ? envs() : envs);
    const started = await Promise.allSettled(named.map(([, env]) => startShop(env)));
    started.forEach((result, i) => {
      if (result.status === 'fulfilled') shops[(named[i] as [K, Env])[0]] = result.value;
    });
    const refused = started.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
  });
  afterAll(async () => {
    await Promise.allSettled(Object.values<Shop>(shops).map((shop) => shop.close()));
  });
  return shops;
}

/**
 * Runs `server/index.ts` (NODE_ENV=production unless `env` says otherwise) expecting it to refuse to
 * start: resolves with its exit code and everything it printed, or rejects if it is still running
 * after `ms` (it started when it should not have).
 */
export async function startRefused(
  env: Record<string, string>,
  ms = 60_000,
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const own = env.DATA_DIR || env.DATABASE_URL ? null : tempDir();
  // No PAYMENTS unless `env` says: a production server without a gateway must refuse, too.
  const { child, output } = spawnLogged([process.execPath, ...servedServer()], {
    env: serverEnv(port, { ...(own ? { DATA_DIR: own.path } : {}), ...env }),
  });
  try {
    const code = await new Promise<number | null>((done, fail) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        fail(
          new Error(
            `the server started (still running after ${ms} ms) but should have refused:\n${output()}`,
          ),
        );
      }, ms);
      child.once('exit', (exitCode) => {
        clearTimeout(timer);
        done(exitCode);
      });
    });
    return { code, output: output() };
  } finally {
    own?.remove();
  }
}

/** Prints one attack of `row` and what blocked it (vitest shows the lines under the test). */
export function attack(row: number, tried: string, blocked: string): void {
  console.log(`[row ${row}] tried: ${tried}\n         blocked: ${blocked}`);
}
