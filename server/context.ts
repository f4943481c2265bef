import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../contract/schema';
import type { DeliveryConfig } from './addresses/delivery';
import type * as schema from './db/schema';
import type { WindowCounter } from './infra/window-counter';
import type { Mailer } from './mail/mailer';
import type { MailQueue } from './mail/queue';

/** Drizzle over either driver (PGlite or node-postgres): handlers only use the common pg-core API. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type StoreInfo = components['schemas']['StoreInfo'];

export interface PaymentsConfig {
  /**
   * The registered gateway (server/payments/registry.ts) new payments go to: 'payu' when PAYU_KEY and
   * PAYU_SALT are set, else the built-in 'sandbox'.
   */
  provider: string;
  /** HMAC key for sandbox callbacks (SANDBOX_SECRET, else random per process). */
  sandboxSecret: string;
  payu: { key: string; salt: string; mode: 'test' | 'live' } | null;
  /** Payee VPA and name for UPI links (store config `upi`, or UPI_VPA / UPI_PAYEE_NAME). */
  upiVpa: string;
  upiPayeeName: string;
  /** The sandbox takes payments in production (PAYMENTS=sandbox): every page says no money moves. */
  sandboxBanner?: boolean;
  /**
   * COD_LIMIT in paise (rupees × 100, default ₹10,000): cash on delivery is offered for an order whose
   * total is at most this; 0 turns cash on delivery off. Absent (a config built by hand): the default.
   */
  codLimitPaise?: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data folder (DATA_DIR, default ./.data); unused when databaseUrl is set. */
  dataDir: string;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS, default 16MB); unused when databaseUrl is set. */
  pgliteSharedBuffers: string;
  databaseUrl: string | null;
  /**
   * REDIS_URL: where the rate limits and the failed-sign-in throttle are counted so that every process
   * shares them; null keeps them in this process (docs/deploy.md).
   */
  redisUrl: string | null;
  /** WORKERS: node:cluster workers server/index.ts forks on this machine (1 = no cluster). */
  workers: number;
  /**
   * CATALOGUE_HELD_PRODUCTS: the largest catalogue whose product JSON each process holds in memory; a
   * larger one reads a page's products from the database (server/catalogue/snapshot-load.ts). Absent
   * (a config built by hand): the default, 250,000.
   */
  catalogueHeldProducts?: number;
  /**
   * Absolute origin shoppers reach us at (PUBLIC_URL), or null to use the origin each request came to
   * (see server/payments/origin.ts): gateway pages and return URLs are built from it.
   */
  publicUrl: string | null;
  /**
   * Fastify's trustProxy (TRUST_PROXY): when X-Forwarded-* and the client IP may be read from a proxy —
   * a hop count or proxy addresses/CIDRs (server/infra/config.ts trustProxyFrom). `true` (trust every peer)
   * is for tests only.
   */
  trustProxy: boolean | number | string[];
  /** Folder of the built SPA to serve (dist/), or null to serve the API only. */
  staticDir: string | null;
  storeConfigPath: string;
  payments: PaymentsConfig;
  /**
   * What one order may hold: at most `maxLineQuantity` of one line (MAX_LINE_QUANTITY, 1–99, default 10)
   * and a total of at most `maxTotalPaise` (MAX_ORDER_VALUE in rupees, default ₹10,00,000).
   */
  orders: { maxLineQuantity: number; maxTotalPaise: number };
  /** Per-IP limits (authMax counts failed sign-ins per IP + email); tests raise or lower them. */
  rateLimit: {
    authMax: number;
    registerMax: number;
    trackMax: number;
    /** POST /users/password-reset per IP (RATE_LIMIT_RESET_MAX). */
    resetMax: number;
    /** POST /contact and POST /newsletter/subscriptions per IP (RATE_LIMIT_CONTACT_MAX). */
    contactMax: number;
    globalMax: number;
    windowMs: number;
  };
  logLevel: string;
  /** What production hides (server/infra/config.ts httpHardeningFrom). */
  http: {
    /** CORS_ORIGINS: browser origins besides PUBLIC_URL's that may call the API with credentials. */
    corsOrigins: string[];
    /** Any http://localhost / 127.0.0.1 origin may call the API (in development only: NODE_ENV=development). */
    loopbackCors: boolean;
    /** Serve dist's *.map files (in development only: NODE_ENV=development). */
    serveSourceMaps: boolean;
  };
  /** The order lifecycle (docs/operations.md): fulfilment webhook and unpaid-order expiry. */
  lifecycle: {
    /**
     * FULFILMENT_SECRET: HMAC key of POST /fulfilment/events and GET /fulfilment/orders; null turns
     * both off (404). At least 32 characters outside development (server/infra/config.ts isDevelopment).
     */
    fulfilmentSecret: string | null;
    /**
     * DATA_KEY: the key that encrypts a cash-on-delivery return's refund account at rest
     * (server/returns/account-cipher.ts). Unset: a random key kept in DATA_DIR/data.key, made on first use.
     */
    dataKey?: string | null;
    /** ORDER_PAYMENT_WINDOW: how long an order may stay Pending before the expiry job cancels it. */
    paymentWindowMs: number;
    /**
     * ORDER_PAYMENT_REMINDER: how long after placement an order still waiting for its payment is
     * mailed a reminder with its pay-by time (shorter than the window; an order paid or cash on
     * delivery by then gets no reminder, only its confirmation).
     */
    paymentReminderMs: number;
  };
  /**
   * Mail (server/mail/): every mail is a row of the outbox table, delivered by each process's worker
   * through SMTP_URL (nodemailer) or, without it, kept in this process's memory.
   */
  mail: {
    smtpUrl: string | null;
    mailFrom: string;
    /** Serve the outbox at /api/dev/outbox: only with DEV_OUTBOX=1 (refused outside development). */
    devOutbox: boolean;
    /** HMAC key of password-reset links (RESET_SECRET, else random per process). */
    resetSecret: string;
    /** MAIL_RETRY_BASE: the first retry of a failed mail waits this long, each next one twice as long. */
    retryBaseMs: number;
    /** MAIL_POLL: how often the worker looks for due mail. */
    pollMs: number;
    /** MAIL_SEND_TIMEOUT: a send not finished by then has failed; a claim lasts twice as long. */
    sendTimeoutMs: number;
  };
}

/** What every handler factory receives. */
export interface AppContext {
  db: Database;
  config: ServerConfig;
  store: StoreInfo;
  /** Where orders leave from and each zone's days (store.config.json `delivery`); unset: no estimates. */
  delivery?: DeliveryConfig | null;
  log: FastifyBaseLogger;
  /** Where account mail (password reset) is sent; buildApp creates it from config.mail unless given. */
  mailer?: Mailer;
  /**
   * Where the failed-sign-in throttle counts (server/infra/window-counter.ts): Redis when REDIS_URL is set,
   * else this process. Unset in a hand-made context: each throttle then counts on its own.
   */
  limits?: WindowCounter;
  /**
   * Mail sent after the answer (server/mail/queue.ts); the users handlers create it when unset. Tests
   * await `mailQueue.idle()` before reading the outbox.
   */
  mailQueue?: MailQueue;
}
