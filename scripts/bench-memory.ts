/**
 * `npm run bench:memory [-- --starts 2 --idle 10]`: the served process's idle resident memory at the
 * demo catalogue, as `npm run serve` runs it (the compiled server, dist/.server/index.js) beside the
 * same sources run through tsx's loader (how it ran before). For PGlite (a fresh DATA_DIR) and, when
 * DATABASE_URL is set, PostgreSQL (a fresh database on that server, dropped afterwards). Each start
 * waits for `GET /api/health`, asks `/`, the product list and a product once (what a first visitor
 * does), waits `--idle` seconds and reads VmRSS from /proc; the two ways of running alternate, and
 * each row prints every start and their median against the targets (≤ 350 MB on PGlite, ≤ 150 MB on
 * PostgreSQL). Figures, not a test: it never fails on a target.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDefaultUser } from '../server/db/client';
import { freePort, servedServer, serverEnv, spawnLogged, stop, waitFor } from '../tests/faults/procs';
import { freshDatabase } from '../tests/setup/postgres';
import { median, numberOption } from './cli-option';

const STARTS = numberOption('starts', 2);
const IDLE_SECONDS = numberOption('idle', 10);
const TARGET_MB = { PGlite: 350, PostgreSQL: 150 } as const;

/** How the server is run: as `npm run serve` runs it, and through tsx as it ran before. */
const WAYS = [
  { label: 'compiled', argv: () => servedServer() },
  { label: 'tsx', argv: () => ['--import', 'tsx', 'server/index.ts'] },
] as const;

const residentMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) / 1024);
};

/** One start: healthy, a first visitor's reads, idle, then its resident size (MB). */
async function idleResident(argv: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const { child, output, exited } = spawnLogged([process.execPath, ...argv], {
    env: serverEnv(port, { PAYMENTS: 'sandbox', ...env }),
  });
  const server = { child, url: `http://127.0.0.1:${port}`, output, exited };
  try {
    await waitFor('the server to answer', 120_000, async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
      return (await fetch(`${server.url}/api/health`)).ok;
    });
    const page = (await (await fetch(`${server.url}/api/v1/products?limit=1`)).json()) as {
      data: { id: string }[];
    };
    await fetch(`${server.url}/`);
    await fetch(`${server.url}/api/v1/products/${page.data[0]?.id}`);
    await new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000));
    return residentMb(child.pid as number);
  } finally {
    await stop(server);
  }
}

async function main() {
  console.log(
    `Idle resident memory (VmRSS) ${IDLE_SECONDS} s after a first visitor, demo catalogue, ${STARTS} starts each, alternating`,
  );
  const targets: Array<{
    db: keyof typeof TARGET_MB;
    env: () => Promise<{ env: Record<string, string>; done: () => Promise<void> }>;
  }> = [
    {
      db: 'PGlite',
      env: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'statefront-memory-'));
        return { env: { DATA_DIR: dir }, done: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl)
    targets.push({
      db: 'PostgreSQL',
      env: async () => {
        const database = await freshDatabase(withDefaultUser(databaseUrl), 'sf_memory_');
        return { env: { DATABASE_URL: database.url }, done: () => database.drop() };
      },
    });
  else console.log('(set DATABASE_URL to measure PostgreSQL too)');
  for (const target of targets) {
    const figures = new Map<string, number[]>(WAYS.map((way) => [way.label, []]));
    for (let start = 0; start < STARTS; start++) {
      for (const way of WAYS) {
        const { env, done } = await target.env();
        try {
          figures.get(way.label)?.push(await idleResident(way.argv(), env));
        } finally {
          await done();
        }
      }
    }
    for (const way of WAYS) {
      const values = figures.get(way.label) ?? [];
      const middle = median(values);
      const verdict = way.label === 'compiled' ? (middle <= TARGET_MB[target.db] ? 'met' : 'not met') : '';
      console.log(
        `${target.db.padEnd(10)} ${way.label.padEnd(9)} ${values
          .map((v) => `${v} MB`)
          .join(', ')
          .padEnd(22)} median ${middle} MB  target ≤ ${TARGET_MB[target.db]} MB ${verdict}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
