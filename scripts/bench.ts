/**
 * Catalogue read benchmark: `npm run bench [-- --seconds 0.8 --rounds 3 --connections 50]`.
 *
 * For PGlite (and PostgreSQL too when DATABASE_URL is set: a fresh database is created on that server
 * and dropped afterwards) at 62 and 100,000 products (seeded with server/db/scale-seed.ts), it starts
 * the real app on a loopback port, and a bare `node:http` server that answers the very same response
 * bytes. A worker thread with a minimal keep-alive HTTP client loads them in alternating short rounds
 * (both see the same background load; the machine may be shared), and each row prints the median
 * req/s, the pooled p50/p99 and the median of the per-round ratios app/bare. Rate limits are raised
 * out of the way (one loopback client would otherwise get 429s). Whole run: about three minutes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, withDefaultUser } from '../server/db/client';
import { seedScaleCatalogue } from '../server/db/scale-seed';
import { products as productsTable } from '../server/db/schema';
import { loadStoreConfig } from '../server/store-config';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at > 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const SECONDS = option('seconds', 0.8);
const ROUNDS = option('rounds', 3);
const WARM_UP_SECONDS = 0.5;
const CONNECTIONS = option('connections', 50);
const SIZES = [62, 100_000];
const PAGE = 12;

// The load generator: plain sockets (a minimal HTTP/1.1 client reading Content-Length bodies), so the
// client costs far less than either server and the comparison is about the servers.
const LOAD_GENERATOR = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const { port, paths, connections, seconds } = workerData;
const requests = paths.map((p) => Buffer.from('GET ' + p + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAccept: application/json\\r\\n\\r\\n'));
const latencies = [];
let failures = 0;
let next = 0;
const deadline = performance.now() + seconds * 1000;
function connection() {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = 0;
    const send = () => {
      if (performance.now() >= deadline) { socket.end(); return resolve(); }
      started = performance.now();
      socket.write(requests[next++ % requests.length]);
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const headerEnd = buffer.indexOf('\\r\\n\\r\\n');
        if (headerEnd < 0) return;
        const head = buffer.subarray(0, headerEnd).toString('latin1');
        const match = /content-length: *(\\d+)/i.exec(head);
        const length = match ? Number(match[1]) : 0;
        if (buffer.length < headerEnd + 4 + length) return;
        if (!head.startsWith('HTTP/1.1 200')) failures++;
        buffer = buffer.subarray(headerEnd + 4 + length);
        latencies.push(performance.now() - started);
        send();
      }
    });
    socket.on('error', () => { failures++; resolve(); });
    socket.on('close', resolve);
  });
}
(async () => {
  const began = performance.now();
  await Promise.all(Array.from({ length: connections }, connection));
  parentPort.postMessage({ latencies, failures, seconds: (performance.now() - began) / 1000 });
})();
`;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

interface Run {
  latencies: number[];
  rps: number;
}

function load(port: number, paths: string[], seconds: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, {
      eval: true,
      workerData: { port, paths, connections: CONNECTIONS, seconds },
    });
    worker.once('error', reject);
    worker.once(
      'message',
      ({
        latencies,
        failures,
        seconds: took,
      }: {
        latencies: number[];
        failures: number;
        seconds: number;
      }) => {
        void worker.terminate();
        if (failures > 0)
          return reject(new Error(`${failures} requests failed or were not 200 (${paths[0]})`));
        resolve({ latencies, rps: latencies.length / took });
      },
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function figures(runs: Run[]): Figures {
  const sorted = Float64Array.from(runs.flatMap((r) => r.latencies)).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { rps: median(runs.map((r) => r.rps)), p50: at(0.5), p99: at(0.99) };
}

/**
 * Alternates short rounds on the app and on bare node (after a warm-up of each), so both see the same
 * background load; the ratio is the median of the per-round ratios.
 */
async function compare(appPort: number, barePort: number, paths: string[]) {
  await load(appPort, paths, WARM_UP_SECONDS);
  await load(barePort, paths, WARM_UP_SECONDS);
  const app: Run[] = [];
  const bare: Run[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    app.push(await load(appPort, paths, SECONDS));
    bare.push(await load(barePort, paths, SECONDS));
  }
  const ratio = median(app.map((run, i) => run.rps / (bare[i] as Run).rps));
  return { app: figures(app), bare: figures(bare), ratio };
}

