import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import {
  acquireDataDirLock,
  bootId,
  DataDirLockedError,
  LOCK_FILE,
  processStart,
  readLockHolder,
} from '../../server/db/lock';
import { products } from '../../server/db/schema';
import { type SeedProduct, seedIfEmpty, seedProducts, toPaise } from '../../server/db/seed';
import { withPgClient } from '../setup/postgres';
import { freshPostgres } from './helpers';

const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'statefront-lock-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid the DATA_DIR lock in `dir` names, as text (the file's first line). */
const lockPid = (dir: string) => String(readLockHolder(join(dir, LOCK_FILE))?.pid);

/** The lock in `dir` names this process until `release` runs, and is gone after. */
function expectHeldUntilReleased(dir: string, release: () => void) {
  expect(lockPid(dir)).toBe(String(process.pid));
  release();
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
}

/** A pid that certainly belonged to a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('DATA_DIR lock', () => {
  it('writes our pid and removes the file on release', () => {
    const dir = tempDir();
    expectHeldUntilReleased(dir, acquireDataDirLock(dir));
  });

  it('refuses with a clear message while another live process holds it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `Another Statefront process (pid ${process.ppid}) is using DATA_DIR ${dir}; stop it or set DATA_DIR to another folder`,
    );
    expect(lockPid(dir)).toBe(String(process.ppid));
  });

  it('refuses a second holder inside the same process, keeping the first one its lock', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expectHeldUntilReleased(dir, release);
  });

  it.each([
    ['a stale lock left by a dead process', () => `${deadPid()}\n`],
    ['an unreadable lock file', () => 'garbage'],
  ])('takes over %s', (_, content) => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), content());
    expectHeldUntilReleased(dir, acquireDataDirLock(dir));
  });

  it('releases only once: a second release leaves the next holder its lock', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    release();
    const next = acquireDataDirLock(dir);
    release();
    expect(lockPid(dir)).toBe(String(process.pid));
    next();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('does not delete a lock that another process took over after us', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n`);
    release();
    expect(lockPid(dir)).toBe(String(process.ppid));
  });
});

describe('DATA_DIR lock: a holder is a process, not a pid (issue 22, row 2)', () => {
  const sleepers: ChildProcess[] = [];
  afterEach(() => {
    for (const child of sleepers.splice(0)) child.kill('SIGKILL');
  });
  /** A live process that is not a Statefront: its pid is what a reused pid looks like. */
  const sleeper = () => {
    const child = spawn('sleep', ['600'], { stdio: 'ignore' });
    sleepers.push(child);
    return child.pid as number;
  };
  const anHourAgo = () => new Date(Date.now() - 3_600_000);

  it('records the pid, its start time and the boot id', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(readLockHolder(join(dir, LOCK_FILE))).toEqual({
      pid: process.pid,
      start: processStart(process.pid),
      boot: bootId(),
    });
    release();
  });

  it('takes over a lock naming our own pid that this process never took (a container restart)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\nstart 1\nboot ${bootId()}\n`);
    const release = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    release();
    // The same with a lock of the old format (the pid only).
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    acquireDataDirLock(dir)();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another live program (Linux /proc)', () => {
    const dir = tempDir();
    const pid = sleeper();
    // The Statefront that wrote it started at tick 1; the sleep holding its pid now started later.
    writeFileSync(join(dir, LOCK_FILE), `${pid}\nstart 1\nboot ${bootId()}\n`);
    acquireDataDirLock(dir)();
    // An old-format lock written an hour before that program started.
    writeFileSync(join(dir, LOCK_FILE), `${pid}\n`);
    utimesSync(join(dir, LOCK_FILE), anHourAgo(), anHourAgo());
    acquireDataDirLock(dir)();
    // A lock from before the last reboot, whatever its pid does now.
    writeFileSync(join(dir, LOCK_FILE), `${pid}\nstart ${processStart(pid)}\nboot another-boot\n`);
    acquireDataDirLock(dir)();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('still refuses while the process that wrote the lock lives', () => {
    const dir = tempDir();
    const pid = sleeper();
    writeFileSync(
      join(dir, LOCK_FILE),
      `${pid}\nstart ${processStart(pid) ?? '-'}\nboot ${bootId() ?? '-'}\n`,
    );
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Statefront process (pid ${pid})`);
    // An old-format lock written after that process started is still honoured.
    writeFileSync(join(dir, LOCK_FILE), `${pid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(lockPid(dir)).toBe(String(pid));
  });
});

