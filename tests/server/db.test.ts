import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, readLockHolder } from '../../server/db/lock';
import { rowsOf } from '../../server/db/rows';
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

const holders: ChildProcess[] = [];
afterEach(() => {
  for (const child of holders.splice(0)) child.kill('SIGKILL');
});

/**
 * Another process holding the lock on `dir` (server/db/lock.ts, as a server takes it): resolves once
 * it holds it, with the child to kill.
 */
async function heldElsewhere(dir: string): Promise<ChildProcess> {
  const lock = join(import.meta.dirname, '../../server/db/lock.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(lock)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  holders.push(child);
  await new Promise<void>((done, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('held') && done());
    child.once('exit', (code) => fail(new Error(`the holder exited (${code}) before it held the lock`)));
  });
  return child;
}

/** A live process that is not a Statefront: its pid is what a reused pid looks like. */
function sleeper(): number {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  holders.push(child);
  return child.pid as number;
}

describe('DATA_DIR lock: the kernel’s lock on statefront.lock, not a pid', () => {
  it('names our pid while held and can be taken again once released', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    release();
    acquireDataDirLock(dir)();
  });

  it('refuses with a clear message while another live process holds it', async () => {
    const dir = tempDir();
    const holder = await heldElsewhere(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `Another Statefront process (pid ${holder.pid}) is using DATA_DIR ${dir}; stop it or set DATA_DIR to another folder`,
    );
    // A holder's file rewritten to name nobody (or garbage) still holds: the lock is not the text.
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    expect(() => acquireDataDirLock(dir)).toThrow('Another Statefront process is using DATA_DIR');
  });

  it('is free the moment its holder is killed (kill -9, OOM): the kernel releases it', async () => {
    const dir = tempDir();
    const holder = await heldElsewhere(dir);
    holder.kill('SIGKILL');
    await new Promise((done) => holder.once('exit', done));
    expect(lockPid(dir)).toBe(String(holder.pid));
    acquireDataDirLock(dir)();
  });

  it.each([
    ['our own pid (a container restart)', () => `${process.pid}\n`],
    ['a live program’s pid (a reused pid)', () => `${sleeper()}\nstart 1\nboot x\n`],
    ['unreadable text', () => 'garbage'],
  ])('takes a lock file naming %s that no process holds', (_, content) => {
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_FILE), content());
    const release = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    release();
  });

  it('releases only once: a second release leaves the next holder its lock', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    release();
    const next = acquireDataDirLock(dir);
    release();
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    next();
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
    // Released on close (the reopen below takes the lock), and the data persists across restarts.
    const reopened = await openDatabase({ dataDir: dir, databaseUrl: null, pgliteSharedBuffers: '24MB' });
    try {
      const [row] = await reopened.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(row?.n).toBe(2);
      // PGlite's page cache is the configured one (server/infra/config.ts PGLITE_SHARED_BUFFERS).
      const shown = await reopened.db.execute(sql`show shared_buffers`);
      expect(rowsOf<{ shared_buffers: string }>(shown)[0]?.shared_buffers).toBe('24MB');
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