/** The same bytes from the simplest possible Node server. */
async function bareServer(bodies: Map<string, Buffer>): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (!body) {
      response.writeHead(404, { 'content-length': 0 }).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Realistic shopper searches: one word, two words, a prefix still being typed, a typo, a sort. */
const SEARCHES = [
  'q=kurta',
  'q=cotton%20shirt',
  'q=silk%20sar',
  'q=kurtha',
  'q=block%20print&sort=price-asc',
  'filter=indigo',
];
const COLOURS_SEARCHED = [
  'indigo',
  'black',
  'white',
  'maroon',
  'mustard',
  'navy',
  'rust',
  'olive',
  'peach',
  'sage',
];
const KINDS_SEARCHED = [
  'kurta',
  'tee',
  'shirt',
  'saree',
  'dupatta',
  'jacket',
  'top',
  'dress',
  'stole',
  'cap',
];

/**
 * Searches the read model has not seen (each its own query text, so each asks the database), one at a
 * time, with facets: what the first shopper to type a query waits for. Printed as p50/p99 over them.
 */
async function searchUncached(get: (path: string) => Promise<Buffer>, api: string, products: number) {
  const latencies: number[] = [];
  for (const colour of COLOURS_SEARCHED)
    for (const kind of KINDS_SEARCHED) {
      const started = performance.now();
      await get(`${api}/products?q=${colour}%20${kind}&facets=true&limit=${PAGE}`);
      latencies.push(performance.now() - started);
    }
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    `   uncached search + facets at ${products.toLocaleString('en-IN')} products (${sorted.length} distinct queries, one at a time): p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms`,
  );
}

