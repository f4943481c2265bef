import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentsConfig, ServerConfig } from './context';

/** Repository root (server/..): default paths resolve from here, not from the shell's cwd. */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The per-IP rate limits the server applies unless RATE_LIMIT_* overrides them. */
export const DEFAULT_RATE_LIMIT: ServerConfig['rateLimit'] = {
  /** Failed POST /users/authorize attempts per IP + email (correct sign-ins never count). */
  authMax: 10,
  /** POST /users/register per IP. */
  registerMax: 50,
  /** GET /orders/{orderId} per IP: order tracking is the enumeration surface. */
  trackMax: 60,
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
export const DEFAULT_ORDER_LIMITS = { maxLineQuantity: 10, maxTotalRupees: 10_00_000 } as const;
/** The contract's own bound on one line's quantity (openapi.yaml), which MAX_LINE_QUANTITY may not pass. */
export const CONTRACT_MAX_QUANTITY = 99;
/** MAX_ORDER_VALUE's ceiling: nine digits of rupees, what a gateway's echoed amount may hold (parseRupees). */
const MAX_ORDER_VALUE_CEILING = 999_999_999;

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  }
  return value;
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function paymentsConfigFrom(
  env: Env,
  storeUpi?: { vpa: string; payeeName: string } | null,
): PaymentsConfig {
  const key = nonEmpty(env.PAYU_KEY);
  const salt = nonEmpty(env.PAYU_SALT);
  const mode = env.PAYU_MODE === 'live' ? 'live' : 'test';
  return {
    provider: key && salt ? 'payu' : 'sandbox',
    // A random secret per process is fine for the sandbox: its signatures only live as long as the page.
    sandboxSecret: nonEmpty(env.SANDBOX_SECRET) ?? randomBytes(32).toString('base64url'),
    payu: key && salt ? { key, salt, mode } : null,
    upiVpa: nonEmpty(env.UPI_VPA) ?? storeUpi?.vpa ?? '',
    upiPayeeName: nonEmpty(env.UPI_PAYEE_NAME) ?? storeUpi?.payeeName ?? '',
  };
}

/**
 * TRUST_PROXY: unset/`false`/`0` trusts no proxy (X-Forwarded-* ignored); `true`/`1` trusts any peer;
 * otherwise a comma-separated list of proxy addresses or CIDRs (e.g. `127.0.0.1,10.0.0.0/8`).
 */
export function trustProxyFrom(raw: string | undefined): boolean | string[] {
  const value = nonEmpty(raw)?.toLowerCase();
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

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

/** Reads the server's configuration from the environment (see the README's configuration table). */
export function loadConfig(env: Env = process.env): ServerConfig {
  const port = intFrom(env, 'PORT', 8044);
  if (port > 65535) throw new Error(`PORT must be at most 65535 (got ${port})`);
  const distDir = resolve(PROJECT_ROOT, 'dist');
  const rateLimit: ServerConfig['rateLimit'] = {
    authMax: intFrom(env, 'RATE_LIMIT_AUTH_MAX', DEFAULT_RATE_LIMIT.authMax, 1),
    registerMax: intFrom(env, 'RATE_LIMIT_REGISTER_MAX', DEFAULT_RATE_LIMIT.registerMax, 1),
    trackMax: intFrom(env, 'RATE_LIMIT_TRACK_MAX', DEFAULT_RATE_LIMIT.trackMax, 1),
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
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const redisUrl = nonEmpty(env.REDIS_URL);
  const workers = intFrom(env, 'WORKERS', 1, 1);
  checkMultiProcess(env, { databaseUrl, redisUrl, workers });
  const publicUrl = nonEmpty(env.PUBLIC_URL)?.replace(/\/+$/, '') ?? null;
  if (publicUrl !== null && (!/^https?:\/\/[^/\s]+/.test(publicUrl) || !URL.canParse(publicUrl))) {
    throw new Error(
      `PUBLIC_URL must be an absolute http(s) URL such as https://shop.example.in (got "${publicUrl}")`,
    );
  }
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: resolve(nonEmpty(env.DATA_DIR) ?? './.data'),
    databaseUrl,
    redisUrl,
    workers,
    publicUrl,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    staticDir: existsSync(resolve(distDir, 'index.html')) ? distDir : null,
    storeConfigPath: resolve(nonEmpty(env.STORE_CONFIG) ?? resolve(PROJECT_ROOT, 'store.config.json')),
    payments: paymentsConfigFrom(env),
    orders: { maxLineQuantity, maxTotalPaise: maxOrderRupees * 100 },
    rateLimit,
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    mail: {
      smtpUrl: nonEmpty(env.SMTP_URL),
      mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Statefront <no-reply@statefront.invalid>',
      devOutbox: env.NODE_ENV !== 'production',
      resetSecret: nonEmpty(env.RESET_SECRET) ?? randomBytes(32).toString('base64url'),
    },
  };
}
