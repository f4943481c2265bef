import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { components } from '../../contract/schema';
import type { DeliveryConfig } from '../../server/addresses/delivery';
import { buildApp } from '../../server/app';
import type { AppContext, ServerConfig, StoreInfo } from '../../server/context';
import { openDatabase } from '../../server/db/client';
import { paymentAttempts } from '../../server/db/schema';
import { type SeedProduct, seedProducts } from '../../server/db/seed';
import { loadConfig } from '../../server/infra/config';
import type { Mail, Mailer } from '../../server/mail/mailer';
import { signFulfilment } from '../../server/orders/fulfilment.handlers';
import { settleAttempt } from '../../server/payments/payments.repository';
import type { PaymentGateway } from '../../server/payments/provider';
import { sandboxSignature } from '../../server/payments/sandbox';
import type { PageRenderer } from '../../shared/first-screen';
import { testPostgresUrl } from '../setup/database-template';
import { freshDatabase } from '../setup/postgres';
import { copySeededPglite } from '../setup/seeded-pglite';
import { DEFAULT_SHIPPING } from './fixtures';

export { DEFAULT_SHIPPING };

export type Order = components['schemas']['Order'];
export type PaymentResponse = components['schemas']['PaymentResponse'];
export type PaymentField = components['schemas']['PaymentField'];
export type Product = components['schemas']['Product'];
export type ProductPage = components['schemas']['ProductPage'];

export const API = '/api/v1';

/** A complete store config for tests, independent of the demo store.config.json. */
export const TEST_STORE: StoreInfo = {
  storeName: 'Statefront Test',
  companyName: 'Statefront Apparel Pvt. Ltd.',
  companyAddress: 'Plot 7, Sector 63, Noida, Uttar Pradesh 201301',
  companyEmail: 'care@statefront.in',
  companyPhone: '+91 120 456 7890',
  companyLogoUrl: '/images/logo.svg',
  description: 'Everyday T-shirts, tops and ethnic wear, made in India.',
  categories: ['T Shirts', 'Tops', 'Men', 'Women', 'Accessories'],
  categoryImages: { 'T Shirts': '/images/categories/t-shirts.svg' },
  policies: { shipping: '<p>Free shipping across India.</p>' },
};

/**
 * Test config: development (the sandbox without its banner), no SPA, no logs, rate limits out of the
 * way unless a test sets them.
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({ NODE_ENV: 'development', SANDBOX_SECRET: 'test-sandbox-secret' });
  return {
    ...base,
    staticDir: null,
    logLevel: 'silent',
    ...overrides,
    rateLimit: {
      authMax: 10_000,
      trackMax: 10_000,
      resetMax: 10_000,
      contactMax: 10_000,
      globalMax: 100_000,
      windowMs: 60_000,
      registerMax: 10_000,
      ...overrides.rateLimit,
    } as ServerConfig['rateLimit'],
  };
}

/** Config with the fulfilment webhook on (signed with `secret`), for tests that ship and deliver. */
export function fulfilmentConfig(secret: string): Partial<ServerConfig> {
  return { lifecycle: { ...testConfig().lifecycle, fulfilmentSecret: secret } };
}

/** The shop's UPI payee, for the tests of the UPI QR code and link. */
export const TEST_UPI = { upiVpa: 'statefront@upi', upiPayeeName: 'Statefront Clothing' };

/** Payments through the sandbox gateway alone, its pages signed with `secret`; no UPI payee unless given. */
export function sandboxPayments(
  secret: string,
  extra: Partial<ServerConfig['payments']> = {},
): ServerConfig['payments'] {
  return { ...testConfig().payments, provider: 'sandbox', sandboxSecret: secret, payu: null, ...extra };
}

/** A database of its own on TEST_PG_URL's server (the PostgreSQL pass of the suite): its URL and a drop. */
export const freshPostgres = (template?: string) => freshDatabase(testPostgresUrl(), 'sf_test_', template);

let realCatalogue: SeedProduct[] | undefined;
async function catalogue(): Promise<SeedProduct[]> {
  realCatalogue ??= (await import('../../server/catalogue/catalogue')).catalogue;
  return realCatalogue;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
}

