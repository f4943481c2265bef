import { buildApp } from './app';
import { loadConfig, paymentsConfigFrom } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { loadStoreConfig } from './store-config';

async function main() {
  const config = loadConfig();
  const { store, upi } = loadStoreConfig(config.storeConfigPath);
  // The store config may name the UPI payee; UPI_VPA / UPI_PAYEE_NAME still win.
  config.payments = { ...paymentsConfigFrom(process.env, upi), sandboxSecret: config.payments.sandboxSecret };

  const database = await openDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    // A hung close must not keep the DATA_DIR lock forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app?.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const seeded = await seedIfEmpty(database.db);
    app = await buildApp({ config, db: database.db, store });
    if (seeded > 0) app.log.info({ products: seeded }, 'seeded the demo catalogue');
    app.log.info(
      { driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined },
      'database ready',
    );
    if (!config.staticDir)
      app.log.warn('dist/ not found: serving the API only (run `npm run build` for the SPA)');
    await app.listen({ port: config.port, host: config.host });
    const url = config.publicUrl ?? `http://localhost:${config.port}`;
    app.log.info(`Statefront is running at ${url} (API ${url}/api/v1, docs /api/docs)`);
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  // Start-up failures (bad config, locked DATA_DIR, port in use) are the operator's to fix: say so plainly.
  console.error(`Statefront failed to start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
