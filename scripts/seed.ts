/**
 * Fills the configured database (PGlite in DATA_DIR, or DATABASE_URL) with a large catalogue:
 *
 *   npm run seed -- --products 100000     (or SEED_PRODUCTS=100000 npm run seed)
 *
 * The demo catalogue plus generated products modelled on it (server/db/scale-seed.ts). Repeatable:
 * products already present are kept as they are, missing ones are added, nothing is deleted, so a
 * fresh database ends with exactly that many products. A running PostgreSQL-backed server picks the
 * change up through NOTIFY; PGlite allows one process per DATA_DIR, so stop the server first.
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedScaleCatalogue } from '../server/db/scale-seed';

function requestedProducts(argv: string[], env: NodeJS.ProcessEnv): number {
  const at = argv.findIndex((arg) => arg === '--products' || arg.startsWith('--products='));
  const raw =
    at >= 0 ? (argv[at]?.includes('=') ? argv[at]?.split('=')[1] : argv[at + 1]) : env.SEED_PRODUCTS;
  if (raw === undefined || raw === '') return 62;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 5_000_000) {
    throw new Error(`--products must be an integer from 1 to 5,000,000 (got "${raw}")`);
  }
  return value;
}

async function main() {
  const products = requestedProducts(process.argv.slice(2), process.env);
  const config = loadConfig();
  const database = await openDatabase(config);
  const where = database.driver === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Seeding ${products.toLocaleString('en-IN')} products into ${where}…`);
  const started = performance.now();
  try {
    let lastReport = 0;
    const result = await seedScaleCatalogue(database.db, products, (done, of) => {
      if (done - lastReport >= 20_000 || done === of) {
        lastReport = done;
        console.log(`  ${done.toLocaleString('en-IN')} / ${of.toLocaleString('en-IN')} generated`);
      }
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
