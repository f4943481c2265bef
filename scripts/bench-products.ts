/**
 * Loopback benchmark of the catalogue reads: starts the real app on an ephemeral port (fresh temp
 * PGlite, seeded, rate limits out of the way), fires a bounded number of GET requests at a fixed
 * concurrency, and prints req/s, p50 and p99 per scenario. `npm run bench [-- --requests 3000]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { seedIfEmpty } from '../server/db/seed';
import { loadStoreConfig } from '../server/store-config';

const argIndex = process.argv.indexOf('--requests');
const REQUESTS = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 3000;
const CONCURRENCY = [50, 200];

// The load generator runs on its own thread (plain JS, no loader needed) so it does not share the
// server's event loop and inflate the latencies it measures.
const LOAD_GENERATOR = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { port, paths, concurrency, requests } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
function get(path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.on('end', () => response.statusCode === 200
        ? resolve(performance.now() - started)
        : reject(new Error(path + ' answered ' + response.statusCode)));
    }).on('error', reject);
  });
}
(async () => {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < requests) latencies.push(await get(paths[next++ % paths.length]));
  }));
  agent.destroy();
  parentPort.postMessage({ latencies, seconds: (performance.now() - started) / 1000 });
})().catch((error) => { throw error; });
`;

function run(port: number, paths: string[], concurrency: number, requests = REQUESTS) {
  return new Promise<{ rps: number; p50: number; p99: number }>((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, {
      eval: true,
      workerData: { port, paths, concurrency, requests },
    });
    worker.once('error', reject);
    worker.once('message', ({ latencies, seconds }: { latencies: number[]; seconds: number }) => {
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      resolve({ rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) });
      void worker.terminate();
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'statefront-bench-'));
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }),
    staticDir: null,
    logLevel: 'warn',
    rateLimit: { authMax: 1e9, registerMax: 1e9, trackMax: 1e9, globalMax: 1e9, windowMs: 60_000 },
  };
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    db: database.db,
    store: loadStoreConfig(config.storeConfigPath).store,
    logger: false,
  });
  try {
    await seedIfEmpty(database.db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const ids = (
      (await (await fetch(`http://127.0.0.1:${port}/api/v1/products?limit=100`)).json()) as {
        data: { id: string }[];
      }
    ).data.map((p) => p.id);
    const scenarios: Array<[string, string[]]> = [
      ['GET /products', ['/api/v1/products']],
      ['GET /products?category=men', ['/api/v1/products?category=men']],
      ['GET /products/{id}', ids.map((id) => `/api/v1/products/${id}`)],
    ];
    console.log(
      `Statefront catalogue bench: ${REQUESTS} requests per row, loopback, PGlite, Node ${process.version}`,
    );
    console.log('scenario                        conc    req/s   p50 ms   p99 ms');
    for (const [label, paths] of scenarios) {
      await run(port, paths, 20, 500); // warm-up
      for (const concurrency of CONCURRENCY) {
        const { rps, p50, p99 } = await run(port, paths, concurrency);
        console.log(
          `${label.padEnd(30)} ${String(concurrency).padStart(5)} ${rps.toFixed(0).padStart(8)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}`,
        );
      }
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
