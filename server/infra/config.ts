import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELD_PRODUCTS } from '../catalogue/snapshot-load';
import type { PaymentsConfig, ServerConfig } from '../context';

/**
 * The repository root, where package.json is: default paths resolve from here, not from the shell's
 * cwd. Found by walking up from this module, so it is the same for server/infra/config.ts run through tsx and
 * for the compiled server in dist/.server/ (scripts/server-bundle.ts).
 */
export const PROJECT_ROOT = projectRoot(dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..');
  }
}

/** The per-IP rate limits the server applies unless RATE_LIMIT_* overrides them. */
export const DEFAULT_RATE_LIMIT: ServerConfig['rateLimit'] = {
  /** Failed POST /users/authorize attempts per IP + email (correct sign-ins never count). */
  authMax: 10,
  /** POST /users/register per IP. */
  registerMax: 50,
  /**
   * GET /orders/{orderId} per IP by guests and by signed-in shoppers reading someone else's order:
   * order tracking is the enumeration surface. An owner reading their own order counts only globally.
   */
  trackMax: 60,
  /** POST /users/password-reset per IP (each address also gets at most 3 reset mails an hour). */
  resetMax: 10,
  /** POST /contact and POST /newsletter/subscriptions per IP (each sends mail). */
  contactMax: 10,
  /**
   * Every other API call per IP. One address often stands for many shoppers: mobile carriers in India
   * put thousands of phones behind carrier-grade NAT, and a campus or office shares one exit. A page
   * view costs 2-6 API calls (files and images are exempt: they come from memory), so 20,000 a minute
   * lets ~500 busy shoppers share an address, while one client hammering the API still gets 429s long
   * before it matters: catalogue reads are served from memory, and the costly operations (sign-in,
   * register, order tracking) keep their own far lower limits.
   */
  globalMax: 20_000,
  windowMs: 60_000,
} as const;

/**
 * What one order may hold unless MAX_LINE_QUANTITY / MAX_ORDER_VALUE override it. Ten of one line is
 * already a bulk buy of clothing (spec: bulk orders ship in 10-15 business days). ₹10,00,000 is ten
 * times the usual UPI per-payment limit (₹1,00,000) and far above any shopper's basket, yet bounds what
 * one request can commit the shop to; a larger (B2B) order is a configuration, not a 500.
 */
const DEFAULT_ORDER_LIMITS = { maxLineQuantity: 10, maxTotalRupees: 10_00_000 } as const;
/** The contract's own bound on one line's quantity (openapi.yaml), which MAX_LINE_QUANTITY may not pass. */
const CONTRACT_MAX_QUANTITY = 99;
/** MAX_ORDER_VALUE's ceiling: nine digits of rupees, what a gateway's echoed amount may hold (parseRupees). */
const MAX_ORDER_VALUE_CEILING = 999_999_999;

type Env = Record<string, string | undefined>;

/**
 * COD_LIMIT's default in rupees: cash on delivery up to ₹10,000. A courier carries the cash, so most
 * Indian couriers cap COD per parcel; a larger basket is paid online.
 */
export const DEFAULT_COD_LIMIT_RUPEES = 10_000;

function intFrom(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  }
  return value;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A duration: milliseconds as a bare integer, or a number with ms, s, m or h ("30m", "90s", "2h"). */
function durationFrom(env: Env, name: string, fallbackMs: number, minMs = 1000): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallbackMs;
  const match = /^(\d+)(ms|s|m|h)?$/.exec(raw);
  const value = match ? Number(match[1]) * (DURATION_UNITS[match[2] ?? 'ms'] ?? 1) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < minMs)
    throw new Error(
      `${name} must be a duration of at least ${minMs} ms, such as "30m", "90s" or milliseconds (got "${raw}")`,
    );
  return value;
}

/** ORDER_PAYMENT_WINDOW's default: an order unpaid for 30 minutes is cancelled. */
const DEFAULT_PAYMENT_WINDOW_MS = 30 * 60_000;
/** ORDER_PAYMENT_REMINDER's default: an order still unpaid after 10 minutes is reminded once. */
const DEFAULT_PAYMENT_REMINDER_MS = 10 * 60_000;
/** MAIL_RETRY_BASE: the outbox worker's first retry of a failed mail (then doubling, at most an hour). */
const DEFAULT_MAIL_RETRY_BASE_MS = 30_000;
/** MAIL_POLL: how often each process's outbox worker looks for mail to send. */
const DEFAULT_MAIL_POLL_MS = 1000;
/** MAIL_SEND_TIMEOUT: a send not finished by then has failed (and is retried). */
const DEFAULT_MAIL_SEND_TIMEOUT_MS = 60_000;
/** A signing secret's shortest length in production: 32 characters (e.g. 16 random bytes as hex). */
const MIN_SECRET = 32;

