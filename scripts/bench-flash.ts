/**
 * `npm run bench:flash` (docs/performance.md#flash-sale): a flash sale. One size and colour of one
 * product gets 100 units (PUT /fulfilment/stock, signed as `npm run stock` signs it); 1,000 shoppers are
 * signed in before the clock (16 at a time); then all of them at once try to buy one unit: POST /orders
 * with a line naming the size and colour, and, when it is placed, a sandbox payment as
 * `npm run bench:checkout` pays (POST /payments, the sandbox page, its confirmation). It prints paid
 * orders, sold-out answers (409), errors and latencies, then reads the database with the server stopped:
 * exactly the units sold, none oversold, no stock below 0, one paid order per unit sold.
 *
 *   npm run bench:flash                              1,000 shoppers, 100 units, PGlite and PostgreSQL
 *   npm run bench:flash -- --shoppers 200 --units 20
 *   npm run bench:flash -- --quick                   200 shoppers, 20 units, one configuration per database
 *   DATABASE_URL=postgres://… npm run bench:flash    PostgreSQL on that server (a fresh database per
 *                                                    configuration, dropped after); without it a private
 *                                                    throwaway cluster on a loopback port
 *
 * Accounts are written straight into the database before the server starts (one scrypt hash shared by
 * all: registering 1,000 through the API is 100 s of scrypt that measures nothing here). Ports 8330–8339.
 */

import { rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { components, StockEntry } from '../contract/schema';
import { hashPassword } from '../server/accounts/auth';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { optionValues } from '../shared/product-options';
import {
  RATE_LIMITS_RAISED,
  type ServerProcess,
  startPostgres,
  startServer,
  stop,
  tempDir,
} from '../tests/faults/procs';
import { type Answer, call, confirm, SHIPPING, startPayment, successSignature } from '../tests/faults/shop';
import { freshDatabase } from '../tests/setup/postgres';
import { describe, failed, PASSWORD, percentiles, SIGN_IN_CONCURRENCY, signInAll } from './bench-checkout';
import { loadAverage } from './cli-option';
import { sign } from './operator-api';

const PG_PORT = 8331;
const SERVER_PORT = 8332;
const FULFILMENT_SECRET = 'bench-flash-fulfilment-secret-0123456789';
/** A thousand orders queue on one database: the last may wait far past tests/faults/shop.ts's 15 s. */
const ORDER_TIMEOUT_MS = 120_000;

interface FlashTarget {
  label: string;
  env: Record<string, string>;
  /** Opens the configuration's database (the server stopped, or not yet started). */
  open: () => Promise<{
    execute: (query: ReturnType<typeof sql>) => Promise<unknown>;
    close: () => Promise<void>;
  }>;
  cleanup: () => Promise<void>;
}

interface FlashCheck {
  /** Units of the variant sold: order lines of it held (stock_holds) and ordered (order_items). */
  held: number;
  ordered: number;
  left: number;
  /** Orders of the variant, and those of them with exactly one succeeded payment, moved to Processing. */
  orders: number;
  paidOnce: number;
  /** Orders in the database at all (a 409 must store none). */
  allOrders: number;
  /** The lowest units of any stock row. */
  lowestUnits: number;
  oversold: number;
  ok: boolean;
  /** What failed, in words. */
  failures: string[];
}

interface FlashFigures {
  label: string;
  shoppers: number;
  units: number;
  paid: number;
  placed: number;
  soldOut: number;
  /** 409 answers whose `shortages` said a unit or more was left (or named no line). */
  soldOutSayingLeft: number;
  errors: number;
  errorSamples: string[];
  seconds: number;
  order: { p50: number; p99: number };
  /** From the order's first byte to the payment's confirmation, paid shoppers only. */
  toPaid: { p50: number; p99: number };
  /** The lowest `left` GET /stock showed while the clock ran. */
  lowestLeftSeen: number | null;
  signInsPerSecond: number;
  check: FlashCheck;
}

/** `count` accounts `flash-<tag>-<i>@example.in` with one password, written in one statement. */
async function writeAccounts(target: FlashTarget, count: number, tag: string): Promise<string[]> {
  const hash = await hashPassword(PASSWORD);
  const database = await target.open();
  try {
    await database.execute(sql`
      insert into users (email, password_hash, first_name, last_name)
      select 'flash-' || ${tag} || '-' || i || '@example.in', ${hash}, 'Asha', 'Verma'
      from generate_series(0, ${count - 1}) as i`);
  } finally {
    await database.close();
  }
  return Array.from({ length: count }, (_, i) => `flash-${tag}-${i}@example.in`);
}

/** The variant on sale: the first product listed, its first size and colour ('' where it has none). */
async function pickVariant(base: string) {
  const page = await call(base, 'GET', '/products?limit=1');
  const [product] = (page.body as { data: components['schemas']['Product'][] } | null)?.data ?? [];
  if (!product) throw new Error(`no product to sell: ${describe('products', page)}`);
  const [size] = optionValues(product.attributes, 'size');
  const [color] = optionValues(product.attributes, 'color');
  return { productId: product.id, title: product.title, size: size ?? null, color: color ?? null };
}

/** PUT /fulfilment/stock of one variant, signed over the exact body (scripts/stock.ts). */
async function setStock(
  base: string,
  variant: { productId: string; size: string | null; color: string | null },
  units: number,
) {
  const { productId, size, color } = variant;
  const raw = JSON.stringify({ items: [{ productId, size, color, units }] });
  const signature = sign(FULFILMENT_SECRET, raw);
  const response = await fetch(`${base}/api/v1/fulfilment/stock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-statefront-signature': signature },
    body: raw,
  });
  if (response.status !== 200)
    throw new Error(`PUT /fulfilment/stock: ${response.status} ${await response.text()}`);
}

/** POST /orders of one unit of the variant, with a longer wait than tests/faults/shop.ts allows. */
async function orderOne(
  base: string,
  token: string,
  variant: { productId: string; size: string | null; color: string | null },
): Promise<Answer> {
  const line = {
    productId: variant.productId,
    quantity: 1,
    ...(variant.size ? { size: variant.size } : {}),
    ...(variant.color ? { color: variant.color } : {}),
  };
  try {
    const response = await fetch(`${base}/api/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        products: { [variant.productId]: 1 },
        lines: [line],
        shippingAddress: SHIPPING,
      }),
      signal: AbortSignal.timeout(ORDER_TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: counted as an error by its status
    }
    return { status: response.status, body, text, headers: response.headers };
  } catch (error) {
    return { status: 0, body: null, text: String((error as Error).message), headers: new Headers() };
  }
}

