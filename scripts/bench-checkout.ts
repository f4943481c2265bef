/**
 * `npm run bench:checkout` (docs/performance.md): N concurrent shoppers each place one order and pay it
 * through the sandbox gateway, against the server process as `npm run serve` starts it, on PGlite and on
 * PostgreSQL with WORKERS=1 and 2. Beside each database, a baseline: the same rows written by plain SQL
 * transactions through the same driver, as fast as the database takes them (its limit on this machine).
 * Accounts are made before the clock starts; sign-ins are timed on their own.
 *
 *   npm run bench:checkout                    100 shoppers, all four configurations
 *   npm run bench:checkout -- --shoppers 300
 *   npm run bench:checkout -- --quick         10 shoppers, one configuration per database
 *   npm run bench:checkout -- --rounds 5      each shopper checks out 5 times in a row (a longer clock)
 *   npm run bench:checkout -- --statements    also lists the SQL the one-shopper probe sent
 *   npm run bench:checkout -- --only postgres only PostgreSQL (or --only pglite): a shorter loop
 *   npm run bench:checkout -- --profile DIR   the servers run with --cpu-prof (into DIR); each run's
 *                                             profile is summarised (self time by package, top functions)
 *
 * `cpu/paid` is the server processes' CPU time (user + system, from /proc: scripts/process-cpu.ts) over
 * the checkout clock divided by paid orders, ms: the part of a paid order the server owns, steady where
 * paid/s is not (the server, the database and this client share two cores). Sign-ins are measured
 * apart (scrypt), at the end.
 *
 * PostgreSQL is a private throwaway cluster on a loopback port (tests/faults/procs.ts), a fresh
 * database per configuration; PGlite a fresh data folder per configuration. Ports 8300–8320.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import {
  type PrivatePostgres,
  RATE_LIMITS_RAISED,
  type ServerProcess,
  startPostgres,
  startServer,
  stop,
  tempDir,
} from '../tests/faults/procs';
import {
  type Answer,
  basket,
  call,
  confirm,
  createOrder,
  startPayment,
  successSignature,
} from '../tests/faults/shop';
import { freshDatabase, withPgClient } from '../tests/setup/postgres';
import { loadAverage } from './cli-option';
import {
  cpuProfileArgs,
  printProfileSummary,
  profilesSince,
  readProfile,
  summariseProfile,
} from './cpu-profile';
import { processTreeCpuMs } from './process-cpu';

const PG_PORT = 8301;
const SERVER_PORT = 8310;
const PROBE_PORT = 8319;
/** server/db/client.ts opens a pg Pool of this many connections per process. */
const SERVER_POOL = 10;
/** Every bench account's password (scripts/bench-flash.ts writes its accounts with it too). */
export const PASSWORD = 'saree-sunday-42';
/** Sign-ups run a few at a time: scrypt runs in the libuv pool (4 threads) on 2 cores. */
const SIGN_UP_CONCURRENCY = 8;
export const SIGN_IN_CONCURRENCY = 16;

export const STEPS = ['order', 'payment', 'sandbox page', 'confirmation'] as const;
export type Step = (typeof STEPS)[number];

export interface Percentiles {
  p50: number;
  p99: number;
}

export interface CheckoutFigures {
  label: string;
  shoppers: number;
  signInsPerSecond: number;
  /** The server processes' CPU (user + system) per sign-in, ms. */
  signInCpuMs: number;
  /** The server processes' CPU (user + system) over the checkout clock per paid order, ms. */
  cpuPerPaidMs: number;
  paidPerSecond: number;
  seconds: number;
  steps: Record<Step, Percentiles>;
  errors: number;
  /** The first few error answers, for the output. */
  errorSamples: string[];
  check: OrderCheck;
  clockBeforeExitMs: { from: number; to: number };
}