interface TestAppOptions {
  store?: StoreInfo;
  products?: SeedProduct[];
  gateways?: readonly PaymentGateway[];
  /** A Redis to share the limits in (server/infra/window-counter.ts). */
  redis?: Redis;
  /** React's page renderer (src/entry-server.tsx). */
  pageRenderer?: PageRenderer;
  /** Where the outbox's mail goes (default: this process's memory). */
  mailer?: Mailer;
  /** Where orders leave from and each zone's days (store.config.json `delivery`; default: none). */
  delivery?: DeliveryConfig;
}

/**
 * The run's seeded database of `kind` (tests/setup/database-template.ts), when the project's global
 * setup made one: not in the projects without it (security, services).
 */
function template(kind: 'pgliteTemplate' | 'postgresTemplate'): string | null {
  try {
    return inject(kind) ?? null;
  } catch {
    return null;
  }
}

/**
 * A built app on a fresh database (a new PGlite folder, or with TEST_DATABASE=postgres a new
 * database on the local server), migrated and seeded with the real catalogue (or `products`). No port
 * is opened. An app with the real catalogue starts from a copy of the run's seeded database.
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const cleanups: Array<() => Promise<void> | void> = [];
  let config: ServerConfig;
  let seeded = false;
  if (process.env.TEST_DATABASE === 'postgres') {
    const copied = options.products ? null : template('postgresTemplate');
    const pgDb = await freshPostgres(copied ?? undefined);
    cleanups.push(pgDb.drop);
    config = testConfig({ ...overrides, databaseUrl: pgDb.url });
    seeded = copied !== null;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'statefront-test-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    config = testConfig({ dataDir, ...overrides, databaseUrl: null });
    const copied = options.products ? null : template('pgliteTemplate');
    // A folder the test named and already used keeps what it holds.
    if (copied && config.dataDir && !existsSync(join(config.dataDir, 'pglite'))) {
      copySeededPglite(copied, config.dataDir);
      seeded = true;
    }
  }
  const database = await openDatabase(config);
  cleanups.unshift(database.close);
  if (!seeded) await seedProducts(database.db, options.products ?? (await catalogue()));
  const store = options.store ?? TEST_STORE;
  const app = await buildApp({
    config,
    db: database.db,
    store,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    ...(options.gateways ? { gateways: options.gateways } : {}),
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.pageRenderer ? { pageRenderer: options.pageRenderer } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.delivery ? { delivery: options.delivery } : {}),
  });
  await app.ready();
  const ctx: AppContext = { db: database.db, config, store, log: app.log };
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      for (const cleanup of cleanups) await cleanup();
    },
  };
}

/**
 * One app for the tests of the file (or of the describe block) it is called in: built before the
 * first of them, closed after the last. The handle is filled in by beforeAll, so read it inside tests
 * and hooks, not at collection time. Config given as a function is read then too, so it may use
 * values other hooks set up first.
 */
export function setupTestApp(
  overrides: Partial<ServerConfig> | (() => Partial<ServerConfig>) = {},
  options: TestAppOptions | (() => TestAppOptions) = {},
): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    const config = typeof overrides === 'function' ? overrides() : overrides;
    Object.assign(handle, await createTestApp(config, typeof options === 'function' ? options() : options));
  }, 60_000);
  afterAll(async () => {
    await handle.close?.();
  }, 60_000);
  return handle;
}

/**
 * Runs `use` on an app of its own (createTestApp), for the one test that needs other config than the
 * file's app; closes it afterwards whatever happens.
 */