/** Reads what was sold from the database, the server stopped. */
async function checkDatabase(
  target: FlashTarget,
  variant: { productId: string; size: string | null; color: string | null },
  units: number,
): Promise<FlashCheck> {
  const database = await target.open();
  try {
    const size = variant.size ?? '';
    const color = variant.color ?? '';
    const [row] = rowsOf<Record<string, number | null>>(
      await database.execute(sql`
        select
          (select coalesce(sum(h.units), 0) from stock_holds h
             where h.product_id = ${variant.productId} and h.size = ${size} and h.color = ${color})::int as held,
          (select coalesce(sum(i.quantity), 0) from order_items i where i.product_id = ${variant.productId})::int
            as ordered,
          (select s.units from product_stock s
             where s.product_id = ${variant.productId} and s.size = ${size} and s.color = ${color})::int as "left",
          (select count(distinct i.order_id) from order_items i where i.product_id = ${variant.productId})::int
            as orders,
          (select count(*) from orders o
             where o.status = 1
               and exists (select 1 from order_items i where i.order_id = o.id and i.product_id = ${variant.productId})
               and (select count(*) from payment_attempts a where a.order_id = o.id and a.status = 'succeeded') = 1
          )::int as "paidOnce",
          (select count(*) from orders)::int as "allOrders",
          (select min(units) from product_stock)::int as "lowestUnits"`),
    );
    const n = (key: string) => Number(row?.[key] ?? Number.NaN);
    const check = {
      held: n('held'),
      ordered: n('ordered'),
      left: n('left'),
      orders: n('orders'),
      paidOnce: n('paidOnce'),
      allOrders: n('allOrders'),
      lowestUnits: n('lowestUnits'),
    };
    const oversold = Math.max(0, check.ordered - units, check.held - units);
    const failures: string[] = [];
    if (check.ordered !== units) failures.push(`${check.ordered} units ordered, not ${units}`);
    if (check.held !== check.ordered) failures.push(`${check.held} units held for ${check.ordered} ordered`);
    if (check.left !== units - check.held)
      failures.push(`${check.left} left after ${check.held} of ${units} sold`);
    if (!(check.lowestUnits >= 0)) failures.push(`a stock row at ${check.lowestUnits} units`);
    if (check.orders !== check.ordered) failures.push(`${check.orders} orders for ${check.ordered} units`);
    if (check.paidOnce !== check.orders)
      failures.push(`${check.paidOnce} of ${check.orders} orders paid once`);
    if (check.allOrders !== check.orders)
      failures.push(`${check.allOrders - check.orders} other orders stored`);
    return { ...check, oversold, ok: failures.length === 0, failures };
  } finally {
    await database.close();
  }
}