export interface OrderCheck {
  orders: number;
  /** Orders with exactly one succeeded payment attempt. */
  paidOnce: number;
  /** Orders that are Processing (status 1), i.e. moved by the confirmation. */
  processing: number;
  ok: boolean;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pooled<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export const failed = (answer: Answer) => answer.status === 0 || answer.status >= 400;
export const describe = (step: string, answer: Answer) =>
  `${step}: ${answer.status === 0 ? 'no answer' : answer.status} ${answer.text.slice(0, 120)}`;

/** Registers `count` accounts (not timed) and returns their emails. */
async function signUpAll(base: string, count: number, tag: string): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `bench-${tag}-${i}@example.in`);
  await pooled(emails, SIGN_UP_CONCURRENCY, async (email) => {
    const answer = await call(base, 'POST', '/users/register', {
      json: { email, password: PASSWORD, firstName: 'Asha', lastName: 'Verma' },
    });
    if (answer.status !== 201) throw new Error(`register ${email}: ${describe('register', answer)}`);
  });
  return emails;
}

/**
 * Signs every account in, SIGN_IN_CONCURRENCY at a time; returns the tokens and the sign-ins per
 * second. The rate is set by scrypt's four libuv threads either way; all 100 at once, on a
 * loaded machine, left the last ones waiting past the client's 15 s timeout (tests/faults/shop.ts).
 */
export async function signInAll(
  base: string,
  emails: string[],
): Promise<{ tokens: string[]; perSecond: number }> {
  const started = performance.now();
  const tokens: string[] = [];
  await pooled(emails, SIGN_IN_CONCURRENCY, async (email) => {
    const answer = await call(base, 'POST', '/users/authorize', { json: { email, password: PASSWORD } });
    if (answer.status !== 200) throw new Error(`sign-in ${email}: ${describe('authorize', answer)}`);
    tokens.push((answer.body as { token: string }).token);
  });
  return { tokens, perSecond: emails.length / ((performance.now() - started) / 1000) };
}

/**
 * The timed part: every shopper at once places an order, starts a sandbox payment, fetches the
 * sandbox page for its signed form and posts the confirmation. Returns per-step latencies and errors.
 */
export async function checkout(base: string, tokens: string[], products: Record<string, number>, rounds = 1) {
  const latencies: Record<Step, number[]> = {
    order: [],
    payment: [],
    'sandbox page': [],
    confirmation: [],
  };
  const errorSamples: string[] = [];
  let errors = 0;
  const error = (message: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(message);
  };
  const timed = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    latencies[step].push(performance.now() - started);
    return result;
  };
  let paid = 0;
  const shop = async (token: string) => {
    const placed = await timed('order', () => createOrder(base, token, products));
    if (placed.status !== 201) return error(describe('order', placed));
    const orderId = (placed.body as { id: string }).id;
    const { answer, attemptId } = await timed('payment', () => startPayment(base, token, orderId));
    if (failed(answer) || !attemptId) return error(describe('payment', answer));
    const signature = await timed('sandbox page', () => successSignature(base, attemptId));
    if (!signature) return error(`sandbox page: no signed success form for ${attemptId}`);
    const confirmed = await timed('confirmation', () => confirm(base, attemptId, signature));
    if (failed(confirmed)) return error(describe('confirmation', confirmed));
    paid++;
  };
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      for (let round = 0; round < rounds; round++) await shop(token);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const steps = Object.fromEntries(STEPS.map((step) => [step, percentiles(latencies[step])])) as Record<
    Step,
    Percentiles
  >;
  return { seconds, steps, errors, errorSamples, paid };
}

const CHECK_SQL = `
  select count(*)::int as orders,
         count(*) filter (where paid = 1)::int as "paidOnce",
         count(*) filter (where status = 1)::int as processing
  from (
    select o.id, o.status,
           (select count(*) from payment_attempts a where a.order_id = o.id and a.status = 'succeeded') as paid
    from orders o
  ) per_order`;

function orderCheck(row: { orders: number; paidOnce: number; processing: number }, expected: number) {
  return { ...row, ok: row.orders === expected && row.paidOnce === expected && row.processing === expected };
}

export interface ServerTarget {
  label: string;
  env: Record<string, string>;
  /** Reads the orders once the server has stopped. */
  check: (expected: number) => Promise<OrderCheck>;
  cleanup: () => Promise<void>;
}

/** Node flags for the server processes when --profile DIR is given. */
let profileArgs: string[] = [];

