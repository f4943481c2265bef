/**
 * Fills the configured database (PGlite in DATA_DIR, or DATABASE_URL) with a large catalogue:
 *
 *   npm run seed -- --products 100000     (or SEED_PRODUCTS=100000 npm run seed)
 *   npm run seed -- --products 1000000 --connections 3    (PostgreSQL: batches over 3 connections at once)
 *
 * The demo catalogue plus generated products modelled on it (server/db/scale-seed.ts). Repeatable:
 * products already present are kept as they are, missing ones are added, nothing is deleted, so a
 * fresh database ends with exactly that many products. A running PostgreSQL-backed server picks the
 * change up through NOTIFY; PGlite allows one process per DATA_DIR, so stop the server first.
 */

import { openDatabase } from '../server/db/client';
import { defaultSeedConnections, seedScaleCatalogue } from '../server/db/scale-seed';
import { databaseConfigFrom } from '../server/infra/config';

/** `--name N`, `--name=N` or the environment's variable; `fallback` when none is given. */
function requestedNumber(
  argv: string[],
  name: string,
  fromEnv: string | undefined,
  fallback: number,
  max: number,
): number {
  const at = argv.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  const raw = at >= 0 ? (argv[at]?.includes('=') ? argv[at]?.split('=')[1] : argv[at + 1]) : fromEnv;
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`--${name} must be an integer from 1 to ${max.toLocaleString('en-IN')} (got "${raw}")`);
  }
  return value;
}

async function main() {
  const argv = process.argv.slice(2);
  const products = requestedNumber(argv, 'products', process.env.SEED_PRODUCTS, 62, 5_000_000);
  const config = databaseConfigFrom(process.env);
  const database = await openDatabase(config);
  // PGlite has one connection; PostgreSQL computes rows' search vectors on as many cores as it is given.
  const connections =
    database.driver === 'pglite'
      ? 1
      : requestedNumber(
          argv,
          'connections',
          process.env.SEED_CONNECTIONS,
          defaultSeedConnections('postgres'),
          // The server's pool holds 10 (server/db/client.ts): these plus the demo products' transaction.
          8,
        );
  const where = database.driver === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const over = connections > 1 ? ` over ${connections} connections` : '';
  console.log(`Seeding ${products.toLocaleString('en-IN')} products into ${where}${over}…`);
  const started = performance.now();
  try {
    let lastReport = 0;
    const result = await seedScaleCatalogue(database.db, products, {
      connections,
      onProgress: (done, of) => {
        if (done - lastReport >= 20_000 || done === of) {
          lastReport = done;
          console.log(`  ${done.toLocaleString('en-IN')} / ${of.toLocaleString('en-IN')} generated`);
        }
      },
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Done in ${seconds} s: ${result.inserted.toLocaleString('en-IN')} added, ${result.total.toLocaleString('en-IN')} products in the catalogue.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
