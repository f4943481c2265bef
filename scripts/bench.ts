/**
 * Catalogue read benchmark: `npm run bench [-- --seconds 0.8 --rounds 3 --connections 50]`.
 *
 * For PGlite (and PostgreSQL too when DATABASE_URL is set: a fresh database is created on that server
 * and dropped afterwards) at 62 and 100,000 products (seeded with server/db/scale-seed.ts before the
 * server starts), it runs the server as `npm run serve` starts it — its own process,
 * `NODE_ENV=production node dist/.server/index.js` (the compiled server), its logger at LOG_LEVEL=warn, every plugin, WORKERS=1 —
 * and, in another process, a bare `node:http` server that answers the very same response bytes. A
 * worker thread of this process with a minimal keep-alive HTTP client loads them in alternating short
 * rounds (both see the same background load; the machine may be shared), and each row prints the
 * median req/s, the pooled p50/p99 and the median of the per-round ratios app/bare. Rate limits are
 * raised out of the way (one loopback client would otherwise get 429s). Whole run: about four minutes.
 *
 *   --only list-1,detail     only these scenarios (keys: list-1 list-deep category detail storeInfo
 *                            search search-facets facets uncached)
 *   --sizes 62               only these catalogue sizes (any, e.g. 62,100000,1000000: a million
 *                            products seed in ≈ 2 min on PostgreSQL; PGlite is far slower there)
 *   --dbs postgres           only these databases (pglite, postgres; PostgreSQL needs DATABASE_URL)
 *   --server-env K=V,…       more environment for the server process (e.g. LOG_LEVEL=silent, to see
 *                            what the logger costs)
 *   --profile DIR            the server runs with --cpu-prof (into DIR); its profile is summarised per
 *                            scenario over the app's timed rounds (self time by package, top functions)
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { openDatabase, withDefaultUser } from '../server/db/client';
import { defaultSeedConnections, seedScaleCatalogue } from '../server/db/scale-seed';
import { freePort, RATE_LIMITS_RAISED, type ServerProcess, startServer, stop } from '../tests/faults/procs';
import { freshDatabase, withPgClient } from '../tests/setup/postgres';
import { median, numberOption } from './cli-option';
import {
  cpuProfileArgs,
  monotonicMicros,
  printProfileSummary,
  profilesSince,
  readProfile,
  type Span,
  summariseProfile,
} from './cpu-profile';
import { processCpuMs } from './process-cpu';

function listOption(name: string): string[] | null {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return null;
  const value = process.argv[at + 1] ?? '';
  if (value === '' || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value.split(',');
}

const SECONDS = numberOption('seconds', 0.8);
const ROUNDS = numberOption('rounds', 3);
const WARM_UP_SECONDS = 0.5;
const CONNECTIONS = numberOption('connections', 50);
const SIZES = [62, 100_000];
const RUN_SIZES = listOption('sizes')?.map(Number) ?? SIZES;
const ONLY = listOption('only');
const DBS = listOption('dbs') ?? ['pglite', 'postgres'];
const PROFILE_DIR = listOption('profile')?.join(',') ?? null;
/** --server-env LOG_LEVEL=silent,…: more environment for the server process (an experiment's knob). */
const SERVER_ENV = Object.fromEntries(
  (listOption('server-env') ?? []).map((pair) => [pair.split('=')[0], pair.split('=').slice(1).join('=')]),
) as Record<string, string>;
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
  /** The server process's CPU time (user + system, every thread) per answer, µs: median of rounds. */
  cpu: number;
}

interface Run {
  latencies: number[];
  rps: number;
  cpu: number;
}

/**
 * A process's CPU time so far, µs (Linux). Unlike req/s it hardly moves with the machine's other load,
 * so the app's cost per answer against bare node's is the steadier comparison on a shared machine.
 */
const cpuMicros = (pid: number) => processCpuMs(pid) * 1000;

/** One round on one server, with its process's CPU time per answer. */
async function round(port: number, pid: number, paths: string[], spans: Span[]): Promise<Run> {
  const from = monotonicMicros();
  const cpuBefore = cpuMicros(pid);
  const run = await load(port, paths, SECONDS);
  const cpu = (cpuMicros(pid) - cpuBefore) / run.latencies.length;
  // The round on the clock the server's CPU profile keeps (--profile).
  spans.push({ from, to: monotonicMicros() });
  return { ...run, cpu };
}

function load(port: number, paths: string[], seconds: number): Promise<Omit<Run, 'cpu'>> {
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

function figures(runs: Run[]): Figures {
  const sorted = Float64Array.from(runs.flatMap((r) => r.latencies)).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: at(0.5),
    p99: at(0.99),
    cpu: median(runs.map((r) => r.cpu)),
  };
}

