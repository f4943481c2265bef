/**
 * Row 14: two servers in two PID namespaces (two containers on one volume) both took the PGlite lock.
 * Each is pid 1 in its namespace, so the second read the lock's pid as its own and took it over as
 * stale: split brain, and one side's acknowledged writes were lost. Replayed with `unshare --pid`, the
 * kernel's own PID namespaces, as a container runtime makes them (root only: CI runs as root).
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ServerProcess } from '../faults/procs';
import { copySeededPglite } from '../setup/seeded-pglite';
import { attack, freePort, kill9, servedServer, serverEnv, spawnLogged, tempDir } from './harness';

const data = tempDir('statefront-row14-');
const template = inject('pgliteTemplate');
if (template) copySeededPglite(template, data.path);
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) if (server.child.exitCode === null) await kill9(server);
  data.remove();
});

/**
 * `server/index.ts` as pid 1 of a new PID namespace with its own /proc, on the shared DATA_DIR.
 * `--kill-child` ends the namespace's init (the server) when unshare itself is killed.
 */
async function inContainer(port: number): Promise<ServerProcess> {
  const { child, output, exited } = spawnLogged(
    [
      'unshare',
      '--pid',
      '--fork',
      '--mount-proc',
      '--kill-child=SIGKILL',
      process.execPath,
      ...servedServer(),
    ],
    { env: serverEnv(port, { PAYMENTS: 'sandbox', DATA_DIR: data.path }) },
  );
  const server = { child, url: `http://127.0.0.1:${port}`, output, exited };
  running.push(server);
  return server;
}

/** Resolves 'serving' once the server answers its health check, or 'exited' when it ends first. */
async function outcome(server: ServerProcess): Promise<'serving' | 'exited'> {
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 120_000;
  while (!gone && Date.now() < deadline) {
    const healthy = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return 'serving';
    await new Promise((done) => setTimeout(done, 100));
  }
  if (gone) return 'exited';
  throw new Error(`neither serving nor exited after 120 s:\n${server.output()}`);
}

describe('row 14: one writer per data folder, whatever the PID namespaces', () => {
  it('a second server in another PID namespace on the same DATA_DIR is refused', async () => {
    const first = await inContainer(await freePort());
    expect(await outcome(first), first.output()).toBe('serving');
    const second = await inContainer(await freePort());
    expect(await outcome(second), second.output()).toBe('exited');
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is using DATA_DIR');
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    attack(
      14,
      'two servers, each pid 1 of its own PID namespace (`unshare --pid`), on one DATA_DIR',
      'the second refused: the lock is an OFD lock the kernel holds for the first (server/db/lock.ts)',
    );
  });

  it('after kill -9 of a namespace’s server, the next one (pid 1 again) starts', async () => {
    for (const server of running) if (server.child.exitCode === null) await kill9(server);
    const restarted = await inContainer(await freePort());
    expect(await outcome(restarted), restarted.output()).toBe('serving');
    const products = await fetch(`${restarted.url}/api/v1/products?limit=1`);
    expect(products.status).toBe(200);
    attack(
      14,
      'kill -9 the server of one namespace, start another as pid 1 on the same DATA_DIR',
      'started: the kernel released the dead holder’s lock with its last file descriptor',
    );
  });
});
