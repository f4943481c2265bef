/**
 * Row 2: a stale PGlite lock whose pid is alive again blocked every restart. In a container the server
 * gets the same pid on each start, so after one kill -9 (or OOM) it refused forever; ordinary pid reuse
 * by another program did the same. Replayed with real servers on one DATA_DIR. The lock is now the
 * kernel's (server/db/lock.ts), so a pid in the file decides nothing; row 14 adds PID namespaces.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/lock';
import {
  attack,
  freePort,
  kill9,
  type Shop,
  servedServer,
  serverEnv,
  spawnLogged,
  startRefused,
  startShop,
  tempDir,
  waitFor,
} from './harness';

const data = tempDir('statefront-row2-');
const lockPath = join(data.path, LOCK_FILE);
const children: ChildProcess[] = [];
let first: Shop;
/** What the kill -9'd server's lock said after its first line (the pid): empty before this change. */
let deadLockTail = '';

beforeAll(async () => {
  first = await startShop({ DATA_DIR: data.path });
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await first?.close();
  data.remove();
});

/** Starts a server on the shared DATA_DIR and waits until it serves; resolves with its pid and a stop. */
async function serveOn(command: string[], env: Record<string, string> = {}) {
  const port = await freePort();
  const { child, output, exited } = spawnLogged(command, {
    env: serverEnv(port, { PAYMENTS: 'sandbox', DATA_DIR: data.path, ...env }),
  });
  children.push(child);
  // Whichever comes first: serving, or exiting (a refusal must fail the test at once, not time out).
  const gone = exited.then(() => {
    throw new Error(`the server exited instead of starting on the DATA_DIR:\n${output()}`);
  });
  const serving = waitFor(`a server on :${port}`, 150_000, async () => {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200;
  });
  await Promise.race([serving, gone]);
  gone.catch(() => {});
  return {
    pid: child.pid as number,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const node = [process.execPath, ...servedServer()];

describe('row 2: a lock left by a dead process never blocks a start', () => {
  it('a live Statefront on the same DATA_DIR is still refused', async () => {
    const refused = await startRefused({ DATA_DIR: data.path, PAYMENTS: 'sandbox' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Another Statefront process (pid ${first.child.pid}) is using DATA_DIR`);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    attack(
      2,
      `a second server on the DATA_DIR of the live pid ${first.child.pid}`,
      'refused: the live server holds the kernel’s lock on statefront.lock (server/db/lock.ts)',
    );
  });

  it('a lock whose pid now belongs to another live program (a sleep) is taken over', async () => {
    await kill9(first);
    const lock = readFileSync(lockPath, 'utf8');
    expect(Number(lock.split('\n')[0])).toBe(first.child.pid);
    deadLockTail = lock.slice(lock.indexOf('\n') + 1);
    // The kernel hands the dead server's pid to an unrelated program: the lock now names a live pid.
    const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    children.push(sleeper);
    writeFileSync(lockPath, `${sleeper.pid}\n${deadLockTail}`);
    const next = await serveOn(node);
    const response = await fetch(`${next.url}/api/v1/products?limit=1`);
    expect(response.status).toBe(200);
    expect(Number(readFileSync(lockPath, 'utf8').split('\n')[0])).toBe(next.pid);
    await next.stop();
    attack(
      2,
      `kill -9 a server, give its lock's pid to a live \`sleep\` (pid ${sleeper.pid}), start again`,
      'started: nobody holds the kernel’s lock; the pid in the file decides nothing',
    );
  });

  it('a lock holding the new server’s own pid (a container restart) is taken over', async () => {
    // `exec` keeps the shell's pid, so the lock names the very process that then starts the server,
    // exactly as a container restart leaves it (the same pid as the killed server had).
    const ownPid = [
      'sh',
      '-c',
      `printf '%s\\n' "$$" > "$DATA_DIR/${LOCK_FILE}" && printf '%s' "$TAIL" >> "$DATA_DIR/${LOCK_FILE}" && exec "$@"`,
      'sh',
      ...node,
    ];
    const restarted = await serveOn(ownPid, { TAIL: deadLockTail });
    expect((await fetch(`${restarted.url}/api/v1/products?limit=1`)).status).toBe(200);
    await restarted.stop();
    attack(
      2,
      `a lock naming the starting server's own pid ${restarted.pid} (as a container restart leaves it)`,
      'started: the kernel released the killed holder’s lock; the pid in the file decides nothing',
    );
  });
});