interface Target {
  label: string;
  databaseUrl: string | null;
  dataDir: string | null;
  cleanup: () => Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-bench-'));
  return {
    label: 'PGlite',
    databaseUrl: null,
    dataDir,
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const admin = withDefaultUser(adminUrl);
  const name = `sf_bench_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    databaseUrl: url.toString(),
    dataDir: null,
    cleanup: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

interface Row {
  db: string;
  products: number;
  key: string;
  scenario: string;
  app: Figures;
  bare: Figures;
  ratio: number;
}

const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);

function printRow(row: Row) {
  const { ratio } = row;
  console.log(
    `${row.db.padEnd(10)} ${String(row.products).padStart(7)}  ${row.scenario.padEnd(28)}` +
      `${fmt(row.app.rps, 8)} ${fmt(row.app.p50, 6, 2)} ${fmt(row.app.p99, 6, 2)}  ` +
      `${fmt(row.bare.rps, 8)} ${fmt(row.bare.p50, 6, 2)} ${fmt(row.bare.p99, 6, 2)}  ${fmt(ratio, 5, 2)}x`,
  );
}

async function benchTarget(target: Target, products: number, rows: Row[]) {
  const config = {
    ...loadConfig({
      ...process.env,
      PAYMENTS: 'sandbox',
      DATA_DIR: target.dataDir ?? tmpdir(),
      DATABASE_URL: target.databaseUrl ?? '',
    }),
    staticDir: null,
    logLevel: 'warn',
    rateLimit: {
      authMax: 1e9,
      registerMax: 1e9,
      trackMax: 1e9,
      resetMax: 1e9,
      globalMax: 1e9,
      contactMax: 1e9,
      windowMs: 60_000,
    },
  };
  const database = await openDatabase(config);
  const seedStarted = performance.now();
  const seeded = await seedScaleCatalogue(database.db, products);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const loadStarted = performance.now();
  const app = await buildApp({
    config,
    db: database.db,
    store: loadStoreConfig(config.storeConfigPath).store,
    logger: false,
  });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `-- ${target.label}, ${seeded.total.toLocaleString('en-IN')} products: seeded in ${seedSeconds.toFixed(1)} s, app built and catalogue loaded in ${loadSeconds.toFixed(1)} s`,
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const api = '/api/v1';
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    };
    const lastPage = Math.max(1, Math.floor(seeded.total / PAGE));
    const categoryTotal = (
      JSON.parse((await get(`${api}/products?category=men&limit=1`)).toString()) as { count: number }
    ).count;
    // Detail pages from across the catalogue, not only the newest.
    const ids: string[] = [];
    for (const page of [1, Math.ceil(seeded.total / 200), Math.ceil(seeded.total / 100)]) {
      const body = JSON.parse((await get(`${api}/products?limit=100&page=${page}`)).toString()) as {
        data: { id: string }[];
      };
      ids.push(...body.data.slice(0, 40).map((p) => p.id));
    }
    const scenarios: Array<[string, string, string[]]> = [
      ['list-1', 'list page 1', [`${api}/products?page=1&limit=${PAGE}`]],
      ['list-deep', `list page ${lastPage} (deep)`, [`${api}/products?page=${lastPage}&limit=${PAGE}`]],
      [
        'category',
        'category men, p1 + deep',
        [
          `${api}/products?category=men&page=1&limit=${PAGE}`,
          `${api}/products?category=men&page=${Math.max(1, Math.floor(categoryTotal / PAGE))}&limit=${PAGE}`,
        ],
      ],
      ['detail', `detail (${ids.length} ids)`, ids.map((id) => `${api}/products/${id}`)],
      ['storeInfo', 'storeInfo', [`${api}/storeInfo`]],
      [
        'search',
        `search (${SEARCHES.length} queries)`,
        SEARCHES.map((q) => `${api}/products?${q}&limit=${PAGE}`),
      ],
      [
        'search-facets',
        'search + facets',
        SEARCHES.map((q) => `${api}/products?${q}&limit=${PAGE}&facets=true`),
      ],
      [
        'facets',
        'filters + facets, no q',
        [
          `${api}/products?category=women&size=M,L&facets=true&limit=${PAGE}`,
          `${api}/products?color=Indigo,Black&maxPrice=2000&sort=price-asc&facets=true&limit=${PAGE}`,
          `${api}/products?onSale=true&sort=discount&facets=true&limit=${PAGE}`,
        ],
      ],
    ];
    for (const [key, scenario, paths] of scenarios) {
      const bodies = new Map<string, Buffer>();
      for (const path of paths) bodies.set(path, await get(path));
      const bare = await bareServer(bodies);
      try {
        const result = await compare(port, bare.port, paths);
        const row = { db: target.label, products: seeded.total, key, scenario, ...result };
        rows.push(row);
        printRow(row);
      } finally {
        bare.server.closeAllConnections();
        await new Promise((resolve) => bare.server.close(resolve));
      }
    }
    await searchUncached(get, api, seeded.total);
    // A product write, seen by the app through NOTIFY (no explicit invalidate): time until served.
    const [first] = (
      JSON.parse((await get(`${api}/products?limit=1`)).toString()) as { data: { id: string }[] }
    ).data;
    if (first) {
      const started = performance.now();
      const seen = new Promise<void>((resolve) => {
        const stop = app.catalogue.onChange(() => {
          stop();
          resolve();
        });
      });
      await database.db
        .update(productsTable)
        .set({ title: 'Bench Rename' })
        .where(eq(productsTable.id, first.id));
      await seen;
      const title = (JSON.parse((await get(`${api}/products/${first.id}`)).toString()) as { title: string })
        .title;
      if (title !== 'Bench Rename') throw new Error('the write did not reach the catalogue');
      console.log(
        `   a product write was served ${(performance.now() - started).toFixed(0)} ms later (NOTIFY, patched read model)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

async function main() {
  const started = performance.now();
  console.log(
    `Statefront catalogue bench — ${CONNECTIONS} connections, loopback, identity encoding; per row ${ROUNDS} alternating rounds of ${SECONDS} s on the app and on bare node:http (after ${WARM_UP_SECONDS} s warm-up each): median req/s, pooled p50/p99, median ratio`,
  );
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `${'db'.padEnd(10)} ${'products'.padStart(7)}  ${'scenario'.padEnd(26)}${'app r/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ${'bare r/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ratio`,
  );
  const rows: Row[] = [];
  const targets: Array<() => Promise<Target>> = [pgliteTarget];
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) targets.push(() => postgresTarget(databaseUrl));
  else console.log('(set DATABASE_URL to bench PostgreSQL too)');
  for (const makeTarget of targets) {
    for (const products of SIZES) {
      const target = await makeTarget();
      try {
        await benchTarget(target, products, rows);
      } finally {
        await target.cleanup();
      }
    }
  }
  // The 100k catalogue against the 62-product one, per scenario (target: at most 2x the time).
  console.log('\nlatency at 100,000 products vs 62 (p50 / p99; ≤ 2x is the target):');
  for (const big of rows.filter((r) => r.products >= SIZES[1]!)) {
    const small = rows.find((r) => r.db === big.db && r.key === big.key && r.products < SIZES[1]!);
    if (!small) continue;
    console.log(
      `${big.db.padEnd(10)} ${big.scenario.padEnd(26)} ${(big.app.p50 / small.app.p50).toFixed(2)}x / ${(big.app.p99 / small.app.p99).toFixed(2)}x  (req/s ${(big.app.rps / small.app.rps).toFixed(2)}x)`,
    );
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