const fixture = (id: string, overrides: Partial<SeedProduct> = {}): SeedProduct => ({
  id,
  title: 'Test Kurta',
  description: 'A kurta for tests.',
  imgUrl: '/images/products/test.svg',
  category: 'Men',
  parentCategory: 'Kurta',
  regularPrice: 1899.99,
  discountedPrice: 1499.5,
  featured: true,
  images: [{ url: '/images/products/test.svg' }],
  attributes: [{ id: 'size', key: 'size', values: ['S', 'M'], metricUnit: null }],
  createdAt: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

describe('openDatabase on PGlite', () => {
  it('migrates, holds the lock while open, seeds once and releases on close', {
    timeout: 60_000,
  }, async () => {
    const dir = tempDir();
    const handle = await openDatabase({ dataDir: dir, databaseUrl: null });
    try {
      expect(handle.driver).toBe('pglite');
      await expect(openDatabase({ dataDir: dir, databaseUrl: null })).rejects.toThrow(
        /Another Statefront process/,
      );
      const list = [
        fixture('11111111-1111-4111-8111-111111111111'),
        fixture('22222222-2222-4222-8222-222222222222', { discountedPrice: null }),
      ];
      expect(await seedIfEmpty(handle.db, list)).toBe(2);
      expect(await seedIfEmpty(handle.db, list)).toBe(0);
      expect(await seedProducts(handle.db, list)).toBe(0);
      const rows = await handle.db.select().from(products).orderBy(products.id);
      expect(rows.map((r) => [r.regularPricePaise, r.discountedPricePaise])).toEqual([
        [189999, 149950],
        [189999, null],
      ]);
      expect(rows[0]?.createdAt.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    } finally {
      await handle.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    // Data persists across restarts of the same folder.
    const reopened = await openDatabase({ dataDir: dir, databaseUrl: null });
    try {
      const [row] = await reopened.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(row?.n).toBe(2);
    } finally {
      await reopened.close();
    }
  });
});

describe('toPaise', () => {
  it('rounds rupees to whole paise without float drift', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1499)).toBe(149900);
  });
});

// Runs in `npm run test:pg` (the PostgreSQL pass of the same suite); PGlite has no second node to race.
if (process.env.TEST_DATABASE === 'postgres') {
  describe('openDatabase on PostgreSQL', () => {
    it('lets several nodes migrate one database at the same time', { timeout: 60_000 }, async () => {
      const database = await freshPostgres();
      try {
        const handles = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ dataDir: '/nonexistent', databaseUrl: database.url })),
        );
        for (const handle of handles) {
          const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(products);
          expect(row?.n).toBe(0);
          await handle.close();
        }
      } finally {
        await database.drop();
      }
    });

    it('survives a connection lost while a transaction holds its client (no uncaught error)', async () => {
      const database = await freshPostgres();
      const handle = await openDatabase({ dataDir: '/nonexistent', databaseUrl: database.url });
      try {
        const lost = handle.db.transaction(async (tx) => {
          const found = await tx.execute(sql`select pg_backend_pid() as pid`);
          const { pid } = (found as unknown as { rows: { pid: number }[] }).rows[0] ?? { pid: 0 };
          // The pg client under the transaction: wait for its connection to close ('end'), which
          // adds no 'error' listener of the test's own; between two statements, as a restart does.
          const client = (tx as unknown as { session: { client: import('pg').PoolClient } }).session.client;
          const ended = new Promise((resolve) => client.once('end', resolve));
          await withPgClient(database.url, (admin) => admin.query('select pg_terminate_backend($1)', [pid]));
          await ended;
          await tx.execute(sql`select 1`);
        });
        await expect(lost).rejects.toThrow();
        // The pool drops the broken client and serves on.
        const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(products);
        expect(row?.n).toBe(0);
      } finally {
        await handle.close();
        await database.drop();
      }
    });
  });
}
