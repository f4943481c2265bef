/**
 * `npm run start:cluster`: the deploy recipe of docs/deploy.md on one machine. Starts PROCESSES
 * (default 2) Statefront servers on PostgreSQL with shared limits in Redis, each on its own loopback
 * port, and Debian's nginx in front of them on PORT (default 8150), from deploy/nginx.conf rendered
 * into a private prefix. Ctrl-C / SIGTERM drains the servers and stops nginx.
 *
 * Needs DATABASE_URL, REDIS_URL, SANDBOX_SECRET and RESET_SECRET (the servers refuse to start
 * without the secrets once REDIS_URL is set), and `npm run build` for the shop itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVED, servedServer } from '../tests/faults/procs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find(existsSync);

export interface ClusterOptions {
  /** nginx's loopback port. */
  port: number;
  /** How many server processes (ports port+1 … port+processes). */
  processes: number;
  /** The servers' environment: DATABASE_URL, REDIS_URL, SANDBOX_SECRET, RESET_SECRET, … */
  env: Record<string, string | undefined>;
  /** Where the servers' and nginx's output goes. */
  log?: (line: string) => void;
}

export interface Cluster {
  url: string;
  servers: ChildProcess[];
  nginx: ChildProcess;
  /** SIGTERM to every server (they drain), then nginx; resolves once all have exited. */
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

async function waitHealthy(url: string, child: ChildProcess, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} before serving`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not become healthy within ${ms} ms`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!NGINX) throw new Error('nginx not found: apt-get install nginx-light (docs/deploy.md)');
  const log = options.log ?? ((line: string) => console.log(line));
  const prefix = mkdtempSync(join(tmpdir(), 'statefront-nginx-'));
  for (const dir of ['client_body', 'proxy']) mkdirSync(join(prefix, dir));
  const backends = Array.from({ length: options.processes }, (_, i) => options.port + 1 + i);

  const servers = backends.map((port) => {
    const child = spawn(process.execPath, servedServer(), {
      cwd: ROOT,
      env: {
        ...SERVED.env,
        ...process.env,
        NODE_ENV: 'production',
        // A demo cluster takes sandbox payments unless the caller's env chooses PayU.
        PAYMENTS: process.env.PAYMENTS ?? (process.env.PAYU_KEY ? 'payu' : 'sandbox'),
        ...options.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        // The client's address comes from nginx's X-Forwarded-For: without it every shopper would
        // share nginx's address, and with it one rate limit.
        TRUST_PROXY: '127.0.0.1',
        WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) log(`[server :${port}] ${line}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    return child;
  });

  const stopServers = async () => {
    for (const child of servers) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(servers.map(exited));
  };
  try {
    await Promise.all(
      servers.map((child, i) => waitHealthy(`http://127.0.0.1:${backends[i]}`, child, 150_000)),
    );
  } catch (error) {
    for (const child of servers) child.kill('SIGKILL');
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }

  const template = readFileSync(resolve(ROOT, 'deploy/nginx.conf'), 'utf8');
  const config = template
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@PORT@', String(options.port))
    .replace(
      '@UPSTREAMS@',
      backends.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n'),
    );
  writeFileSync(join(prefix, 'nginx.conf'), config);
  const nginx = spawn(
    NGINX,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  nginx.stderr?.on('data', (chunk: Buffer) => log(`[nginx] ${chunk.toString().trim()}`));
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitHealthy(url, nginx, 20_000);
  } catch (error) {
    nginx.kill('SIGKILL');
    await stopServers();
    const errors = existsSync(join(prefix, 'error.log'))
      ? readFileSync(join(prefix, 'error.log'), 'utf8')
      : '';
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${errors}`);
  }

  return {
    url,
    servers,
    nginx,
    stop: async () => {
      await stopServers();
      // SIGQUIT: nginx's graceful shutdown (finishes the requests it is proxying).
      if (nginx.exitCode === null) nginx.kill('SIGQUIT');
      await exited(nginx);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

async function main() {
  const port = Number(process.env.PORT ?? 8150);
  const processes = Number(process.env.PROCESSES ?? 2);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT must be a port (got ${port})`);
  if (!Number.isInteger(processes) || processes < 1 || processes > 32)
    throw new Error(`PROCESSES must be 1 to 32 (got ${processes})`);
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SANDBOX_SECRET', 'RESET_SECRET'])
    if (!process.env[name]?.trim()) throw new Error(`${name} is required (docs/deploy.md)`);
  const { PORT: _port, PROCESSES: _processes, ...env } = process.env;
  const cluster = await startCluster({ port, processes, env });
  console.log(`Statefront is running at ${cluster.url}: nginx in front of ${processes} processes`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: draining the servers, then stopping nginx`);
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  for (const child of cluster.servers)
    child.once('exit', (code) => {
      if (!stopping) console.error(`a server exited (code ${code}); nginx sends its share to the others`);
    });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`start:cluster failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