/** One configuration: accounts, server, stock, sign-ins, the sale, stop, the database check. */
export async function flashSale(target: FlashTarget, shoppers: number, units: number, port = SERVER_PORT) {
  const emails = await writeAccounts(target, shoppers, Math.random().toString(36).slice(2, 8));
  let server: ServerProcess | undefined = await startServer(
    {
      SANDBOX_SECRET: 'bench-flash-sandbox-secret-0123456789ab',
      RESET_SECRET: 'bench-flash-reset-secret-0123456789abcd',
      FULFILMENT_SECRET,
      ...RATE_LIMITS_RAISED,
      ...target.env,
    },
    port,
  );
  try {
    const base = server.url;
    const variant = await pickVariant(base);
    await setStock(base, variant, units);
    const { tokens, perSecond } = await signInAll(base, emails);

    const orderMs: number[] = [];
    const toPaidMs: number[] = [];
    const errorSamples: string[] = [];
    let errors = 0;
    let placed = 0;
    let soldOut = 0;
    let soldOutSayingLeft = 0;
    let paid = 0;
    const error = (message: string) => {
      errors++;
      if (errorSamples.length < 5) errorSamples.push(message);
    };
    // GET /stock every 100 ms while the clock runs: the lowest `left` a shopper could have been shown.
    let lowestLeftSeen: number | null = null;
    let running = true;
    const sampler = (async () => {
      while (running) {
        const answer = await call(base, 'GET', `/stock?products=${variant.productId}`);
        for (const entry of (answer.body as { items?: StockEntry[] } | null)?.items ?? [])
          if ((entry.size ?? '') === (variant.size ?? '') && (entry.color ?? '') === (variant.color ?? ''))
            lowestLeftSeen = Math.min(lowestLeftSeen ?? entry.left, entry.left);
        await new Promise((done) => setTimeout(done, 100));
      }
    })();

    const shop = async (token: string) => {
      const started = performance.now();
      const order = await orderOne(base, token, variant);
      orderMs.push(performance.now() - started);
      if (order.status === 409) {
        soldOut++;
        // A refusal of one unit that says some are left contradicts itself (docs/stock.md, the 409).
        const [short] = (order.body as { shortages?: { left: number }[] } | null)?.shortages ?? [];
        if (!short || short.left >= 1) soldOutSayingLeft++;
        return;
      }
      if (order.status !== 201) return error(describe('order', order));
      placed++;
      const orderId = (order.body as { id: string }).id;
      const { answer, attemptId } = await startPayment(base, token, orderId);
      if (failed(answer) || !attemptId) return error(describe('payment', answer));
      const signature = await successSignature(base, attemptId);
      if (!signature) return error(`sandbox page: no signed success form for ${attemptId}`);
      const confirmed = await confirm(base, attemptId, signature);
      if (failed(confirmed)) return error(describe('confirmation', confirmed));
      toPaidMs.push(performance.now() - started);
      paid++;
    };
    const started = performance.now();
    await Promise.all(tokens.map(shop));
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await sampler;
    await stop(server);
    server = undefined;
    const check = await checkDatabase(target, variant, units);
    return {
      label: target.label,
      shoppers,
      units,
      paid,
      placed,
      soldOut,
      soldOutSayingLeft,
      errors,
      errorSamples,
      seconds,
      order: percentiles(orderMs),
      toPaid: percentiles(toPaidMs),
      lowestLeftSeen,
      signInsPerSecond: perSecond,
      check,
    } satisfies FlashFigures;
  } finally {
    if (server) await stop(server);
  }
}