export async function withTestApp<T>(
  overrides: Partial<ServerConfig>,
  options: TestAppOptions,
  use: (t: TestApp) => Promise<T>,
): Promise<T> {
  const t = await createTestApp(overrides, options);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

/**
 * A fake build (what `vite build` leaves in dist/) in a temp folder: each key of `files` a path in it,
 * each value that file's content. An empty assets/ is there even when no file names it, as in a build.
 */
export function writeBuild(files: Record<string, string | Uint8Array>): string {
  const dir = mkdtempSync(join(tmpdir(), 'statefront-dist-'));
  mkdirSync(join(dir, 'assets'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/**
 * writeBuild(files) for the tests of the file (or describe block): written before them, removed after.
 * Call it before setupTestApp, whose config (given as a function) can then serve `build.dir`.
 */
export function setupBuild(files: Record<string, string | Uint8Array>): { dir: string } {
  const build = { dir: '' };
  beforeAll(() => {
    build.dir = writeBuild(files);
  });
  afterAll(() => {
    if (build.dir) rmSync(build.dir, { recursive: true, force: true });
  });
  return build;
}

export interface TestShopper {
  token: string;
  email: string;
  password: string;
  phone: string;
}

/** Registers a new account (unique email unless given) and signs it in. */
export async function registerAndLogin(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<TestShopper> {
  const account = {
    email: `shopper-${randomBytes(5).toString('hex')}@example.in`,
    password: 'saree-sunday-42',
    firstName: 'Asha',
    lastName: 'Verma',
    ...overrides,
  };
  const registered = await app.inject({ method: 'POST', url: `${API}/users/register`, payload: account });
  if (registered.statusCode !== 201)
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const login = await app.inject({
    method: 'POST',
    url: `${API}/users/authorize`,
    payload: { email: account.email, password: account.password },
  });
  if (login.statusCode !== 200) throw new Error(`authorize failed: ${login.statusCode} ${login.body}`);
  return {
    token: login.json<{ token: string }>().token,
    email: account.email.trim().toLowerCase(),
    password: account.password,
    phone: DEFAULT_SHIPPING.phone,
  };
}

/**
 * A shopper registered and signed in on `t` before the tests (after `t` is built, as setupTestApp's
 * hook runs first); filled in by beforeAll like the app handle.
 */
export function setupShopper(
  t: TestApp,
  overrides: Parameters<typeof registerAndLogin>[1] = {},
): TestShopper {
  const shopper = {} as TestShopper;
  beforeAll(async () => {
    Object.assign(shopper, await registerAndLogin(t.app, overrides));
  }, 60_000);
  return shopper;
}

/** Two shoppers, Asha and Ravi, set up as setupShopper does: one account must not see the other's data. */
export function setupTwoShoppers(t: TestApp): { asha: TestShopper; ravi: TestShopper } {
  return { asha: setupShopper(t, { firstName: 'Asha' }), ravi: setupShopper(t, { firstName: 'Ravi' }) };
}

/** Places an order (by default one of the first product and two of the second) with DEFAULT_SHIPPING. */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  products?: Record<string, number>,
  shippingAddress: Partial<typeof DEFAULT_SHIPPING> = {},
): Promise<Order> {
  let map = products;
  if (!map) {
    const page = await app.inject({ method: 'GET', url: `${API}/products?limit=2` });
    const [first, second] = page.json<{ data: { id: string }[] }>().data;
    if (!first || !second) throw new Error('the test catalogue needs at least two products');
    map = { [first.id]: 1, [second.id]: 2 };
  }
  const response = await app.inject({
    method: 'POST',
    url: `${API}/orders`,
    headers: { authorization: `Bearer ${token}` },
    payload: { products: map, shippingAddress: { ...DEFAULT_SHIPPING, ...shippingAddress } },
  });
  if (response.statusCode !== 201)
    throw new Error(`createOrder failed: ${response.statusCode} ${response.body}`);
  return response.json<Order>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An operator's signed call (server/orders/fulfilment.handlers.ts) with a JSON body, signed over the
 * exact text sent (`body` as it is when a string, else as JSON.stringify writes it).
 */
export function injectSigned(
  t: Pick<TestApp, 'app'>,
  secret: string,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', 'x-statefront-signature': signFulfilment(secret, raw) },
    payload: raw,
  });
}

/**
 * A caller of the API under `${API}${base}` on `t`: as the shopper with `token` (anonymous when null),
 * with `payload` as the JSON body when given.
 */
export const apiCaller =
  (t: TestApp, base: string) =>
  (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${API}${base}${path}`,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** An account's list (addresses, wishlist) before anything is saved: 200, `{ items: [] }`, never cached. */
export async function expectEmptyAccountList(call: ReturnType<typeof apiCaller>, token: string) {
  const res = await call('GET', '', token);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ items: [] });
  expect(res.headers['cache-control']).toContain('no-store');
}

/** What the payment form sends for a card payment by DEFAULT_SHIPPING's shopper. */
const CARD_FIELDS = {
  payerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+919876543210',
  method: 'card',
} as const;

/**
 * Starts a payment (POST /payments) of `orderId` by card, or by `method`, with CARD_FIELDS: the answer,
 * and the sandbox attempt id its gateway URL names ('' when it names none, as on a refusal).
 */
export async function startPayment(
  app: FastifyInstance,
  token: string,
  orderId: string,
  method = 'card',
): Promise<{
  response: Awaited<ReturnType<FastifyInstance['inject']>>;
  body: PaymentResponse;
  attemptId: string;
}> {
  const response = await app.inject({
    method: 'POST',
    url: `${API}/payments`,
    headers: bearer(token),
    payload: { orderId, fields: { ...CARD_FIELDS, method } },
  });
  const body = response.json<PaymentResponse>();
  const url = body.action?.formParams?.url ?? body.redirectUrl ?? '';
  return { response, body, attemptId: decodeURIComponent(url.split('/payments/sandbox/')[1] ?? '') };
}

/**
 * Pays an order through the sandbox page's success button (the gateway must be the sandbox with
 * `sandboxSecret`); returns the attempt id. The order is then Processing.
 */
export async function paySandbox(
  t: Pick<TestApp, 'app' | 'ctx'>,
  token: string,
  orderId: string,
  sandboxSecret: string,
): Promise<string> {
  const { response: started, attemptId } = await startPayment(t.app, token, orderId);
  if (started.statusCode !== 200) throw new Error(`POST /payments: ${started.statusCode} ${started.body}`);
  const [attempt] = await t.ctx.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  const completed = await t.app.inject({
    method: 'POST',
    url: `${API}/payments/sandbox/${encodeURIComponent(attemptId)}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      outcome: 'success',
      signature: sandboxSignature(sandboxSecret, attemptId, 'success', attempt?.amountPaise ?? 0),
    }).toString(),
  });
  if (completed.statusCode >= 400)
    throw new Error(`sandbox complete: ${completed.statusCode} ${completed.body}`);
  return attemptId;
}

