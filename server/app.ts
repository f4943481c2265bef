import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { PageRenderer } from '../shared/first-screen';
import type { DeliveryConfig } from './addresses/delivery';
import { cataloguePlugin, openCatalogue } from './catalogue/plugin';
import type { AppContext, Database, ServerConfig, StoreInfo } from './context';
import { MAX_PARAM_LENGTH } from './http/api';
import { ProcessHealth } from './infra/health';
import { connectRedis } from './infra/redis';
import { windowCounterFor } from './infra/window-counter';
import { createMailer, type Mailer, registerDevOutbox } from './mail/mailer';
import { MailQueue } from './mail/queue';
import { MailWorker } from './mail/worker';
import { defaultOrigin } from './payments/origin';
import type { PaymentGateway } from './payments/provider';
import { runRefundSweep } from './payments/refunds';
import { GATEWAYS, gatewayNamed } from './payments/registry';
import { apiRoutesPlugin } from './plugins/api-routes';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { methodNotAllowedPlugin } from './plugins/method-not-allowed';
import { privateCachePlugin } from './plugins/private-cache';
import { rateLimitPlugin } from './plugins/rate-limit';
import { BODY_LIMIT, requestValidationPlugin } from './plugins/request-validation';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** What GET /api/health reports; server/index.ts starts draining it on SIGTERM. */
    health: ProcessHealth;
    /** Mail sent after the answer (password reset); tests await `mailQueue.idle()` before reading it. */
    mailQueue: MailQueue;
    /**
     * Delivers the mail outbox (server/mail/worker.ts); server/index.ts starts it polling once the
     * port is open. Tests call `drain()` to deliver what is due.
     */
    mailWorker: MailWorker;
    /** One run of the refund sweep (server/payments/refunds.ts); server/index.ts runs it every 30 s. */
    refundSweep: () => Promise<number>;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  db: Database;
  store: StoreInfo;
  /** Where orders leave from and each zone's days (store.config.json `delivery`); none: no estimates. */
  delivery?: DeliveryConfig | null;
  /** Fastify logger options; tests pass false. Defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Where the outbox's mail goes; defaults to SMTP when configured, else this process's memory. */
  mailer?: Mailer;
  /** The payment gateways to serve (server/payments/registry.ts); tests add their own. */
  gateways?: readonly PaymentGateway[];
  /**
   * The Redis the processes share their limits in; defaults to a connection to config.redisUrl
   * (closed with the app), or none without it.
   */
  redis?: Redis | null;
  /** React's page renderer (shared/first-screen.ts); defaults to the build's in dist/.ssr/. */
  pageRenderer?: PageRenderer | null;
}

function createContext(app: FastifyInstance, options: Omit<BuildAppOptions, 'logger'>): AppContext {
  return {
    db: options.db,
    config: options.config,
    store: options.store,
    delivery: options.delivery ?? null,
    log: app.log,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  };
}

/** Refuses two gateways of one name, and a configured gateway that is not registered. */
function checkGateways(gateways: readonly PaymentGateway[], config: ServerConfig): void {
  const names = gateways.map((gateway) => gateway.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice) throw new Error(`Payment gateway "${twice}" is registered twice`);
  gatewayNamed(config.payments.provider, gateways);
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count n trusts the n nearest proxies (proxy-addr's rule, the one
 * Fastify applies to a number, which its types leave out): the client is the n-th X-Forwarded-For
 * address from the right, so anything a client prepends itself is never read.
 */
export function fastifyTrustProxy(
  trustProxy: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/**
 * The whole app, one plugin per concern (server/plugins/), registered in the order their hooks must
 * run. It never listens: server/index.ts does, and tests call `app.inject`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const gateways = options.gateways ?? GATEWAYS;
  checkGateways(gateways, config);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-* (client IP, protocol, host) count only behind a proxy the operator named (TRUST_PROXY).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The JSON parser refuses prototype-pollution keys itself; these cover Fastify's other parsers.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
  });
  const ctx = createContext(app, options);
  ctx.mailer ??= await createMailer(config.mail);
  const mailQueue = new MailQueue(app.log);
  ctx.mailQueue = mailQueue;
  app.decorate('mailQueue', mailQueue);
  const mailWorker = new MailWorker(
    options.db,
    ctx.mailer,
    {
      store: options.store,
      origin: defaultOrigin(config),
      paymentWindowMinutes: Math.round(config.lifecycle.paymentWindowMs / 60_000),
      delivery: options.delivery ?? null,
    },
    app.log,
    {
      retryBaseMs: config.mail.retryBaseMs,
      pollMs: config.mail.pollMs,
      sendTimeoutMs: config.mail.sendTimeoutMs,
    },
  );
  app.decorate('mailWorker', mailWorker);
  app.decorate('refundSweep', () => runRefundSweep(ctx, gateways, app.log));
  // Mail queued by the last requests is written before the app closes (SIGTERM drains, then closes);
  // the worker finishes the round it is in. What is still due stays in the outbox for the next start.
  app.addHook('onClose', async () => {
    await mailQueue.idle();
    await mailWorker.stop();
  });
  let redis = options.redis ?? null;
  if (options.redis === undefined && config.redisUrl) {
    const own = connectRedis(config.redisUrl, app.log);
    redis = own;
    app.addHook('onClose', async () => {
      own.disconnect();
    });
  }
  // One counter for the rate limits and the sign-in throttle: shared through Redis when configured.
  const counter = redis ? windowCounterFor(redis) : undefined;
  if (counter) ctx.limits = counter;
  const health = new ProcessHealth(options.db, redis);
  app.decorate('health', health);
  // First: it records every route added after it (a method a path does not serve is a 405).
  await app.register(methodNotAllowedPlugin);
  registerDevOutbox(app, ctx.mailer, config.mail.devOutbox);

  await app.register(requestValidationPlugin);
  // CORS answers a preflight before the other headers are set; every other answer gets them all.
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    // Only the gateways this configuration takes payments through: PayU's origins stay out of the
    // policy while PayU is off.
    gateways: gateways.filter((gateway) => gateway.isEnabled(config.payments)),
    corsOrigins: config.http.corsOrigins,
    loopbackCors: config.http.loopbackCors,
    hsts: config.trustProxy !== false,
  });
  await app.register(privateCachePlugin);
  await app.register(rateLimitPlugin, { limits: config.rateLimit, ...(counter ? { counter } : {}) });
  await app.register(errorHandlerPlugin);
  await app.register(compressionPlugin);

  // Every product in memory, serialized once per catalogue version (server/catalogue/read-model.ts).
  // Loaded before registering: a large catalogue can outlast Fastify's plugin start-up timeout.
  const catalogue = await openCatalogue(app, {
    db: options.db,
    databaseUrl: config.databaseUrl,
    heldProducts: config.catalogueHeldProducts,
  });
  health.searchIndexed = () => catalogue.searchIndexed;
  await app.register(cataloguePlugin, { model: catalogue });

  await app.register(docsPlugin, { orders: config.orders });
  await app.register(apiRoutesPlugin, { ctx, gateways, health });
  await app.register(spaPlugin, {
    staticDir: config.staticDir,
    store: options.store,
    catalogue,
    origin: { publicUrl: config.publicUrl, port: config.port },
    sandboxBanner: config.payments.sandboxBanner ?? false,
    sourceMaps: config.http.serveSourceMaps,
    ...(options.pageRenderer !== undefined ? { pageRenderer: options.pageRenderer } : {}),
  });
  return app;
}