/** A fresh PGlite folder, read back through the same driver once the server has stopped. */
export function pgliteFlashTarget(): FlashTarget {
  const dataDir = tempDir('statefront-bench-flash-');
  return {
    label: 'PGlite WORKERS=1',
    env: { DATA_DIR: dataDir, WORKERS: '1' },
    open: async () => {
      const database = await openDatabase({ dataDir, databaseUrl: null });
      return { execute: (query) => database.db.execute(query), close: database.close };
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the server `adminUrl` reaches, dropped by cleanup. */
async function postgresFlashTarget(adminUrl: string, workers: number): Promise<FlashTarget> {
  const database = await freshDatabase(adminUrl, 'sf_flash_');
  // Unused with DATABASE_URL, but DATA_DIR is where a server keeps its files; not the repository's.
  const dataDir = tempDir('statefront-bench-flash-pg-');
  return {
    label: `PostgreSQL WORKERS=${workers}`,
    env: { DATABASE_URL: database.url, WORKERS: String(workers), DATA_DIR: dataDir },
    open: async () => {
      const opened = await openDatabase({ dataDir: '', databaseUrl: database.url });
      return { execute: (query) => opened.db.execute(query), close: opened.close };
    },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

function printFigures(figures: FlashFigures) {
  const { check } = figures;
  const seen = figures.lowestLeftSeen === null ? '–' : String(figures.lowestLeftSeen);
  console.log(
    `${figures.label.padEnd(22)} ${String(figures.paid).padStart(5)} ${String(figures.soldOut).padStart(9)} ${String(figures.errors).padStart(7)}  ${`${ms(figures.order.p50)}/${ms(figures.order.p99)}`.padStart(15)}  ${`${ms(figures.toPaid.p50)}/${ms(figures.toPaid.p99)}`.padStart(15)}  ${figures.seconds.toFixed(1).padStart(5)} s  load ${loadAverage()}`,
  );
  console.log(
    `  ${check.oversold} oversold; ${figures.soldOutSayingLeft} of the ${figures.soldOut} sold-out answers said units were left; database: ${check.ordered} units ordered in ${check.orders} orders, ${check.paidOnce} paid once, ${check.held} held, ${check.left} left of ${figures.units}, lowest stock row ${check.lowestUnits}, lowest left seen by GET /stock ${seen}; ${check.ok ? 'check ok' : `CHECK FAILED: ${check.failures.join('; ')}`}`,
  );
  for (const sample of figures.errorSamples) console.log(`    error: ${sample}`);
}

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const number = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    const value = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number ≥ 1`);
    return value;
  };
  const shoppers = number('shoppers', quick ? 200 : 1000);
  const units = number('units', quick ? 20 : 100);
  if (units > shoppers) throw new Error('--units must be at most --shoppers: a sale that cannot sell out');
  return { quick, shoppers, units };
}

async function main() {
  const { quick, shoppers, units } = parseArgs(process.argv.slice(2));
  const began = performance.now();
  console.log(
    `Statefront flash-sale bench — ${units} units of one size and colour, ${shoppers} shoppers signed in before the clock (${SIGN_IN_CONCURRENCY} at a time), then all at once: POST /orders of one unit, and for each placed order POST /payments, the sandbox page, its confirmation; against the server as \`npm run serve\` starts it (NODE_ENV=production, PAYMENTS=sandbox)`,
  );
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average at start ${loadAverage()}`,
  );
  console.log(
    `\n${'configuration'.padEnd(22)} ${'paid'.padStart(5)} ${'sold out'.padStart(9)} ${'errors'.padStart(7)}  ${'order ms p50/p99'.padStart(15)}  ${'paid ms p50/p99'.padStart(15)}  clock`,
  );
  const failures: string[] = [];
  const signIns: string[] = [];
  const runTarget = async (target: FlashTarget) => {
    try {
      const figures = await flashSale(target, shoppers, units);
      printFigures(figures);
      signIns.push(`${figures.label} ${figures.signInsPerSecond.toFixed(1)}/s`);
      if (figures.errors > 0 || !figures.check.ok || figures.paid !== units || figures.soldOutSayingLeft > 0)
        failures.push(figures.label);
    } finally {
      await target.cleanup();
    }
  };
  await runTarget(pgliteFlashTarget());
  console.log(
    'PGlite WORKERS=2       not run: PGlite serves one process only (WORKERS>1 needs DATABASE_URL)',
  );

  const given = process.env.DATABASE_URL?.trim();
  const cluster = given ? undefined : await startPostgres(PG_PORT);
  const destroyCluster = () => cluster?.destroy();
  process.once('exit', destroyCluster);
  try {
    const adminUrl = given ?? (cluster?.url as string);
    for (const workers of quick ? [1] : [1, 2]) await runTarget(await postgresFlashTarget(adminUrl, workers));
    if (quick) console.log('PostgreSQL WORKERS=2   not run (--quick)');
  } finally {
    process.off('exit', destroyCluster);
    destroyCluster();
  }
  console.log(
    `\nsign-ins before the clock (${SIGN_IN_CONCURRENCY} at a time, scrypt): ${signIns.join(', ')}`,
  );
  console.log(
    `PostgreSQL: ${given ? 'DATABASE_URL (a fresh database per configuration)' : 'a private throwaway cluster'}; load average at end ${loadAverage()}; total ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );
  if (failures.length > 0) {
    console.log(
      `errors, unsold units, sold-out answers saying units were left or failed checks in: ${failures.join(', ')}`,
    );
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