/**
 * The one development setting: NODE_ENV=development (or `test`, which vitest sets), in any case.
 * Without it every production guard is on — a configured gateway or PAYMENTS=sandbox with its banner,
 * 32-character secrets, no source maps, no loopback CORS, no DEV_OUTBOX, PUBLIC_URL beside SMTP_URL —
 * so a unit file that leaves NODE_ENV unset, or says `staging`, fails closed. `npm run dev:server`
 * sets it.
 */
export function isDevelopment(env: Env): boolean {
  const mode = env.NODE_ENV?.trim().toLowerCase();
  return mode === 'development' || mode === 'test';
}

/** How a refusal names the production it applies: `NODE_ENV=production`, or why another value is one. */
function productionNamed(env: Env): string {
  const mode = nonEmpty(env.NODE_ENV);
  if (mode === 'production') return 'NODE_ENV=production';
  return `${mode === null ? 'NODE_ENV unset' : `NODE_ENV=${mode}`} (production: only NODE_ENV=development turns the production guards off)`;
}

/**
 * Signing secrets (gateway confirmations, reset links, fulfilment webhooks): a short one set in
 * production is refused, naming it. Unset, SANDBOX_SECRET and RESET_SECRET are random per process.
 */
function checkSecretLengths(env: Env, names: readonly string[]): void {
  if (isDevelopment(env)) return;
  for (const name of names) {
    const secret = nonEmpty(env[name]);
    if (secret !== null && secret.length < MIN_SECRET)
      throw new Error(
        `${name} must be at least ${MIN_SECRET} characters with ${productionNamed(env)} (got ${secret.length}); e.g. openssl rand -hex 32`,
      );
  }
}

/**
 * FULFILMENT_SECRET, ORDER_PAYMENT_WINDOW and ORDER_PAYMENT_REMINDER (shorter than the window: a
 * reminder after the order is cancelled would ask for a payment nobody can make). A short secret is
 * refused in production.
 */
export function lifecycleConfigFrom(env: Env): ServerConfig['lifecycle'] {
  checkSecretLengths(env, ['FULFILMENT_SECRET']);
  const fulfilmentSecret = nonEmpty(env.FULFILMENT_SECRET);
  const paymentWindowMs = durationFrom(env, 'ORDER_PAYMENT_WINDOW', DEFAULT_PAYMENT_WINDOW_MS);
  const paymentReminderMs = durationFrom(
    env,
    'ORDER_PAYMENT_REMINDER',
    Math.min(DEFAULT_PAYMENT_REMINDER_MS, Math.floor(paymentWindowMs / 3)),
    100,
  );
  if (paymentReminderMs >= paymentWindowMs)
    throw new Error(
      `ORDER_PAYMENT_REMINDER must be shorter than ORDER_PAYMENT_WINDOW (${paymentReminderMs} ms is not under ${paymentWindowMs} ms)`,
    );
  checkSecretLengths(env, ['DATA_KEY']);
  return { fulfilmentSecret, paymentWindowMs, paymentReminderMs, dataKey: nonEmpty(env.DATA_KEY) };
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function paymentsConfigFrom(
  env: Env,
  storeUpi?: { vpa: string; payeeName: string } | null,
): PaymentsConfig {
  const mode = paymentsModeFrom(env);
  const key = nonEmpty(env.PAYU_KEY);
  const salt = nonEmpty(env.PAYU_SALT);
  const payu =
    mode === 'payu' && key && salt
      ? ({ key, salt, mode: env.PAYU_MODE === 'live' ? 'live' : 'test' } as const)
      : null;
  return {
    provider: payu ? 'payu' : 'sandbox',
    // A random secret per process is fine for the sandbox: its signatures only live as long as the page.
    sandboxSecret: nonEmpty(env.SANDBOX_SECRET) ?? randomBytes(32).toString('base64url'),
    payu,
    upiVpa: nonEmpty(env.UPI_VPA) ?? storeUpi?.vpa ?? '',
    upiPayeeName: nonEmpty(env.UPI_PAYEE_NAME) ?? storeUpi?.payeeName ?? '',
    sandboxBanner: !payu && !isDevelopment(env),
    codLimitPaise: codLimitFrom(env) * 100,
  };
}

/** COD_LIMIT: whole rupees, 0 (cash on delivery off) up to MAX_ORDER_VALUE's ceiling. */
export function codLimitFrom(env: Env): number {
  const raw = env.COD_LIMIT?.trim();
  if (raw === undefined || raw === '') return DEFAULT_COD_LIMIT_RUPEES;
  const rupees = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(rupees) || rupees > MAX_ORDER_VALUE_CEILING)
    throw new Error(
      `COD_LIMIT must be whole rupees from 0 (cash on delivery off) to ${MAX_ORDER_VALUE_CEILING}, such as 10000 (got "${env.COD_LIMIT}")`,
    );
  return rupees;
}

