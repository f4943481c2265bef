/**
 * Real processes for the fault tests and the nginx recipe: Statefront servers, a private PostgreSQL
 * and a private Redis, each on its own loopback port in a temp folder, so killing or restarting them
 * never touches the machine's shared services.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildServerBundle } from '../../scripts/server-bundle';

const execFileAsync = promisify(execFile);

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const until = (ms: number) => AbortSignal.timeout(ms);
export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Polls `check` every `every` ms (50 by default: every check here is a loopback request or a look at
 * what was already collected) until it returns true, or throws `what` after `ms`. A check that
 * throws counts as false.
 */
export async function waitFor(what: string, ms: number, check: () => Promise<boolean> | boolean, every = 50) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(every);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/**
 * How many `method url` requests a server has taken so far, from the "incoming request" lines Fastify
 * logs at LOG_LEVEL=info as it routes each one. A drain test waits on this, not on a sleep, before it
 * signals: on a loaded machine requests sent 30 ms earlier had not yet arrived (CI once saw 3 refused
 * and 1 answered 503 after the port had closed).
 */
export function arrivals(output: string, method: string, url: string): number {
  let count = 0;
  for (const line of output.split('\n')) {
    if (!line.includes('"msg":"incoming request"')) continue;
    try {
      const { req } = JSON.parse(line) as { req?: { method?: string; url?: string } };
      if (req?.method === method && req.url === url) count++;
    } catch {
      // Not a log line of the server's (npm's own output, a partial chunk).
    }
  }
  return count;
}

/** A loopback port nobody listens on now, from the OS. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Every per-IP rate limit raised out of the way: a benchmark's load comes from one loopback address,
 * which the limits would otherwise answer with 429s (npm run bench, npm run bench:checkout).
 */
export const RATE_LIMITS_RAISED: Record<string, string> = Object.fromEntries(
  ['AUTH', 'REGISTER', 'TRACK', 'RESET', 'CONTACT', 'GLOBAL'].map((name) => [
    `RATE_LIMIT_${name}_MAX`,
    '1000000000',
  ]),
);

/**
 * The environment a test runs a Statefront server in: a production server on `port` of the loopback
 * address, logging warnings only, and nothing of this process's environment but PATH and HOME.
 */
/**
 * The signed operators' API of every server started here (tests/faults/shop.ts stocks the basket up
 * through it, so a scenario's orders never run out of the demo catalogue's few units).
 */
export const FAULTS_FULFILMENT_SECRET = 'faults-fulfilment-secret-0123456789abcdef';

export function serverEnv(port: number, env: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    FULFILMENT_SECRET: FAULTS_FULFILMENT_SECRET,
    ...SERVED.env,
    ...env,
  };
}

/**
 * Spawns `argv` from the repository root and keeps what it prints (stdout and stderr, as one text),
 * so a test can show why a process it started failed.
 */
export function spawnLogged(
  argv: readonly string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; detached?: boolean },
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const [command, ...args] = argv;
  const child = spawn(command as string, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, to be signalled as one (`process.kill(-pid, …)`).
    detached: options.detached ?? false,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, output: () => output, exited };
}

let bundle: string | undefined;

/**
 * How `npm run serve` starts node, read from package.json so tests and benches run the process users
 * run: the variables it sets before `node` (a `${NAME:-default}` counts as its default) and node's
 * flags before the script.
 */
export const SERVED = ((): { env: Record<string, string>; flags: string[] } => {
  const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  const words = (scripts.serve ?? '').split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0) throw new Error(`package.json's serve script does not start node: ${scripts.serve}`);
  const env: Record<string, string> = {};
  for (const word of words.slice(0, node)) {
    const [name, value] = word.split(/=(.*)/s) as [string, string];
    if (name !== 'NODE_ENV') env[name] = /^\$\{\w+:-(.*)\}$/.exec(value)?.[1] ?? value;
  }
  return { env, flags: words.slice(node + 1).filter((word) => word.startsWith('--')) };
})();

/**
 * The compiled server as `npm run serve` runs it (`node <SERVED.flags> dist/.server/index.js`),
 * built once per process from the sources as they are (scripts/server-bundle.ts): the argv to spawn.
 * Spawn it with SERVED.env among its variables.
 */