/**
 * Alternates short rounds on the app and on bare node (after a warm-up of each), so both see the same
 * background load; the ratio is the median of the per-round ratios.
 */
async function compare(
  appServer: { port: number; pid: number },
  bareServer: { port: number; pid: number },
  paths: string[],
  spans: { app: Span[]; bare: Span[] },
) {
  const appPort = appServer.port;
  const barePort = bareServer.port;
  await load(appPort, paths, WARM_UP_SECONDS);
  await load(barePort, paths, WARM_UP_SECONDS);
  const app: Run[] = [];
  const bare: Run[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    app.push(await round(appPort, appServer.pid, paths, spans.app));
    bare.push(await round(barePort, bareServer.pid, paths, spans.bare));
  }
  const ratio = median(app.map((run, i) => run.rps / (bare[i] as Run).rps));
  // The same ratio in CPU per answer: bare's µs over the app's (1× = as cheap as bare node).
  const cpuRatio = median(app.map((run, i) => (bare[i] as Run).cpu / run.cpu));
  return { app: figures(app), bare: figures(bare), ratio, cpuRatio };
}

// The same bytes from the simplest possible Node server, in its own process: it takes the bodies over
// IPC (path → base64), answers with the port it listens on, and serves them until disconnected.
const BARE_SERVER = `
const { createServer } = require('node:http');
let bodies = new Map();
const server = createServer((request, response) => {
  const body = bodies.get(request.url || '');
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
server.keepAliveTimeout = 60000;
process.on('message', (entries) => {
  bodies = new Map(entries.map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));
  server.closeIdleConnections();
  process.send({ port: server.address().port });
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
`;

interface BareServer {
  child: ChildProcess;
  port: number;
  /** Serves these bodies from now on. */
  serve: (bodies: Map<string, Buffer>) => Promise<void>;
}