export function pgliteServerTarget(): ServerTarget {
  const dataDir = tempDir('statefront-bench-checkout-');
  return {
    label: 'PGlite WORKERS=1',
    env: { DATA_DIR: dataDir, WORKERS: '1' },
    check: async (expected) => {
      const database = await openDatabase({ dataDir, databaseUrl: null }, { migrate: false });
      try {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const { rows } = await client.query<{ orders: number; paidOnce: number; processing: number }>(
          CHECK_SQL,
        );
        return orderCheck(rows[0] as { orders: number; paidOnce: number; processing: number }, expected);
      } finally {
        await database.close();
      }
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the private cluster. */
const freshClusterDatabase = (cluster: PrivatePostgres) =>
  freshDatabase(cluster.url.replace(/\/statefront$/, '/postgres'), 'sf_bench_');

async function postgresServerTarget(cluster: PrivatePostgres, workers: number): Promise<ServerTarget> {
  const database = await freshClusterDatabase(cluster);
  // Unused with DATABASE_URL, but DATA_DIR is where a server keeps its files; not the repository's.
  const dataDir = tempDir('statefront-bench-pg-');
  return {
    label: `PostgreSQL WORKERS=${workers}`,
    env: { DATABASE_URL: database.url, WORKERS: String(workers), DATA_DIR: dataDir },
    check: async (expected) => {
      const { rows } = await withPgClient(database.url, (client) => client.query(CHECK_SQL));
      return orderCheck(rows[0], expected);
    },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    // Several workers must share the signing keys (server/infra/config.ts checkMultiProcess).
    SANDBOX_SECRET: 'bench-checkout-sandbox-secret-0123456789',
    RESET_SECRET: 'bench-checkout-reset-secret-0123456789ab',
    ...RATE_LIMITS_RAISED,
    ...extra,
  };
}

/** One configuration: start the server, make accounts, sign in, check out, stop, check the rows. */
export async function benchServer(target: ServerTarget, shoppers: number, port = SERVER_PORT, rounds = 1) {
  let server: ServerProcess | undefined = await startServer(serverEnv(target.env), port, profileArgs);
  try {
    const products = await basket(server.url);
    const emails = await signUpAll(server.url, shoppers, randomBytes(3).toString('hex'));
    const pid = server.child.pid ?? 0;
    const beforeSignIns = processTreeCpuMs(pid);
    const { tokens, perSecond } = await signInAll(server.url, emails);
    const beforeCheckout = processTreeCpuMs(pid);
    const clockStarted = performance.now();
    const run = await checkout(server.url, tokens, products, rounds);
    const clockStopped = performance.now();
    const afterCheckout = processTreeCpuMs(pid);
    await stop(server);
    server = undefined;
    const exited = performance.now();
    const check = await target.check(shoppers * rounds);
    return {
      label: target.label,
      shoppers,
      signInsPerSecond: perSecond,
      signInCpuMs: (beforeCheckout - beforeSignIns) / shoppers,
      cpuPerPaidMs: run.paid > 0 ? (afterCheckout - beforeCheckout) / run.paid : Number.NaN,
      paidPerSecond: run.paid / run.seconds,
      seconds: run.seconds,
      steps: run.steps,
      errors: run.errors,
      errorSamples: run.errorSamples,
      check,
      // How long before the process exited the clock ran: where a CPU profile's checkout lies.
      clockBeforeExitMs: { from: exited - clockStarted, to: exited - clockStopped },
    } satisfies CheckoutFigures;
  } finally {
    if (server) await stop(server);
  }
}

// ---------------------------------------------------------------------------------------------------
// Baseline: the rows of one order and its payment, by plain SQL, as fast as the database takes them.

/** A statement and its parameters; a transaction is a list of them. */
type Statement = [text: string, params: unknown[]];

interface BaselineDriver {
  /** Runs the statements in one transaction (one statement alone runs without BEGIN/COMMIT). */
  transaction: (statements: Statement[]) => Promise<void>;
  rows: (sqlText: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

const SHIP = ['Asha Verma', '14 MG Road, Indiranagar', 'Bengaluru', 'Karnataka', '560038', '+919876543210'];

/**
 * The same rows the app writes (server/orders/orders.repository.ts insertOrder, payments.ts insertAttempt
 * and settleAttempt): an order, its two lines in one insert, its placement event with its outbox row;
 * a payment attempt; then the confirmation locks the order, settles the attempt, moves the order and
 * records the event with its outbox row. 3 transactions, 11 round trips.
 */
function shopperStatements(userId: string, productIds: [string, string]) {
  const orderId = `SF-B${randomBytes(8).toString('hex').toUpperCase()}`;
  const attemptId = `bench_${randomBytes(12).toString('hex')}`;
  const eventWithMail = (from: number | null, to: number, actor: string, note: string, template: string) =>
    [
      `with e as (
         insert into order_events (order_id, from_status, to_status, actor, note) values ($1, $2, $3, $4, $5)
         returning id, order_id)
       insert into mail_outbox (template, order_id, event_id, dedupe_key)
       select $6, order_id, id, 'event:' || id from e`,
      [orderId, from, to, actor, note, template],
    ] as Statement;
  const order: Statement[] = [
    [
      `insert into orders (id, user_id, status, total_paise, ship_full_name, ship_address, ship_city, ship_state,
         ship_postal_code, ship_phone) values ($1, $2, 0, $3, $4, $5, $6, $7, $8, $9)`,
      [orderId, userId, 359_700, ...SHIP],
    ],
    [
      `insert into order_items (order_id, product_id, product_title, unit_price_paise, quantity, size, color, position)
       values ($1, $2, 'First', 119900, 1, 'M', 'Indigo', 0), ($1, $3, 'Second', 119900, 2, 'L', 'Black', 1)`,
      [orderId, productIds[0], productIds[1]],
    ],
    eventWithMail(null, 0, 'shopper', 'Order placed', 'order.placed'),
  ];
  const attempt: Statement[] = [
    [
      `insert into payment_attempts (id, order_id, provider, method, reference, amount_paise, status, provider_payload)
       values ($1, $2, 'sandbox', 'card', $1, 359700, 'created', $3)`,
      [attemptId, orderId, JSON.stringify({ payerName: 'Asha Verma', email: 'asha@example.in' })],
    ],
  ];
  const confirmation: Statement[] = [
    ['select status from orders where id = $1 for update', [orderId]],
    [
      `update payment_attempts set status = 'succeeded', updated_at = now(),
         provider_payload = coalesce(provider_payload, '{}'::jsonb) || $2::jsonb
       where id = $1 and status = 'created'`,
      [attemptId, JSON.stringify({ callback: { outcome: 'success' } })],
    ],
    ['update orders set status = 1, updated_at = now() where id = $1 and status = 0', [orderId]],
    eventWithMail(0, 1, 'gateway', 'Payment received', 'order.paid'),
  ];
  return [order, attempt, confirmation];
}

export const BASELINE_ROUND_TRIPS = 11;

export async function pgliteBaselineDriver(dataDir: string): Promise<BaselineDriver> {
  const database = await openDatabase({ dataDir, databaseUrl: null });
  await seedIfEmpty(database.db);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return {
    transaction: async (statements) => {
      if (statements.length === 1) {
        const [text, params] = statements[0] as Statement;
        await client.query(text, params);
        return;
      }
      await client.transaction(async (tx) => {
        for (const [text, params] of statements) await tx.query(text, params);
      });
    },
    rows: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    close: database.close,
  };
}

async function postgresBaselineDriver(url: string, connections: number): Promise<BaselineDriver> {
  const migrated = await openDatabase({ dataDir: '', databaseUrl: url });
  try {
    await seedIfEmpty(migrated.db);
  } finally {
    await migrated.close();
  }
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // DROP DATABASE … WITH (FORCE) may reach a connection pool.end() is still closing: not a failure.
  pool.on('error', () => {});
  return {
    transaction: async (statements) => {
      const client = await pool.connect();
      try {
        if (statements.length === 1) {
          const [text, params] = statements[0] as Statement;
          await client.query(text, params);
          return;
        }
        await client.query('begin');
        for (const [text, params] of statements) await client.query(text, params);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    rows: async (text) => (await pool.query(text)).rows,
    close: () => pool.end(),
  };
}

/**
 * N concurrent clients, each writing whole shoppers (order, attempt, confirmation) one after another
 * for `seconds` (after a short warm-up). Returns paid orders per second.
 */
export async function baseline(driver: BaselineDriver, clients: number, seconds: number) {
  const userId = crypto.randomUUID();
  await driver.transaction([
    [
      `insert into users (id, email, password_hash, first_name, last_name) values ($1, $2, 'x', 'Asha', 'Verma')`,
      [userId, `baseline-${userId}@example.in`],
    ],
  ]);
  const ids = (await driver.rows('select id from products order by id limit 2')).map((row) => String(row.id));
  if (ids.length < 2) throw new Error('baseline: the seed left fewer than two products');
  const products = ids as [string, string];
  const run = async (forSeconds: number) => {
    let paid = 0;
    const deadline = performance.now() + forSeconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          for (const transaction of shopperStatements(userId, products))
            await driver.transaction(transaction);
          paid++;
        }
      }),
    );
    return paid / ((performance.now() - started) / 1000);
  };
  await run(Math.min(1, seconds / 4));
  const perSecond = await run(seconds);
  const [row] = await driver.rows(
    `select count(*)::int as orders, count(*) filter (where o.status = 1 and
       (select count(*) from payment_attempts a where a.order_id = o.id and a.status = 'succeeded') = 1)::int as paid
     from orders o`,
  );
  if (row?.orders !== row?.paid)
    throw new Error(`baseline: ${row?.orders} orders but ${row?.paid} paid once`);
  return perSecond;
}

// ---------------------------------------------------------------------------------------------------
// Statement counts: one shopper, step by step, against a server whose connections log every statement.

/**
 * Runs one shopper through the steps against a server on `cluster`'s `statefront` database with
 * log_statement = all (and the mail worker parked), counting the statements each step sent.
 */
async function countStatements(cluster: PrivatePostgres, showStatements: boolean) {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  const dataDirectory = (await admin.query('show data_directory')).rows[0].data_directory as string;
  await admin.query(`alter database statefront set log_statement = 'all'`);
  await admin.end();
  const log = join(dirname(dataDirectory), 'log');
  const probeDir = tempDir('statefront-bench-probe-');
  const server = await startServer(
    serverEnv({ DATABASE_URL: cluster.url, WORKERS: '1', MAIL_POLL: '1h', DATA_DIR: probeDir }),
    PROBE_PORT,
  );
  const counts = {} as Record<Step | 'sign-in', number>;
  const timings = {} as Record<Step | 'sign-in', number>;
  try {
    const size = () => statSync(log).size;
    const measure = async <T>(step: Step | 'sign-in', work: () => Promise<T>) => {
      await new Promise((done) => setTimeout(done, 200));
      const from = size();
      const started = performance.now();
      const result = await work();
      timings[step] = performance.now() - started;
      await new Promise((done) => setTimeout(done, 200));
      const text = readFileSync(log).subarray(from).toString('utf8');
      const statements = text.match(/LOG: {2}(statement|execute [^:]*): .*/g) ?? [];
      counts[step] = statements.length;
      if (showStatements)
        for (const statement of statements) console.log(`    ${step}: ${statement.slice(6, 150)}`);
      return result;
    };
    const products = await basket(server.url);
    const [email] = await signUpAll(server.url, 1, `probe${randomBytes(3).toString('hex')}`);
    const login = await measure('sign-in', () =>
      call(server.url, 'POST', '/users/authorize', { json: { email, password: PASSWORD } }),
    );
    const token = (login.body as { token: string }).token;
    const placed = await measure('order', () => createOrder(server.url, token, products));
    const orderId = (placed.body as { id: string }).id;
    const { attemptId } = await measure('payment', () => startPayment(server.url, token, orderId));
    const signature = await measure('sandbox page', () => successSignature(server.url, attemptId));
    if (!signature) throw new Error('probe: no signed form on the sandbox page');
    const confirmed = await measure('confirmation', () => confirm(server.url, attemptId, signature));
    if (failed(confirmed)) throw new Error(`probe: ${describe('confirmation', confirmed)}`);
  } finally {
    await stop(server);
    rmSync(probeDir, { recursive: true, force: true });
  }
  return { counts, timings };
}

// ---------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------
// --profile DIR: the server processes run with --cpu-prof; each profile is summarised after its run.

/**
 * Prints self time by owner and the heaviest functions of each .cpuprofile in `dir` newer than `since`,
 * counting only the samples taken while the clock ran (placed by the time before each process exited).
 */
function summariseProfiles(dir: string, since: number, clock: { from: number; to: number }) {
  for (const file of profilesSince(dir, since)) {
    const profile = readProfile(file);
    const span = { from: profile.endTime - clock.from * 1000, to: profile.endTime - clock.to * 1000 };
    printProfileSummary(`profile ${file} (while the clock ran)`, summariseProfile(profile, [span]));
  }
}

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

function printConfiguration(figures: CheckoutFigures, baselinePerSecond: number) {
  const steps = STEPS.map((step) => `${ms(figures.steps[step].p50)}/${ms(figures.steps[step].p99)}`);
  const check = figures.check.ok
    ? 'check ok'
    : `CHECK FAILED (${figures.check.orders} orders, ${figures.check.paidOnce} paid once, ${figures.check.processing} processing)`;
  console.log(
    `${figures.label.padEnd(22)} ${figures.paidPerSecond.toFixed(1).padStart(7)} ${ms(figures.cpuPerPaidMs).padStart(8)}  ${steps
      .map((s, i) => s.padStart(i === 0 ? 11 : 11))
      .join(' ')}  ${String(figures.errors).padStart(6)}  ${check}  load ${loadAverage()}  ratio ${(
      figures.paidPerSecond / baselinePerSecond
    ).toFixed(2)}`,
  );
  for (const sample of figures.errorSamples) console.log(`    error: ${sample}`);
}

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const at = argv.indexOf('--shoppers');
  const shoppers = at >= 0 ? Number(argv[at + 1]) : quick ? 10 : 100;
  if (!Number.isInteger(shoppers) || shoppers < 1) throw new Error('--shoppers needs a whole number ≥ 1');
  const after = argv.indexOf('--rounds');
  const rounds = after >= 0 ? Number(argv[after + 1]) : 1;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds needs a whole number ≥ 1');
  // --statements prints each statement the one-shopper probe sent.
  const profileAt = argv.indexOf('--profile');
  const profile = profileAt >= 0 ? String(argv[profileAt + 1] ?? '') : null;
  if (profile === '') throw new Error('--profile needs a folder');
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? String(argv[onlyAt + 1] ?? '') : null;
  if (only !== null && only !== 'pglite' && only !== 'postgres')
    throw new Error('--only takes pglite or postgres');
  return { quick, shoppers, rounds, profile, only, statements: argv.includes('--statements') };
}

async function main() {
  const { quick, shoppers, rounds, profile, only, statements } = parseArgs(process.argv.slice(2));
  const baselineSeconds = quick ? 1 : 5;
  if (profile) {
    mkdirSync(profile, { recursive: true });
    profileArgs = cpuProfileArgs(profile);
  }
  const began = performance.now();
  console.log(
    `Statefront checkout bench — ${shoppers} concurrent shoppers, each ${rounds === 1 ? 'once' : `${rounds} times in a row`}: POST /orders, POST /payments, GET the sandbox page, POST its confirmation, against the server as \`npm run serve\` starts it (NODE_ENV=production, PAYMENTS=sandbox, LOG_LEVEL=warn); accounts made before the clock`,
  );
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average at start ${loadAverage()}`,
  );
  const header = `\n${'configuration'.padEnd(22)} ${'paid/s'.padStart(7)} ${'cpu/paid'.padStart(8)}  ${STEPS.map((s) => `${s} ms p50/p99`.padStart(11)).join(' ')}  errors`;
  const signIns: string[] = [];
  const runServer = async (target: ServerTarget, baselinePerSecond: number) => {
    try {
      const since = Date.now();
      const figures = await benchServer(target, shoppers, SERVER_PORT, rounds);
      printConfiguration(figures, baselinePerSecond);
      if (profile) summariseProfiles(profile, since, figures.clockBeforeExitMs);
      signIns.push(
        `${figures.label}: ${figures.signInsPerSecond.toFixed(1)} sign-ins/s, ${ms(figures.signInCpuMs)} ms CPU each`,
      );
      return figures;
    } finally {
      await target.cleanup();
    }
  };

  const failures: string[] = [];
  const note = (figures: CheckoutFigures) => {
    if (figures.errors > 0 || !figures.check.ok) failures.push(figures.label);
  };
  if (only !== 'postgres') {
    // PGlite: the baseline in this process (PGlite is in-process), then the server on a fresh folder.
    const baselineDir = tempDir('statefront-bench-baseline-');
    let pgliteBaseline: number;
    try {
      const driver = await pgliteBaselineDriver(baselineDir);
      try {
        pgliteBaseline = await baseline(driver, shoppers, baselineSeconds);
      } finally {
        await driver.close();
      }
    } finally {
      rmSync(baselineDir, { recursive: true, force: true });
    }
    console.log(
      `\nPGlite baseline (plain SQL, in-process, ${shoppers} concurrent callers, ${BASELINE_ROUND_TRIPS} statements in 3 transactions per paid order): ${pgliteBaseline.toFixed(1)} paid orders/s  load ${loadAverage()}`,
    );
    console.log(header);
    note(await runServer(pgliteServerTarget(), pgliteBaseline));
    console.log(
      'PGlite WORKERS=2         not run: PGlite serves one process only (WORKERS>1 needs DATABASE_URL)',
    );
  }

  if (only !== 'pglite') {
    // PostgreSQL: a private cluster; the baseline and each configuration on a fresh database.
    const cluster = await startPostgres(PG_PORT, shoppers + 40);
    // Even a crash (an unhandled error) must not leave the private cluster holding its port.
    const destroyCluster = () => cluster.destroy();
    process.once('exit', destroyCluster);
    try {
      const database = await freshClusterDatabase(cluster);
      let postgresBaseline: number;
      let poolBaseline: number | undefined;
      try {
        const driver = await postgresBaselineDriver(database.url, shoppers);
        try {
          postgresBaseline = await baseline(driver, shoppers, baselineSeconds);
        } finally {
          await driver.close();
        }
        // For reading the figures, not for the ratio: the same clients through the server's pool size.
        if (shoppers > SERVER_POOL) {
          const narrow = await postgresBaselineDriver(database.url, SERVER_POOL);
          try {
            poolBaseline = await baseline(narrow, shoppers, baselineSeconds);
          } finally {
            await narrow.close();
          }
        }
      } finally {
        await database.drop();
      }
      const version = await withPgClient(cluster.url, async (client) =>
        String((await client.query('show server_version')).rows[0].server_version),
      );
      console.log(
        `\nPostgreSQL ${version} baseline (plain SQL, pg Pool of ${shoppers} connections, ${BASELINE_ROUND_TRIPS} statements in 3 transactions per paid order): ${postgresBaseline.toFixed(1)} paid orders/s  load ${loadAverage()}`,
      );
      if (poolBaseline !== undefined)
        console.log(
          `  (the same ${shoppers} callers through a pool of ${SERVER_POOL} connections, the server's per process: ${poolBaseline.toFixed(1)} paid orders/s)`,
        );
      console.log(header);
      for (const workers of quick ? [1] : [1, 2])
        note(await runServer(await postgresServerTarget(cluster, workers), postgresBaseline));
      if (quick) console.log('PostgreSQL WORKERS=2     not run (--quick)');
      const { counts, timings } = await countStatements(cluster, statements);
      const list = (values: Record<string, number>, unit: string) =>
        Object.entries(values)
          .map(([step, n]) => `${step} ${unit ? ms(n) : n}${unit}`)
          .join(', ');
      const perOrder = STEPS.reduce((sum, step) => sum + counts[step], 0);
      console.log(
        `\nSQL statements per step (one shopper, PostgreSQL log_statement = all, BEGIN/COMMIT included): ${list(counts, '')}; ${perOrder} per paid order against the baseline's ${BASELINE_ROUND_TRIPS}`,
      );
      console.log(`the same steps alone on an idle server: ${list(timings, ' ms')}`);
    } finally {
      process.off('exit', destroyCluster);
      cluster.destroy();
    }
  }
  console.log(
    `\nsign-ins (${SIGN_IN_CONCURRENCY} at a time, scrypt in the libuv pool): ${signIns.join('; ')}`,
  );
  console.log(
    `load average at end ${loadAverage()}; total ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );
  if (failures.length > 0) {
    console.log(`errors or failed checks in: ${failures.join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
