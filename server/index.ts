import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { pincodeIndex } from './addresses/pincode-index';
import { buildApp } from './app';
import type { PaymentsConfig, ServerConfig } from './context';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';
import { isDevelopment, loadConfig, paymentsConfigFrom } from './infra/config';
import { loadStoreConfig, StoreConfigError } from './infra/store-config';
import { startOrderExpiry } from './orders/order-expiry';
import { startRefundSweep } from './payments/refunds';

/** How long a SIGTERM'd process may take to finish its requests before it exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 15_000;

/**
 * DRAIN_DELAY_MS: after SIGTERM, how long /api/health answers 503 while the port still serves, so
 * that a load balancer with active health checks stops sending requests before the port closes.
 * 0 (the default) closes at once: nginx's passive checks move on to the next server anyway.
 */
function drainDelayMs(): number {
  const raw = process.env.DRAIN_DELAY_MS?.trim();
  const value = raw ? Number(raw) : 0;
  if (!Number.isInteger(value) || value < 0 || value > 60_000)
    throw new Error(`DRAIN_DELAY_MS must be an integer from 0 to 60000 (got "${raw}")`);
  return value;
}

/** Names the gateway payments go to, so an operator sees at start whether money moves. */
function logGateway(log: FastifyBaseLogger, payments: PaymentsConfig) {
  if (payments.payu)
    log.info({ gateway: 'payu', mode: payments.payu.mode }, `payments: PayU (${payments.payu.mode} mode)`);
  else if (payments.sandboxBanner)
    log.warn(
      { gateway: 'sandbox' },
      'payments: the SANDBOX (PAYMENTS=sandbox) — every payment is approved and no money moves; every page says so',
    );
  else log.info({ gateway: 'sandbox' }, 'payments: the sandbox — no money moves');
}

/** One server process: the whole app on the configured port (alone, or as one of the cluster's workers). */
async function serve(config: ServerConfig) {
  const { store, upi, delivery } = loadStoreConfig(config.storeConfigPath);
  // The store config may name the UPI payee; UPI_VPA / UPI_PAYEE_NAME still win.
  config.payments = { ...paymentsConfigFrom(process.env, upi), sandboxSecret: config.payments.sandboxSecret };
  const drainDelay = drainDelayMs();

  let seeded = 0;
  const database = await openDatabase(config, {
    afterMigrate: async (db) => {
      seeded = await seedIfEmpty(db);
    },
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopExpiry = () => {};
  let stopRefunds = () => {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A hung close must not keep the DATA_DIR lock (or a cluster slot) forever.
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + drainDelay);
    timer.unref();
    try {
      stopExpiry();
      stopRefunds();
      if (app) {
        app.health.startDraining();
        app.log.info({ signal, drainDelayMs: drainDelay }, 'shutting down: draining (health answers 503)');
        if (drainDelay > 0) await new Promise((resolve) => setTimeout(resolve, drainDelay));
        // Stops accepting connections, closes idle keep-alive ones, and waits for requests in flight.
        await app.close();
        app.log.info('drained: every request answered');
      }
    } finally {
      await database.close();
      app?.log.info('database closed');
    }
    process.exit(0);
  };
  // `on`, not `once`: a stop signal usually comes more than once (systemd or Ctrl-C signal the whole
  // process group, and npm passes its own on too); every one after the first is ignored while the
  // drain runs, instead of the default action killing the process mid-drain with the lock held.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    app = await buildApp({ config, db: database.db, store, delivery });
    // India Post's PIN codes, indexed before the first checkout needs them (≈ 0.6 s, 17 MB of heap).
    const started = performance.now();
    const pins = pincodeIndex().size;
    app.log.info({ pins, ms: Math.round(performance.now() - started) }, 'PIN code index ready');
    if (delivery && !pincodeIndex().lookup(delivery.fromPin))
      throw new StoreConfigError(
        `Invalid store config ${config.storeConfigPath}:\n  - delivery.fromPin: ${delivery.fromPin} is not in India Post's list`,
      );
    if (seeded > 0) app.log.info({ products: seeded }, 'seeded the demo catalogue');
    app.log.info(
      {
        driver: database.driver,
        dataDir: database.driver === 'pglite' ? config.dataDir : undefined,
        redis: config.redisUrl ? 'shared limits' : 'off',
      },
      'database ready',
    );
    logGateway(app.log, config.payments);
    if (!config.staticDir)
      app.log.warn('dist/ not found: serving the API only (run `npm run build` for the SPA)');
    await app.listen({ port: config.port, host: config.host });
    // Unpaid orders expire after ORDER_PAYMENT_WINDOW (docs/operations.md); every process runs the
    // expiry (SKIP LOCKED).
    stopExpiry = startOrderExpiry(database.db, config.lifecycle.paymentWindowMs, app.log);
    // The mail outbox is delivered by every process (SKIP LOCKED); see server/mail/worker.ts.
    app.mailWorker.start();
    // Refunds owed but not yet asked for (or failed) are asked again; see server/payments/refunds.ts.
    stopRefunds = startRefundSweep(app.refundSweep, app.log);
    if (!config.mail.smtpUrl && !isDevelopment(process.env))
      app.log.warn('mail: SMTP_URL is not set, so the shop sends no mail (each is kept in memory only)');
    const url = config.publicUrl ?? `http://localhost:${config.port}`;
    if (cluster.isPrimary)
      app.log.info(`Statefront is running at ${url} (API ${url}/api/v1, docs /api/docs)`);
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
    throw error;
  }
}

/**
 * WORKERS=n: the primary only forks n workers that share the port (node:cluster hands out the
 * connections) and replaces one that dies. Migrations and the first seed run once, in whichever
 * worker takes the advisory lock first (server/db/client.ts). SIGTERM is passed on, and the primary
 * exits once every worker has drained.
 */
function supervise(config: ServerConfig) {
  const log = (message: string) => console.log(`[cluster ${process.pid}] ${message}`);
  let stopping = false;
  const recentDeaths: number[] = [];
  const fork = () => cluster.fork();
  for (let i = 0; i < config.workers; i++) fork();

  let listening = 0;
  cluster.on('listening', () => {
    listening++;
    if (listening === config.workers) {
      const url = config.publicUrl ?? `http://localhost:${config.port}`;
      log(`Statefront is running at ${url} with ${config.workers} workers (API ${url}/api/v1)`);
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('every worker has drained; exiting');
        process.exit(0);
      }
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && (recentDeaths[0] ?? now) < now - 30_000) recentDeaths.shift();
    // A worker that cannot start (bad config, database refusing) would die again at once: stop then.
    if (recentDeaths.length > config.workers * 3) {
      log(`workers keep dying (last: pid ${worker.process.pid}, code ${code}, ${signal}); giving up`);
      process.exit(1);
    }
    log(`worker ${worker.process.pid} died (code ${code}, signal ${signal}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS + drainDelayMs() + 2000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    drainDelayMs(); // Refuse a bad value before forking n workers that would each refuse it.
    supervise(config);
    return;
  }
  await serve(config);
}

main().catch((error: unknown) => {
  // Start-up failures (bad config, locked DATA_DIR, port in use) are the operator's to fix: say so plainly.
  console.error(`Statefront failed to start: ${error instanceof Error ? error.message : String(error)}`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
