/**
 * `npm run bench:web`: builds the SPA, starts the production server on a fresh temp PGlite, runs
 * Lighthouse (npm `lighthouse`, default mobile settings: simulated slow 4G and 4x CPU slowdown) three
 * times on every route a visitor can open (a product, a category, a search, a policy page, the sign-in
 * pages, the 404 page…) in Debian's Chromium, and prints the medians of the four category scores, FCP,
 * LCP, TBT and CLS, plus the JS each page downloaded (bytes on the wire, i.e. after content-encoding),
 * each row marked against the targets of docs/performance.md (performance ≥ 95, LCP ≤ 1.5 s,
 * CLS ≤ 0.02, TBT ≤ 100 ms), with the machine's load average beside the table. Stops the server when done.
 *
 * Each run also reads Lighthouse's `benchmarkIndex` (how fast this host ran its CPU yardstick: the
 * simulated 4× slowdown makes TBT depend on it) and the main thread's script evaluation + parse/compile
 * time (the mainthread-work-breakdown audit), printed per route.
 *
 * `--against REF` measures a second build side by side: REF (a commit, e.g. `main` or `HEAD~3`) is
 * checked out into a temporary git worktree (this checkout's node_modules linked in), built and served
 * on the next port, and every route is audited alternately on the two servers, run by run, so both
 * builds meet the same moments of a noisy machine. The table is printed per build, then each route's
 * TBT and script time side by side with the change's share of REF's.
 *
 *   npm run bench:web [-- --no-build] [--runs 3] [--port 8131] [--json out.json] [--against REF]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SERVED, servedServer } from '../tests/faults/procs';
import { loadAverage, median, numberOption, option, printColumns } from './cli-option';

const RUNS = numberOption('runs', 3);
const PORT = numberOption('port', 8131);
const JSON_OUT = option('json', '');
/** `--reports DIR` keeps each run's whole Lighthouse report (DIR/<page>-<n>.json) for a closer look. */
const REPORTS = option('reports', '');
/** `--only /products` audits that page alone (a prefix of the path). */
const ONLY = option('only', '');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** `--against REF`: a second build (git ref) audited alternately with this one. */
const AGAINST = option('against', '');
const AGAINST_ORIGIN = `http://127.0.0.1:${PORT + 1}`;

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  /** Lighthouse's CPU yardstick for this host at the time of the run (higher is faster). */
  benchmarkIndex: number;
  /** Main-thread script evaluation plus parse and compile, ms (simulated 4× CPU). */
  scriptMs: number;
};

async function waitForServer(server: ChildProcess, origin: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${origin}/api/v1/storeInfo`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer on ${origin} within 60 s`);
}

