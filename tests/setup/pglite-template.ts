/**
 * Vitest global setup of the node project: one PGlite database, migrated and seeded with the real
 * catalogue, made once per run. `createTestApp` (tests/server/helpers.ts) copies its folder for each
 * app instead of making a new cluster, migrating and seeding every time (≈ 1 s against ≈ 5 s an app on
 * a busy 2-core machine). The copy holds exactly what a fresh app would hold; tests of opening,
 * migrating and locking a data folder (db.test.ts, migrations.test.ts, index.test.ts) open their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { catalogue } from '../../server/catalogue/catalogue';
import { openDatabase } from '../../server/db/client';
import { seedProducts } from '../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the seeded PGlite database to copy (its `pglite/` inside), or null on PostgreSQL. */
    pgliteTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === 'postgres') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-template-'));
  const database = await openDatabase({ dataDir, databaseUrl: null });
  try {
    await seedProducts(database.db, catalogue);
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