/** The gateway new payments go to, as PAYMENTS chooses it (see paymentsModeFrom). */
export type PaymentsMode = 'sandbox' | 'payu';

/**
 * PAYMENTS picks the live gateway and fails closed: `payu` needs PAYU_KEY and PAYU_SALT; `sandbox`
 * runs the self-approving sandbox (no money moves) even in production. Unset, it is `payu` when both
 * PayU keys are set, the sandbox in development (isDevelopment), and a refusal to start otherwise:
 * a shop must never take orders for free because a key went missing. One PayU key without the other
 * is always refused (a half-done configuration, whatever PAYMENTS says).
 */
export function paymentsModeFrom(env: Env): PaymentsMode {
  const key = nonEmpty(env.PAYU_KEY);
  const salt = nonEmpty(env.PAYU_SALT);
  if ((key === null) !== (salt === null)) {
    const [set, unset] = key ? ['PAYU_KEY', 'PAYU_SALT'] : ['PAYU_SALT', 'PAYU_KEY'];
    throw new Error(
      `${set} is set but ${unset} is not: PayU needs both (the merchant key and salt from the PayU dashboard); ` +
        `set ${unset}, or unset ${set} to run without PayU`,
    );
  }
  const chosen = nonEmpty(env.PAYMENTS)?.toLowerCase() ?? null;
  if (chosen !== null && chosen !== 'sandbox' && chosen !== 'payu')
    throw new Error(`PAYMENTS must be "sandbox" or "payu" (got "${env.PAYMENTS}")`);
  if (chosen === 'sandbox') return 'sandbox';
  if (key && salt) return 'payu';
  if (chosen === 'payu')
    throw new Error(
      'PAYMENTS=payu needs PAYU_KEY and PAYU_SALT (the merchant key and salt from the PayU dashboard)',
    );
  if (!isDevelopment(env))
    throw new Error(
      `${productionNamed(env)} but no payment gateway is configured: set PAYU_KEY and PAYU_SALT to take payments ` +
        'through PayU, or PAYMENTS=sandbox to run the sandbox on purpose (every payment is approved, no money moves)',
    );
  return 'sandbox';
}

/**
 * TRUST_PROXY: which peers may tell us the client's address and protocol (X-Forwarded-For/-Proto/-Host).
 * Unset/`false`/`0` trusts none. A hop count (`1`, `2`…) trusts that many proxies in front of us: the
 * client is the address that many entries from the right of X-Forwarded-For, so addresses a client
 * wrote itself further left are never read. `true` means one hop (the usual single nginx). Otherwise a
 * comma-separated list of proxy addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`). Never "trust any
 * peer": that let every client choose its own address, and with it its rate limits.
 */