export function servedServer(): string[] {
  bundle ??= buildServerBundle();
  return [...SERVED.flags, bundle];
}

/**
 * Runs the server as `npm run serve` does (servedServer) and resolves once it listens. Rejects (with
 * the output) when it exits first.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  /** Extra node flags, e.g. the checkout bench's --cpu-prof (not allowed in NODE_OPTIONS). */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const { child, output, exited } = spawnLogged(
    [process.execPath, ...nodeArgs, ...servedServer()],
    // The test shop takes sandbox payments on purpose (production refuses to start without a gateway).
    { env: serverEnv(port, { PAYMENTS: 'sandbox', ...env }) },
  );
  const url = `http://127.0.0.1:${port}`;
  const server = { child, url, output, exited };
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  // Not waitFor: it counts a throwing check as "not yet", so a server that exited at once (a refused
  // start, which test:faults provokes on purpose) used to be reported only after the whole 150 s.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!gone) {
    const healthy = await fetch(`${url}/api/health`, { signal: until(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() >= deadline) {
      child.kill('SIGKILL');
      throw new Error(`timed out after ${START_TIMEOUT_MS} ms waiting for the server on :${port}`);
    }
    // Polled every 50 ms, or at once when the process exits.
    await Promise.race([sleep(50), exited]);
  }
  throw new Error(`server on :${port} exited before serving:\n${output().slice(-2000)}`);
}

/** How long a starting server may take to answer its health check (a cold tsx cache, a slow CI). */
export const START_TIMEOUT_MS = 150_000;

export async function kill9(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function stop(server: ServerProcess) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Runs `argv` as the postgres user when we are root (initdb refuses root). */
function asPostgres(argv: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...argv] : argv;
}

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base)
    ? readdirSync(base)
        .filter((entry) => existsSync(join(base, entry, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  if (!version) throw new Error(`PostgreSQL's ${name} not found under ${base} (apt-get install postgresql)`);
  return join(base, version, 'bin', name);
}

export interface PrivatePostgres {
  url: string;
  port: number;
  start: () => Promise<void>;
  /** pg_ctl stop -m fast: every connection dropped, as in a restart or a failover. */
  stop: () => void;
  destroy: () => void;
}

/**
 * A throwaway PostgreSQL cluster (trust auth on loopback) with one database, `statefront`.
 * `maxConnections` (default 60) is raised by the checkout bench, whose baseline opens one per shopper.
 */
export async function startPostgres(port: number, maxConnections = 60): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'statefront-faults-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, uid, uid);
  }
  const data = join(dir, 'data');
  const run = (argv: string[]) => {
    const [command, ...args] = asPostgres(argv);
    execFileSync(command as string, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  // initdb, start and CREATE DATABASE without blocking the event loop: test:faults sets PostgreSQL up
  // while its PGlite scenarios run their servers and shoppers.
  const runAsync = async (argv: string[]) => {
    const [command, ...args] = asPostgres(argv);
    await execFileAsync(command as string, args);
  };
  await runAsync([pgBin('initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const start = async () => {
    await runAsync([
      pgBin('pg_ctl'),
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections}`,
      'start',
    ]);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/statefront`;
  await runAsync([
    'psql',
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    '-qc',
    'CREATE DATABASE statefront',
  ]);
  return {
    url,
    port,
    start,
    stop: () => run([pgBin('pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']),
    destroy: () => {
      try {
        run([pgBin('pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A redis-server with no persistence on a loopback port. */
export async function startRedis(port: number): Promise<PrivateRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    const next = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = next;
    await new Promise<void>((ready, fail) => {
      let out = '';
      next.stdout?.on('data', (chunk) => {
        out += chunk;
        if (out.includes('Ready to accept connections') || out.includes('ready to accept connections'))
          ready();
      });
      next.once('exit', (code) => fail(new Error(`redis-server exited (${code}): ${out}`)));
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop: async () => {
      const current = child;
      // Killed by a signal, a process has no exit code: without the second test a Redis stopped by a
      // scenario that then failed made the clean-up wait forever for an exit that had happened.
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const gone = new Promise((done) => current.once('exit', done));
      current.kill('SIGKILL');
      await gone;
    },
  };
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
export const repoPath = (...parts: string[]) => resolve(ROOT, ...parts);
