import { userInfo } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database, ServerConfig } from '../context';
import { DEFAULT_PGLITE_SHARED_BUFFERS, PROJECT_ROOT } from '../infra/config';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'server/db/migrations');

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Closes the connection(s) and, for PGlite, releases the DATA_DIR lock. Idempotent. */
  close: () => Promise<void>;
}

/**
 * Opens the database the config names — node-postgres when DATABASE_URL is set, else PGlite persisted
 * in DATA_DIR/pglite (locked to this process) — and applies the committed migrations.
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'> & Partial<Pick<ServerConfig, 'pgliteSharedBuffers'>>,
  options: {
    migrate?: boolean;
    /**
     * Runs after the migrations while still holding the migration lock (the demo seed): several
     * processes starting at once on an empty PostgreSQL must not each insert the catalogue.
     */
    afterMigrate?: (db: Database) => Promise<void>;
  } = {},
): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  const afterMigrate = options.afterMigrate ?? (async () => {});
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(config.databaseUrl),
      max: 10,
      // A database that accepts no connection must fail the request (503), not hang it.
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection emits on the pool; without a listener that would crash us.
    pool.on('error', () => {});
    // A checked-out client losing it (between a transaction's statements, or after its query answered
    // and before it is released) emits on itself: without a listener that is an uncaught exception, and
    // a PostgreSQL restart under load killed a server (test:faults, once the mail worker and the refund
    // sweep were polling). The query in flight, or the next one, fails instead; the pool drops the
    // broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg({ client: pool, schema });
    try {
      if (shouldMigrate)
        await migrateExclusively(pool, async () => {
          await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
          await afterMigrate(db as unknown as Database);
        });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return handleOf(db as unknown as Database, 'postgres', () => pool.end());
  }

  const release = acquireDataDirLock(config.dataDir);
  let client: PGlite | undefined;
  try {
    // pg_trgm backs the catalogue search's typo tolerance (migration 0003_search).
    client = new PGlite(join(config.dataDir, 'pglite'), {
      extensions: { pg_trgm },
      postgresqlconf: [`shared_buffers=${config.pgliteSharedBuffers ?? DEFAULT_PGLITE_SHARED_BUFFERS}`],
    });
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    if (shouldMigrate) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await afterMigrate(db as unknown as Database);
    }
    const opened = client;
    return handleOf(db as unknown as Database, 'pglite', async () => {
      try {
        await opened.close();
      } finally {
        release();
      }
    });
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}

/** The handle of an open database: its `close` runs `end` the first time only. */
function handleOf(db: Database, driver: DatabaseHandle['driver'], end: () => Promise<void>): DatabaseHandle {
  let closed = false;
  return {
    db,
    driver,
    close: async () => {
      if (closed) return;
      closed = true;
      await end();
    },
  };
}

// Any constant works; it only has to be the same for every Statefront node on one database.
const MIGRATION_LOCK_KEY = 0x5f_a7_e1_01;

/**
 * Several API nodes may start at once against one PostgreSQL: a session-level advisory lock makes
 * them apply migrations one after another (the later ones then find nothing to do).
 */
async function migrateExclusively(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * Like libpq, fall back to PGUSER or the OS account when the URL names no user: node-postgres only
 * looks at $USER, which service managers and containers often leave unset.
 */
export function withDefaultUser(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return databaseUrl;
  }
  if (url.username || !/^postgres(ql)?:$/.test(url.protocol)) return databaseUrl;
  const user = process.env.PGUSER || process.env.USER || userInfo().username;
  url.username = encodeURIComponent(user);
  return url.toString();
}
