import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, ServerConfig } from '../context';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

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
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client losing its connection emits on the pool; without a listener that would crash us.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    try {
      if (shouldMigrate) await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      await pool.end();
      throw error;
    }
    let closed = false;
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  const release = acquireDataDirLock(config.dataDir);
  let client: PGlite | undefined;
  try {
    client = new PGlite(join(config.dataDir, 'pglite'));
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    if (shouldMigrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    let closed = false;
    const opened = client;
    return {
      db: db as unknown as Database,
      driver: 'pglite',
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}