/** The compiled server of this checkout, or of `root` (a worktree built by prepareAgainst). */
function startServer(dataDir: string, origin: string, root?: string): ChildProcess {
  const argv = root ? [...SERVED.flags, join(root, 'dist', '.server', 'index.js')] : servedServer();
  return spawn(process.execPath, argv, {
    cwd: root ?? process.cwd(),
    env: {
      ...SERVED.env,
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      PORT: new URL(origin).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: origin,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping it stops anything it started too.
    detached: true,
  });
}

function stopServer(server: ChildProcess) {
  if (server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // The 404 page answers 404, as it should; Lighthouse audits it anyway (it refuses by default).
    ignoreStatusCode: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (REPORTS) {
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(join(REPORTS, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const breakdown = ((lhr.audits['mainthread-work-breakdown']?.details as { items?: unknown[] } | undefined)
    ?.items ?? []) as { group?: string; duration?: number }[];
  const scriptMs = breakdown
    .filter((item) => item.group === 'scriptEvaluation' || item.group === 'scriptParseCompile')
    .reduce((total, item) => total + (item.duration ?? 0), 0);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
    []) as { resourceType?: string; transferSize?: number }[];
  const bytes = (filter: (r: { resourceType?: string }) => boolean) =>
    requests.filter(filter).reduce((total, r) => total + (r.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: bytes((r) => r.resourceType === 'Script'),
    totalBytes: bytes(() => true),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    scriptMs,
  };
}

/** The targets for every route (Lighthouse mobile medians; docs/performance.md). */
export const WEB_TARGETS = { performance: 95, lcp: 1500, cls: 0.02, tbt: 100 };

/** 'ok', or the targets a page's medians miss. */
export function missedTargets(m: { performance: number; lcp: number; cls: number; tbt: number }): string {
  const missed = [
    m.performance < WEB_TARGETS.performance ? `perf<${WEB_TARGETS.performance}` : '',
    m.lcp > WEB_TARGETS.lcp ? `LCP>${WEB_TARGETS.lcp}` : '',
    m.cls > WEB_TARGETS.cls ? `CLS>${WEB_TARGETS.cls}` : '',
    m.tbt > WEB_TARGETS.tbt ? `TBT>${WEB_TARGETS.tbt}` : '',
  ].filter(Boolean);
  return missed.length ? missed.join(' ') : 'ok';
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): try again. */
async function auditWithRetry(url: string, port: number, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`${url}: ${error instanceof Error ? error.message : String(error)}; retrying`);
    }
  }
}

function printTable(rows: { page: string; runs: Run[] }[], build = '') {
  const head = [
    'page',
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'script ms',
    'CLS',
    'JS KB',
    'all KB',
    'targets',
  ];
  const lines = rows.map(({ page, runs }) => {
    const m = (key: keyof Run) => median(runs.map((run) => run[key]));
    return [
      page,
      String(m('performance')),
      String(m('accessibility')),
      String(m('bestPractices')),
      String(m('seo')),
      m('fcp').toFixed(0),
      m('lcp').toFixed(0),
      m('tbt').toFixed(0),
      m('scriptMs').toFixed(0),
      m('cls').toFixed(3),
      (m('jsBytes') / 1024).toFixed(1),
      (m('totalBytes') / 1024).toFixed(1),
      missedTargets({ performance: m('performance'), lcp: m('lcp'), cls: m('cls'), tbt: m('tbt') }),
    ];
  });
  printColumns(
    `\nLighthouse ${RUNS}x per page, medians (mobile, simulated throttling; bytes as transferred)${build ? ` — ${build}` : ''}:`,
    head,
    lines,
  );
  console.log(`load average ${loadAverage()} (1, 5, 15 min)`);
  console.log(
    `per-run performance: ${rows.map(({ page, runs }) => `${page} ${runs.map((r) => r.performance).join('/')}`).join(' · ')}`,
  );
  const indices = rows.flatMap(({ runs }) => runs.map((run) => run.benchmarkIndex));
  console.log(
    `benchmarkIndex (Lighthouse's CPU yardstick of this host): median ${median(indices).toFixed(0)}, ${Math.min(...indices).toFixed(0)}–${Math.max(...indices).toFixed(0)}`,
  );
}

/** Each route's TBT and script time in both builds, and the change's as a share of REF's. */
function printComparison(
  change: { page: string; runs: Run[] }[],
  against: { page: string; runs: Run[] }[],
  ref: string,
) {
  const head = [
    'page',
    `TBT ${ref}`,
    'TBT change',
    'TBT ×',
    `script ${ref}`,
    'script change',
    'perf ref/change',
  ];
  const lines = change.map(({ page, runs }, i) => {
    const theirs = against[i]?.runs ?? [];
    const m = (list: Run[], key: keyof Run) => median(list.map((run) => run[key]));
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : a > 0 ? '∞' : '1.00');
    return [
      page,
      m(theirs, 'tbt').toFixed(0),
      m(runs, 'tbt').toFixed(0),
      ratio(m(runs, 'tbt'), m(theirs, 'tbt')),
      m(theirs, 'scriptMs').toFixed(0),
      m(runs, 'scriptMs').toFixed(0),
      `${m(theirs, 'performance')}/${m(runs, 'performance')}`,
    ];
  });
  printColumns(
    `\nSide by side, medians of ${RUNS} interleaved runs (TBT ×: the change's TBT over ${ref}'s):`,
    head,
    lines,
  );
}

/** Checks REF out into a temporary worktree with this checkout's node_modules, and builds it there. */
function prepareAgainst(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'statefront-bench-against-'));
  const run = (command: string, args: string[], cwd: string) => {
    const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
  };
  run('git', ['worktree', 'add', '--detach', dir, ref], process.cwd());
  symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'));
  run('npm', ['run', 'build', '--silent'], dir);
  return dir;
}