/**
 * A placed order (placeOrder's default lines) whose card payment the gateway confirmed: settled
 * straight in the database, without the sandbox page, so it works whatever secret the app has.
 * The order is then Processing.
 */
export async function placePaidOrder(t: Pick<TestApp, 'app' | 'ctx'>, token: string): Promise<Order> {
  const order = await placeOrder(t.app, token);
  const { response, attemptId } = await startPayment(t.app, token, order.id);
  expect(response.statusCode).toBe(200);
  expect(attemptId).not.toBe('');
  const settled = await settleAttempt(t.ctx.db, attemptId, 'success', { test: true });
  expect(settled.orderMoved).toBe(true);
  return order;
}

/** The shopper's own order as GET /orders (My Orders) lists it; undefined when it is not listed. */
export async function myOrder(
  app: FastifyInstance,
  token: string,
  orderId: string,
): Promise<Order | undefined> {
  const response = await app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<Order[]>().find((order) => order.id === orderId);
}

/** A mail transport that records what it is given and can be told to fail its next sends. */
export class RecordingMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly sent: Mail[] = [];
  failNext = 0;
  async send(mail: Mail) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('421 4.3.0 mail server busy');
    }
    this.sent.push(mail);
  }

  /** Lets `app`'s mail worker send what is due now; answers the mail this transport was given by it. */
  async deliverFrom(app: FastifyInstance): Promise<Mail[]> {
    const before = this.sent.length;
    await app.mailQueue.idle();
    await app.mailWorker.drain();
    return this.sent.slice(before);
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
const execFileAsync = promisify(execFile);

/**
 * Runs an operator's command (`scripts/orders.ts`, `scripts/stock.ts`) through tsx against the server at
 * `baseUrl`, signed with `secret`, as an operator's shell would: its exit code and what it printed.
 */
export async function runOperatorCommand(
  script: string,
  args: string[],
  baseUrl: string,
  secret: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(
      resolve(ROOT, 'node_modules/.bin/tsx'),
      [script, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, STATEFRONT_URL: baseUrl, FULFILMENT_SECRET: secret },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