export function trustProxyFrom(raw: string | undefined): false | number | string[] {
  const value = nonEmpty(raw)?.toLowerCase();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY hop count must be from 1 to 10 (got ${value})`);
    return hops;
  }
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const bad = entries.find((entry) => !/^[0-9a-f.:]+(\/\d{1,3})?$/.test(entry) && !PROXY_NAMES.has(entry));
  if (bad !== undefined)
    throw new Error(
      `TRUST_PROXY must be a hop count (1, 2…), true (one hop), or proxy addresses/CIDRs such as 127.0.0.1,10.0.0.0/8 (got "${bad}")`,
    );
  return entries;
}

/** proxy-addr's named ranges, accepted in a TRUST_PROXY list. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Several processes (WORKERS > 1, or REDIS_URL, which only makes sense when limits are shared) must
 * agree on the HMAC keys: a sandbox payment page or a password-reset link signed by one process is
 * checked by whichever process the next request reaches. A random key per process would fail those at
 * random, so refuse to start instead. PGlite is one process's database: workers need PostgreSQL.
 */
function checkMultiProcess(
  env: Env,
  {
    databaseUrl,
    redisUrl,
    workers,
  }: { databaseUrl: string | null; redisUrl: string | null; workers: number },
): void {
  if (workers > 1 && !databaseUrl)
    throw new Error(
      `WORKERS=${workers} needs DATABASE_URL: PGlite (the default database) serves one process only`,
    );
  if (workers <= 1 && !redisUrl) return;
  const why = workers > 1 ? `WORKERS=${workers}` : 'REDIS_URL is set';
  const missing = ['SANDBOX_SECRET', 'RESET_SECRET'].filter((name) => !nonEmpty(env[name]));
  if (missing.length > 0)
    throw new Error(
      `${why}, so several processes serve this shop and must share their signing keys: set ${missing.join(' and ')} ` +
        '(the same long random value on every process, e.g. `openssl rand -base64 32`)',
    );
}

/**
 * Mail is the one place a link leaves the shop without a request to take its origin from, so every
 * link in it comes from PUBLIC_URL (else this machine's loopback origin): a production shop that sends
 * real mail (SMTP_URL) must say where it lives. The development outbox, which shows every reset link
 * to whoever asks, exists only when asked for (DEV_OUTBOX=1) and never in production.
 */
function checkMail(env: Env, publicUrl: string | null): void {
  if (isDevelopment(env)) return;
  if (nonEmpty(env.SMTP_URL) && !publicUrl)
    throw new Error(
      'SMTP_URL is set but PUBLIC_URL is not: the links in account mail (password reset) are built only ' +
        'from PUBLIC_URL, never from the Host a request names; set PUBLIC_URL to the address shoppers use, ' +
        'e.g. https://shop.example.in',
    );
  if (env.DEV_OUTBOX === '1')
    throw new Error(
      `DEV_OUTBOX=1 serves every mail (with its reset links) to anyone at /api/dev/outbox: only with NODE_ENV=development (got ${productionNamed(env)})`,
    );
}

/**
 * Where the data lives: DATABASE_URL (PostgreSQL), else the PGlite folder DATA_DIR. All that a tool
 * such as `npm run seed` needs, so it starts whatever NODE_ENV says about payments or secrets.
 */
export function databaseConfigFrom(
  env: Env,
): Pick<ServerConfig, 'dataDir' | 'databaseUrl' | 'pgliteSharedBuffers'> {
  const pgliteSharedBuffers = nonEmpty(env.PGLITE_SHARED_BUFFERS) ?? DEFAULT_PGLITE_SHARED_BUFFERS;
  if (!/^\d+(kB|MB|GB)$/.test(pgliteSharedBuffers))
    throw new Error(
      `PGLITE_SHARED_BUFFERS must be a size such as 16MB or 256MB (got "${pgliteSharedBuffers}")`,
    );
  return {
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? './.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    pgliteSharedBuffers,
  };
}

/**
 * PGlite's page cache (PostgreSQL's shared_buffers, 128MB unless told), inside its WebAssembly memory:
 * the demo catalogue's tables fit in a few MB, and an idle server holds every page of the cache it once
 * touched. A larger shop on PGlite raises it (docs/performance.md, "Memory").
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '16MB';

/** Reads the server's configuration from the environment (see the README's configuration table). */
export function loadConfig(env: Env = process.env): ServerConfig {
  const port = intFrom(env, 'PORT', 8044);
  if (port > 65535) throw new Error(`PORT must be at most 65535 (got ${port})`);
  const distDir = resolve(PROJECT_ROOT, 'dist');
  const rateLimit: ServerConfig['rateLimit'] = {
    authMax: intFrom(env, 'RATE_LIMIT_AUTH_MAX', DEFAULT_RATE_LIMIT.authMax, 1),
    registerMax: intFrom(env, 'RATE_LIMIT_REGISTER_MAX', DEFAULT_RATE_LIMIT.registerMax, 1),
    trackMax: intFrom(env, 'RATE_LIMIT_TRACK_MAX', DEFAULT_RATE_LIMIT.trackMax, 1),
    resetMax: intFrom(env, 'RATE_LIMIT_RESET_MAX', DEFAULT_RATE_LIMIT.resetMax, 1),
    contactMax: intFrom(env, 'RATE_LIMIT_CONTACT_MAX', DEFAULT_RATE_LIMIT.contactMax, 1),
    globalMax: intFrom(env, 'RATE_LIMIT_GLOBAL_MAX', DEFAULT_RATE_LIMIT.globalMax, 1),
    windowMs: intFrom(env, 'RATE_LIMIT_WINDOW_MS', DEFAULT_RATE_LIMIT.windowMs, 1000),
  };
  const maxLineQuantity = intFrom(env, 'MAX_LINE_QUANTITY', DEFAULT_ORDER_LIMITS.maxLineQuantity, 1);
  if (maxLineQuantity > CONTRACT_MAX_QUANTITY)
    throw new Error(`MAX_LINE_QUANTITY must be at most ${CONTRACT_MAX_QUANTITY} (got ${maxLineQuantity})`);
  const maxOrderRupees = intFrom(env, 'MAX_ORDER_VALUE', DEFAULT_ORDER_LIMITS.maxTotalRupees, 1);
  if (maxOrderRupees > MAX_ORDER_VALUE_CEILING)
    throw new Error(
      `MAX_ORDER_VALUE must be at most ${MAX_ORDER_VALUE_CEILING} rupees (got ${maxOrderRupees})`,
    );
  const { dataDir, databaseUrl, pgliteSharedBuffers } = databaseConfigFrom(env);
  const redisUrl = nonEmpty(env.REDIS_URL);
  const workers = intFrom(env, 'WORKERS', 1, 1);
  checkMultiProcess(env, { databaseUrl, redisUrl, workers });
  checkSecretLengths(env, ['SANDBOX_SECRET', 'RESET_SECRET']);
  const publicUrl = nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, '') ?? null;
  if (publicUrl !== null && (!/^https?:\/\/[^/\s]+/.test(publicUrl) || !URL.canParse(publicUrl))) {
    throw new Error(
      `PUBLIC_URL must be an absolute http(s) URL such as https://shop.example.in (got "${publicUrl}")`,
    );
  }
  checkMail(env, publicUrl);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    pgliteSharedBuffers,
    redisUrl,
    workers,
    catalogueHeldProducts: intFrom(env, 'CATALOGUE_HELD_PRODUCTS', HELD_PRODUCTS),
    publicUrl,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    staticDir: existsSync(resolve(distDir, 'index.html')) ? distDir : null,
    storeConfigPath: resolve(nonEmpty(env.STORE_CONFIG) ?? resolve(PROJECT_ROOT, 'store.config.json')),
    payments: paymentsConfigFrom(env),
    orders: { maxLineQuantity, maxTotalPaise: maxOrderRupees * 100 },
    lifecycle: lifecycleConfigFrom(env),
    rateLimit,
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    http: httpHardeningFrom(env),
    mail: {
      smtpUrl: nonEmpty(env.SMTP_URL),
      mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Statefront <no-reply@statefront.invalid>',
      devOutbox: env.DEV_OUTBOX === '1',
      resetSecret: nonEmpty(env.RESET_SECRET) ?? randomBytes(32).toString('base64url'),
      retryBaseMs: durationFrom(env, 'MAIL_RETRY_BASE', DEFAULT_MAIL_RETRY_BASE_MS, 100),
      pollMs: durationFrom(env, 'MAIL_POLL', DEFAULT_MAIL_POLL_MS, 50),
      sendTimeoutMs: durationFrom(env, 'MAIL_SEND_TIMEOUT', DEFAULT_MAIL_SEND_TIMEOUT_MS),
    },
  };
}

/**
 * What production hides that development shows. CORS_ORIGINS: origins (comma-separated) allowed to call
 * the API from a browser with credentials, besides PUBLIC_URL's; in development any loopback
 * origin (the Vite dev server) is allowed too. Source maps stay in dist/ (an operator can still decode a
 * stack trace or upload them to an error tracker) but are served only in development (isDevelopment).
 */
export function httpHardeningFrom(env: Env): ServerConfig['http'] {
  const production = !isDevelopment(env);
  const corsOrigins = (nonEmpty(env.CORS_ORIGINS) ?? '')
    .split(',')
    .map((part) => part.trim().replace(/\/+$/, ''))
    .filter((part) => part !== '');
  for (const origin of corsOrigins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(
        `CORS_ORIGINS must be origins such as https://admin.example.in,http://localhost:5173 (got "${origin}")`,
      );
  }
  return { corsOrigins, loopbackCors: !production, serveSourceMaps: !production };
}