function removeAgainst(dir: string) {
  spawnSync('git', ['worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const againstDir = AGAINST ? prepareAgainst(AGAINST) : '';
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-bench-web-'));
  const againstData = mkdtempSync(join(tmpdir(), 'statefront-bench-web-against-'));
  const server = startServer(dataDir, ORIGIN);
  const againstServer = againstDir ? startServer(againstData, AGAINST_ORIGIN, againstDir) : undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer(server, ORIGIN);
    if (againstServer) await waitForServer(againstServer, AGAINST_ORIGIN);
    const list = (await (await fetch(`${ORIGIN}/api/v1/products?page=1&limit=1`)).json()) as {
      data?: { id: string }[];
    };
    const productId = list.data?.[0]?.id;
    if (!productId) throw new Error('the catalogue is empty: no product page to audit');
    const pages = [
      '/',
      '/products',
      '/products?category=men',
      '/products?q=kurta',
      `/product/${productId}`,
      '/cart',
      '/wishlist',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password?token=bench',
      '/track-order',
      '/contact',
      '/terms',
      '/order-success',
      '/api-test',
      '/no/such/page',
    ].filter((page) => page.startsWith(ONLY));
    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const rows: { page: string; runs: Run[] }[] = [];
    const againstRows: { page: string; runs: Run[] }[] = [];
    const describe = (run: Run) =>
      `perf ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, seo ${run.seo}, ` +
      `FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, ` +
      `JS ${(run.jsBytes / 1024).toFixed(1)} KB, script ${run.scriptMs.toFixed(0)} ms, benchmarkIndex ${run.benchmarkIndex.toFixed(0)}`;
    for (const page of pages) {
      const runs: Run[] = [];
      const theirs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await auditWithRetry(`${ORIGIN}${page}`, chrome.port);
        console.log(`${page} #${i + 1}${AGAINST ? ' (change)' : ''}: ${describe(run)}`);
        runs.push(run);
        if (!againstServer) continue;
        const their = await auditWithRetry(`${AGAINST_ORIGIN}${page}`, chrome.port);
        console.log(`${page} #${i + 1} (${AGAINST}): ${describe(their)}`);
        theirs.push(their);
      }
      const name = page.startsWith('/product/') ? '/product/{id}' : page;
      rows.push({ page: name, runs });
      if (againstServer) againstRows.push({ page: name, runs: theirs });
      console.log(`load average ${loadAverage()}`);
    }
    if (againstServer) {
      printTable(againstRows, AGAINST);
      printTable(rows, 'the change (this checkout)');
      printComparison(rows, againstRows, AGAINST);
    } else printTable(rows);
    if (JSON_OUT)
      writeFileSync(
        JSON_OUT,
        JSON.stringify(againstServer ? { change: rows, [AGAINST]: againstRows } : rows, null, 2),
      );
  } finally {
    await chrome?.kill();
    stopServer(server);
    if (againstServer) stopServer(againstServer);
    // Give PGlite a moment to release the folder before removing it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(againstData, { recursive: true, force: true });
    if (againstDir) removeAgainst(againstDir);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