const nextMessage = (child: ChildProcess) =>
  new Promise<{ port: number }>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the bare node:http process exited (${code})`));
    child.once('exit', exited);
    child.once('message', (message) => {
      child.off('exit', exited);
      resolve(message as { port: number });
    });
  });

async function bareServer(): Promise<BareServer> {
  const child = spawn(
    process.execPath,
    [...(PROFILE_DIR ? cpuProfileArgs(PROFILE_DIR) : []), '-e', BARE_SERVER],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const { port } = await nextMessage(child);
  return {
    child,
    port,
    serve: async (bodies) => {
      const answered = nextMessage(child);
      child.send([...bodies].map(([path, body]) => [path, body.toString('base64')]));
      await answered;
    },
  };
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

/** Kinds for the warm-up searches: none is among KINDS_SEARCHED, so every timed search stays unseen. */
const KINDS_WARMING = ['kurti', 'shawl'];

/**
 * Searches the read model has not seen (each its own query text, so each asks the database), one at a
 * time, with facets: what the first shopper to type a query waits for. Printed as p50/p99 over them.
 * The process's first such searches after the load rounds (the cached rounds ran the search code six
 * times) pay for its compilation once; twenty others are run first and printed on their own, so the
 * p99 of the hundred is what a shopper meets in a process that has been answering searches.
 */
async function searchUncached(get: (path: string) => Promise<Buffer>, api: string, products: number) {
  const timedSearch = async (colour: string, kind: string) => {
    const started = performance.now();
    await get(`${api}/products?q=${colour}%20${kind}&facets=true&limit=${PAGE}`);
    return performance.now() - started;
  };
  const warming: number[] = [];
  for (const kind of KINDS_WARMING)
    for (const colour of COLOURS_SEARCHED) warming.push(await timedSearch(colour, kind));
  console.log(
    `   the first ${warming.length} unseen searches after the load rounds (not counted below): the first ${(warming[0] ?? 0).toFixed(1)} ms, the slowest ${Math.max(...warming).toFixed(1)} ms`,
  );
  const timed: { ms: number; query: string }[] = [];
  for (const colour of COLOURS_SEARCHED)
    for (const kind of KINDS_SEARCHED)
      timed.push({ ms: await timedSearch(colour, kind), query: `${colour} ${kind}` });
  const sorted = timed.sort((a, b) => a.ms - b.ms);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.ms ?? 0;
  // Of 100 searches the p99 is the slowest, so name the three slowest: one pause shows as one query.
  const slowest = sorted
    .slice(-3)
    .reverse()
    .map(({ ms, query }) => `"${query}" ${ms.toFixed(1)}`)
    .join(', ');
  console.log(
    `   uncached search + facets at ${products.toLocaleString('en-IN')} products (${sorted.length} distinct queries, one at a time): p50 ${at(0.5).toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms (slowest: ${slowest} ms)`,
  );
}

interface Target {
  label: string;
  databaseUrl: string | null;
  /** The server's DATA_DIR (PGlite's files; with DATABASE_URL, only where it keeps its own). */
  dataDir: string;
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
  const database = await freshDatabase(withDefaultUser(adminUrl), 'sf_bench_');
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-bench-pg-'));
  return {
    label: 'PostgreSQL',
    databaseUrl: database.url,
    dataDir,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
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
  cpuRatio: number;
}

const fmt = (n: number, width: number, digits = 0) => n.toFixed(digits).padStart(width);

function printRow(row: Row) {
  const { ratio, cpuRatio } = row;
  console.log(
    `${row.db.padEnd(10)} ${String(row.products).padStart(7)}  ${row.scenario.padEnd(28)}` +
      `${fmt(row.app.rps, 8)} ${fmt(row.app.p50, 6, 2)} ${fmt(row.app.p99, 6, 2)} ${fmt(row.app.cpu, 6)}  ` +
      `${fmt(row.bare.rps, 8)} ${fmt(row.bare.p50, 6, 2)} ${fmt(row.bare.p99, 6, 2)} ${fmt(row.bare.cpu, 6)}  ${fmt(ratio, 5, 2)}x ${fmt(cpuRatio, 5, 2)}x`,
  );
}

async function benchTarget(target: Target, products: number, rows: Row[]) {
  const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  const seedStarted = performance.now();
  let seeded: Awaited<ReturnType<typeof seedScaleCatalogue>>;
  try {
    // As `npm run seed` loads it (PostgreSQL: over one connection a core).
    seeded = await seedScaleCatalogue(database.db, products, {
      connections: defaultSeedConnections(database.driver),
    });
  } finally {
    // PGlite serves one process: the server's, from here on.
    await database.close();
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const startedAt = Date.now();
  const loadStarted = performance.now();
  let server: ServerProcess | undefined = await startServer(
    {
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      WORKERS: '1',
      ...RATE_LIMITS_RAISED,
      ...SERVER_ENV,
    },
    await freePort(),
    PROFILE_DIR ? cpuProfileArgs(PROFILE_DIR) : [],
  );
  const server0 = server;
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `-- ${target.label}, ${seeded.total.toLocaleString('en-IN')} products: seeded in ${seedSeconds.toFixed(1)} s; the server process started and loaded the catalogue in ${loadSeconds.toFixed(1)} s (${memoryOf(server.child.pid)})`,
  );
  // A catalogue past CATALOGUE_HELD_PRODUCTS is served before its search index is built: the runs
  // measure searches once they are matched in memory, as they are from then on.
  if (!(await searchInMemory(server.url)))
    console.log(
      `   search index built in the background: in memory ${secondsSince(loadStarted)} s after the start (${memoryOf(server.child.pid)})`,
    );
  const spans = new Map<string, { app: Span[]; bare: Span[] }>();
  const bare = await bareServer();
  try {
    const port = Number(new URL(server.url).port);
    const api = '/api/v1';
    const get = async (path: string) => {
      const response = await fetch(`${server?.url}${path}`, {
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
      if (ONLY && !ONLY.includes(key)) continue;
      const bodies = new Map<string, Buffer>();
      for (const path of paths) bodies.set(path, await get(path));
      await bare.serve(bodies);
      const scenarioSpans = { app: [] as Span[], bare: [] as Span[] };
      spans.set(scenario, scenarioSpans);
      const result = await compare(
        { port, pid: server.child.pid ?? 0 },
        { port: bare.port, pid: bare.child.pid ?? 0 },
        paths,
        scenarioSpans,
      );
      const row = { db: target.label, products: seeded.total, key, scenario, ...result };
      rows.push(row);
      printRow(row);
    }
    if (!ONLY || ONLY.includes('uncached')) await searchUncached(get, api, seeded.total);
    if (target.databaseUrl) await productWrite(target.databaseUrl, get, api);
    else
      console.log("   (a product write is timed on PostgreSQL only: PGlite is the server process's alone)");
    console.log(`   the server process after these runs: ${memoryOf(server.child.pid)}`);
    await stop(server);
    server = undefined;
  } finally {
    bare.child.disconnect();
    await new Promise((resolve) =>
      bare.child.exitCode === null ? bare.child.once('exit', resolve) : resolve(0),
    );
    if (server) await stop(server);
  }
  if (PROFILE_DIR) {
    const pids = { app: server0.child.pid, bare: bare.child.pid };
    for (const file of profilesSince(PROFILE_DIR, startedAt)) {
      // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile
      const pid = Number(file.split('/').pop()?.split('.')[3]);
      const which = pid === pids.app ? 'app' : pid === pids.bare ? 'bare' : null;
      if (!which) continue;
      const profile = readProfile(file);
      for (const [scenario, scenarioSpans] of spans)
        printProfileSummary(
          `${which === 'app' ? 'the server' : 'bare node:http'} while it answered ${scenario} (${file.split('/').pop()})`,
          summariseProfile(profile, scenarioSpans[which]),
          { owners: 8, functions: which === 'app' ? 12 : 5 },
        );
    }
  }
}

/** A process's resident memory now and at its peak (Linux /proc; elsewhere "memory not known"). */
const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/** Whether the server matched searches in memory at once (else waits until it does, up to 5 minutes). */
async function searchInMemory(url: string): Promise<boolean> {
  const deadline = performance.now() + 300_000;
  for (let first = true; ; first = false) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as { search?: string };
    if (health.search !== 'database') return first;
    if (performance.now() > deadline) throw new Error('the search index was not built within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function memoryOf(pid: number | undefined): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    const mb = (value: number) => `${Math.round(value / 1024).toLocaleString('en-IN')} MB`;
    return `resident ${mb(kb('VmRSS'))}, peak ${mb(kb('VmHWM'))}`;
  } catch {
    return 'memory not known';
  }
}

/**
 * A product write (PostgreSQL, from another process: this one), seen by the server through NOTIFY with
 * no explicit invalidate: the time until its detail answer carries it.
 */
async function productWrite(databaseUrl: string, get: (path: string) => Promise<Buffer>, api: string) {
  const [first] = (
    JSON.parse((await get(`${api}/products?limit=1`)).toString()) as { data: { id: string }[] }
  ).data;
  if (!first) return;
  await withPgClient(databaseUrl, async (client) => {
    const started = performance.now();
    await client.query(`update products set title = 'Bench Rename' where id = $1`, [first.id]);
    const deadline = started + 30_000;
    for (;;) {
      const { title } = JSON.parse((await get(`${api}/products/${first.id}`)).toString()) as {
        title: string;
      };
      if (title === 'Bench Rename') break;
      if (performance.now() > deadline) throw new Error('the write did not reach the catalogue in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    console.log(
      `   a product write was served ${(performance.now() - started).toFixed(0)} ms later (NOTIFY, patched read model)`,
    );
  });
}

async function main() {
  const started = performance.now();
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  console.log(
    `Statefront catalogue bench — ${CONNECTIONS} connections, loopback, identity encoding; against the server process as \`npm run serve\` starts it (NODE_ENV=production, LOG_LEVEL=warn, WORKERS=1) and a bare node:http process; per row ${ROUNDS} alternating rounds of ${SECONDS} s on each (after ${WARM_UP_SECONDS} s warm-up each): median req/s, pooled p50/p99, the server process's CPU µs per answer; ratio = app ÷ bare req/s, cpu ratio = bare ÷ app CPU per answer (medians of the rounds)`,
  );
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `${'db'.padEnd(10)} ${'products'.padStart(7)}  ${'scenario'.padEnd(28)}${'app r/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'µs/req'.padStart(6)}  ${'bare r/s'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'µs/req'.padStart(6)}  ratio  cpu ratio`,
  );
  const rows: Row[] = [];
  const targets: Array<() => Promise<Target>> = DBS.includes('pglite') ? [pgliteTarget] : [];
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (DBS.includes('postgres')) {
    if (databaseUrl) targets.push(() => postgresTarget(databaseUrl));
    else console.log('(set DATABASE_URL to bench PostgreSQL too)');
  }
  for (const makeTarget of targets) {
    for (const products of RUN_SIZES) {
      const target = await makeTarget();
      try {
        await benchTarget(target, products, rows);
      } finally {
        await target.cleanup();
      }
    }
  }
  // Each large catalogue against the 62-product one, per scenario (target at 100k: at most 2x the time).
  console.log('\nlatency at 100,000 products and more vs 62 (p50 / p99; ≤ 2x is the target at 100,000):');
  for (const big of rows.filter((r) => r.products >= SIZES[1]!)) {
    const small = rows.find((r) => r.db === big.db && r.key === big.key && r.products < SIZES[1]!);
    if (!small) continue;
    console.log(
      `${big.db.padEnd(10)} ${String(big.products).padStart(7)} ${big.scenario.padEnd(26)} ${(big.app.p50 / small.app.p50).toFixed(2)}x / ${(big.app.p99 / small.app.p99).toFixed(2)}x  (req/s ${(big.app.rps / small.app.rps).toFixed(2)}x)`,
    );
  }
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
