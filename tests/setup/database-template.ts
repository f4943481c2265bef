/**
 * Vitest global setup of the server tests: one database per run, migrated and seeded with the real
 * catalogue, that each test app copies instead of making a new one, migrating and seeding it (on a busy
 * 2-core machine ≈ 1 s against ≈ 5 s an app on PGlite, ≈ 0.3 s against ≈ 1.7 s on PostgreSQL). On PGlite
 * a data folder, copied for each app; on PostgreSQL (TEST_DATABASE=postgres) a database that each app's
 * own is created from (`CREATE DATABASE … TEMPLATE`). A copy holds exactly what a fresh app would;
 * tests of opening, migrating and locking a database (db.test.ts, index.test.ts) open their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { catalogue } from '../../server/catalogue/catalogue';
import { openDatabase, withDefaultUser } from '../../server/db/client';
import { seedProducts } from '../../server/db/seed';
import { freshDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the seeded PGlite database to copy (its `pglite/` inside), or null on PostgreSQL. */
    pgliteTemplate: string | null;
    /** The seeded PostgreSQL database each app's is created from, or null on PGlite. */
    postgresTemplate: string | null;
  }
}

/** The PostgreSQL server the tests make their databases on (tests/server/helpers.ts, freshPostgres). */
export const testPostgresUrl = () =>
  withDefaultUser(process.env.TEST_PG_URL ?? 'postgres://127.0.0.1:5432/test');

async function seeded(config: { dataDir: string; databaseUrl: string | null }) {
  const database = await openDatabase(config);
  try {
    await seedProducts(database.db, catalogue);
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === 'postgres') {
    const template = await freshDatabase(testPostgresUrl(), 'sf_template_');
    await seeded({ dataDir: '/nonexistent', databaseUrl: template.url });
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return template.drop;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-template-'));
  await seeded({ dataDir, databaseUrl: null });
  project.provide('pgliteTemplate', dataDir);
  project.provide('postgresTemplate', null);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
