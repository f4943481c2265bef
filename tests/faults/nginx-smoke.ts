/**
 * Browser smoke of the deploy recipe (docs/deploy.md): two servers on a private PostgreSQL with
 * limits in a private Redis, Debian's nginx in front (scripts/start-cluster.ts), and Debian's
 * Chromium loading the home page and a product through nginx; then one server is killed and the shop
 * must still load through the other. Needs `npm run build`. Loopback ports 8180-8184.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { startCluster } from '../../scripts/start-cluster';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/shop';
import { repoPath, startPostgres, startRedis } from './procs';

const PORT = 8180;

async function main() {
  if (!existsSync(repoPath('dist/index.html')))
    throw new Error('dist/ is missing: run `npm run build` first');
  const postgres = await startPostgres(8183);
  const redis = await startRedis(8184);
  const logs: string[] = [];
  let browser: Browser | undefined;
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  try {
    cluster = await startCluster({
      port: PORT,
      processes: 2,
      env: {
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        SANDBOX_SECRET: 'smoke-sandbox-secret-0123456789abcdef',
        RESET_SECRET: 'smoke-reset-secret-0123456789abcdef01',
        LOG_LEVEL: 'warn',
      },
      log: (line) => logs.push(line),
    });
    console.log(
      `nginx on ${cluster.url} in front of 2 processes (pids ${cluster.servers.map((s) => s.pid)})`,
    );
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${cluster.url}/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Featured Styles' }).waitFor({ timeout: 60_000 });
    const firstProduct = page.locator('a[href^="/product/"]').first();
    await firstProduct.waitFor({ timeout: 60_000 });
    const href = await firstProduct.getAttribute('href');
    console.log(`✓ home page through nginx: "${await page.title()}", first product ${href}`);

    await page.goto(`${cluster.url}${href}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor({ timeout: 60_000 });
    const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
    console.log(`✓ product page through nginx: "${heading?.trim()}"`);
    // SHOTS_DIR=… keeps a look at what nginx served, at desktop and phone widths.
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      await page.screenshot({ path: join(shots, 'nginx-product-1280.png') });
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: join(shots, 'nginx-product-375.png') });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // One process gone: nginx must route every request to the other.
    const [victim] = cluster.servers;
    victim?.kill('SIGKILL');
    await new Promise((done) => victim?.once('exit', done));
    await page.goto(`${cluster.url}/products`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'All Products' }).waitFor({ timeout: 60_000 });
    await page.goto(`${cluster.url}${href}`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor({ timeout: 60_000 });
    const health = await fetch(`${cluster.url}/api/health`);
    const body = await health.json();
    if (health.status !== 200 || body.redis !== 'ok')
      throw new Error(`health: ${health.status} ${JSON.stringify(body)}`);
    console.log(
      `✓ with process ${victim?.pid} killed, the products list and the product still load; health ${JSON.stringify(body)}`,
    );
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    console.log('nginx smoke passed');
  } catch (error) {
    console.error(logs.slice(-40).join('\n'));
    throw error;
  } finally {
    await browser?.close();
    await cluster?.stop();
    await redis.stop();
    postgres.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`nginx smoke FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
