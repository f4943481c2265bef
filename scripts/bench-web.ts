/**
 * `npm run bench:web`: builds the SPA, starts the production server on a fresh temp PGlite, runs
 * Lighthouse (npm `lighthouse`, default mobile settings: simulated slow 4G and 4x CPU slowdown) three
 * times on every route a visitor can open (a product, a category, a search, a policy page, the sign-in
 * pages, the 404 page…) in Debian's Chromium, and prints the medians of the four category scores, FCP,
 * LCP, TBT and CLS, plus the JS each page downloaded (bytes on the wire, i.e. after content-encoding),
 * each row marked against issue 25's targets (performance ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.02, TBT ≤ 100 ms),
 * with the machine's load average beside the table. Stops the server when done.
 *
 *   npm run bench:web [-- --no-build] [--runs 3] [--port 8131] [--json out.json]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { option } from './cli-option';

const RUNS = Number(option('runs', '3'));
const PORT = Number(option('port', '8131'));
const JSON_OUT = option('json', '');
/** `--reports DIR` keeps each run's whole Lighthouse report (DIR/<page>-<n>.json) for a closer look. */
const REPORTS = option('reports', '');
/** `--only /products` audits that page alone (a prefix of the path). */
const ONLY = option('only', '');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ORIGIN = `http://127.0.0.1:${PORT}`;

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
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function waitForServer(server: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${ORIGIN}/api/v1/storeInfo`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer on ${ORIGIN} within 60 s`);
}

function startServer(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: ORIGIN,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group, so stopping it also stops the tsx child.
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
  };
}

/** Issue 25's targets for every route (Lighthouse mobile medians). */
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

function printTable(rows: { page: string; runs: Run[] }[]) {
  const head = [
    'page',
    'perf',
    'a11y',
    'bp',
    'seo',
    'FCP ms',
    'LCP ms',
    'TBT ms',
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
      m('cls').toFixed(3),
      (m('jsBytes') / 1024).toFixed(1),
      (m('totalBytes') / 1024).toFixed(1),
      missedTargets({ performance: m('performance'), lcp: m('lcp'), cls: m('cls'), tbt: m('tbt') }),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] as string).length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number)))
      .join('  ');
  console.log(
    `\nLighthouse ${RUNS}x per page, medians (mobile, simulated throttling; bytes as transferred):`,
  );
  console.log(format(head));
  for (const line of lines) console.log(format(line));
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  console.log(
    `per-run performance: ${rows.map(({ page, runs }) => `${page} ${runs.map((r) => r.performance).join('/')}`).join(' · ')}`,
  );
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-bench-web-'));
  const server = startServer(dataDir);
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer(server);
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
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await auditWithRetry(`${ORIGIN}${page}`, chrome.port);
        console.log(
          `${page} #${i + 1}: perf ${run.performance}, a11y ${run.accessibility}, bp ${run.bestPractices}, seo ${run.seo}, ` +
            `FCP ${run.fcp.toFixed(0)} ms, LCP ${run.lcp.toFixed(0)} ms, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, ` +
            `JS ${(run.jsBytes / 1024).toFixed(1)} KB`,
        );
        runs.push(run);
      }
      rows.push({ page: page.startsWith('/product/') ? '/product/{id}' : page, runs });
      console.log(
        `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
    }
    printTable(rows);
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
  } finally {
    await chrome?.kill();
    stopServer(server);
    // Give PGlite a moment to release the folder before removing it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
