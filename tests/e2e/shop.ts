/**
 * What every browser runner shares: Debian's Chromium and the flags it runs with here, and a fresh
 * production server on PGlite in a temp DATA_DIR (tests/e2e/run.ts, tests/journeys/run.ts,
 * tests/faults/nginx-smoke.ts). Never downloads a browser: CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { SERVED, servedServer } from '../faults/procs';

const ROOT = resolve(import.meta.dirname, '../..');

/** The fulfilment webhook's secret of the servers the browser checks start: checks sign with it. */
export const E2E_FULFILMENT_SECRET = 'e2e-fulfilment-secret-0123456789abcdef0123';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium for a shopper whose phone has a UPI app: a fresh profile in which each of `origins` may open
 * `upi://` links without asking (what ticking "Always allow … to open links of this type" saves), so
 * the payment page's hand-over to the UPI app is real and the page stays usable, as on a phone where
 * the app opens and the shopper comes back. Without it a browser with no UPI app shows its tab-modal
 * "Open app?" prompt, under which the page takes no input; headless Chromium draws that prompt nowhere
 * (docs/decisions/0006-upi-app-hand-over.md). Contexts made with `browser.newContext()` inherit it.
 */
export async function launchShopperBrowser(origins: readonly string[]): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'statefront-chromium-'));
  mkdirSync(join(profile, 'Default'));
  const pairs = Object.fromEntries(origins.map((origin) => [new URL(origin).origin, { upi: true }]));
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ protocol_handler: { allowed_origin_protocol_pairs: pairs } }),
  );
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const browser = context.browser();
  if (!browser) throw new Error('Chromium started without a browser to make contexts in');
  browser.once('disconnected', () => {
    // Chromium's last writes can race the removal; a leftover temp profile is harmless.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    } catch {}
  });
  return browser;
}

export type Shop = { base: string; stop: () => Promise<void> };

/**
 * Starts `server/index.ts` on `port` with a fresh DATA_DIR and waits until it answers. `portVariable`
 * names the setting that moves the port, for the message when something already listens there.
 */
export async function startShop(options: {
  port: number;
  portVariable: string;
  label: string;
  env?: Record<string, string>;
}): Promise<Shop> {
  const { port, portVariable, label, env = {} } = options;
  const base = `http://localhost:${port}`;
  // A server left on the port (another run, a dev server) would answer in place of the fresh one.
  const stale = await fetch(`${base}/api/v1/storeInfo`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${port} is already in use: stop that server or set ${portVariable}`);
  const dataDir = mkdtempSync(join(tmpdir(), `statefront-${label}-`));
  // The server as `npm run serve` runs it (the compiled server under plain node, no wrapper process), in
  // its own process group: stopping the group stops anything it started too.
  const child: ChildProcess = spawn(process.execPath, servedServer(), {
    cwd: ROOT,
    detached: true,
    env: {
      ...SERVED.env,
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      FULFILMENT_SECRET: E2E_FULFILMENT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${base}/api/v1/storeInfo`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    stop: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        process.kill(-child.pid, 'SIGTERM');
        // Graceful shutdown closes the app, then PGlite, then releases the DATA_DIR lock.
        const forced = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
        await exited;
        clearTimeout(forced);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
