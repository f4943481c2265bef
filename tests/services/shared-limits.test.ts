import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../server/context';
import { loadConfig } from '../../server/infra/config';
import { LocalWindowCounter, RedisWindowCounter } from '../../server/infra/window-counter';
import { classifyError } from '../../server/plugins/error-handler';
import { API, createTestApp, type TestApp } from '../server/helpers';

// A private redis-server on a unix socket in a temp folder: no port to collide with, and stopping it
// (the outage test) cannot disturb anyone else's Redis.
const dir = mkdtempSync(join(tmpdir(), 'statefront-redis-'));
const socket = join(dir, 'redis.sock');
let server: ChildProcess;
const clients: Redis[] = [];
const apps: TestApp[] = [];

function client(): Redis {
  const redis = new Redis({ path: socket, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  redis.on('error', () => {});
  clients.push(redis);
  return redis;
}

async function startRedis() {
  server = spawn(
    'redis-server',
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    server.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('ready to accept connections')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
}

const limits = {
  authMax: 10,
  registerMax: 50,
  trackMax: 60,
  resetMax: 10,
  contactMax: 3,
  globalMax: 10_000,
  windowMs: 60_000,
};

beforeAll(async () => {
  await startRedis();
  for (let i = 0; i < 2; i++) {
    const redis = client();
    await new Promise((resolve) => redis.once('ready', resolve));
    apps.push(await createTestApp({ rateLimit: limits as ServerConfig['rateLimit'] }, { redis }));
  }
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const redis of clients) redis.disconnect();
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const wrongPassword = (t: TestApp, email: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `${API}/users/authorize`,
    payload: { email, password: 'not-the-password' },
    remoteAddress: ip,
  });

describe('limits shared through Redis (REDIS_URL)', () => {
  it('counts failed sign-ins across processes: the 11th, on either, is 429 with Retry-After', async () => {
    const email = 'shared-victim@example.in';
    for (let i = 0; i < 10; i++) {
      const response = await wrongPassword(apps[i % 2] as TestApp, email);
      expect(response.statusCode).toBe(401);
    }
    for (const t of apps) {
      const response = await wrongPassword(t, email);
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(50);
      expect(response.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    }
  });

  it('counts each limited operation on its own key: contacts spent leave the newsletter and reset alone', async () => {
    const ip = '10.4.0.1';
    const post = (t: TestApp, path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `${API}${path}`, payload, remoteAddress: ip });
    const contact = { name: 'Asha', email: 'asha@example.in', subject: 'Sizes', message: 'Hello' };
    for (let i = 0; i < 3; i++)
      expect((await post(apps[i % 2] as TestApp, '/contact', contact)).statusCode).toBe(202);
    expect((await post(apps[0] as TestApp, '/contact', contact)).statusCode).toBe(429);
    const newsletter = await post(apps[1] as TestApp, '/newsletter/subscriptions', {
      email: 'asha@example.in',
    });
    expect(newsletter.statusCode).toBe(202);
    const reset = await post(apps[0] as TestApp, '/users/password-reset', { email: 'asha@example.in' });
    expect(reset.statusCode).toBe(202);
    // The keys name the route (the plugin's `routeInfo`), never `undefinedundefined`.
    const keys = await (clients[0] as Redis).keys('*undefined*');
    expect(keys).toEqual([]);
  });

  it('holds the limit for 60 concurrent wrong passwords spread over both processes', async () => {
    const email = 'burst-victim@example.in';
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => wrongPassword(apps[i % 2] as TestApp, email, '10.3.0.1')),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((c) => c === 401).length).toBeGreaterThan(0);
  });

  it('takes back a hit with a Lua script, never below 0 nor on an ended window', async () => {
    const counter = new RedisWindowCounter(client(), 'test-undo:');
    await new Promise((resolve) => clients.at(-1)?.once('ready', resolve));
    await counter.hit('k', 60_000);
    await counter.hit('k', 60_000);
    await counter.undo('k');
    expect((await counter.peek('k')).count).toBe(1);
    await counter.undo('k');
    await counter.undo('k');
    expect((await counter.peek('k')).count).toBe(0);
    // No key left behind without an expiry (a DECR on a missing key would make one at -1 forever).
    expect(await clients.at(-1)?.exists('test-undo:k')).toBe(0);
  });

  it('opens a window once even when processes hit a new key at the same moment', async () => {
    const a = new RedisWindowCounter(client(), 'test:');
    const b = new RedisWindowCounter(client(), 'test:');
    await Promise.all(
      clients.slice(-2).map((redis) => new Promise((resolve) => redis.once('ready', resolve))),
    );
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('burst', 5000)),
    );
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect((await a.peek('burst')).ttlMs).toBeGreaterThan(4000);
  });

  it('reports health at /api/health and /api/v1/health, never cached, and 503 once draining', async () => {
    const t = apps[1] as TestApp;
    for (const url of ['/api/health', `${API}/health`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        status: 'ok',
        database: 'ok',
        redis: 'ok',
        draining: false,
        search: 'memory',
      });
    }
    t.app.health.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({
      status: 'down',
      database: 'ok',
      redis: 'ok',
      draining: true,
      search: 'memory',
    });
  });

  it('keeps serving when Redis goes away, each process then enforcing the limits itself', async () => {
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    const t = apps[0] as TestApp;
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'ok', redis: 'down' });

    const products = await t.app.inject({ method: 'GET', url: `${API}/products?limit=1` });
    expect(products.statusCode).toBe(200);
    const email = 'outage-victim@example.in';
    for (let i = 0; i < 10; i++) expect((await wrongPassword(t, email, '10.2.0.1')).statusCode).toBe(401);
    expect((await wrongPassword(t, email, '10.2.0.1')).statusCode).toBe(429);
  });
});

describe('one process (no REDIS_URL)', () => {
  it('the local counter restarts a key once its window has passed', async () => {
    let now = 1_000;
    const counter = new LocalWindowCounter(() => now);
    expect((await counter.hit('k', 100)).count).toBe(1);
    expect((await counter.hit('k', 100)).count).toBe(2);
    now += 100;
    expect(await counter.peek('k')).toEqual({ count: 0, ttlMs: 0 });
    expect(await counter.hit('k', 100)).toEqual({ count: 1, ttlMs: 100 });
  });
});

describe('several processes need shared signing keys', () => {
  it('refuses WORKERS > 1 on PGlite', () => {
    expect(() => loadConfig({ WORKERS: '2', SANDBOX_SECRET: 's', RESET_SECRET: 'r' })).toThrow(
      /WORKERS=2 needs DATABASE_URL/,
    );
  });

  it('refuses REDIS_URL or WORKERS without SANDBOX_SECRET and RESET_SECRET, naming what is missing', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /REDIS_URL is set.*set SANDBOX_SECRET and RESET_SECRET/,
    );
    expect(() =>
      loadConfig({ WORKERS: '4', DATABASE_URL: 'postgres://127.0.0.1/x', SANDBOX_SECRET: 's' }),
    ).toThrow(/WORKERS=4.*set RESET_SECRET \(/);
    const config = loadConfig({
      NODE_ENV: 'development',
      WORKERS: '4',
      DATABASE_URL: 'postgres://127.0.0.1/x',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SANDBOX_SECRET: 'shared-sandbox',
      RESET_SECRET: 'shared-reset',
    });
    expect(config).toMatchObject({ workers: 4, redisUrl: 'redis://127.0.0.1:6379' });
    expect(config.payments.sandboxSecret).toBe('shared-sandbox');
  });

  it('keeps one process without REDIS_URL as it was: random keys allowed', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.redisUrl).toBeNull();
    expect(config.workers).toBe(1);
  });
});

describe('database unreachable', () => {
  it('answers 503 JSON with Retry-After, whether node-postgres or Drizzle reports it', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: shutdown });
    for (const error of [refused, wrapped, new Error('Connection terminated unexpectedly')]) {
      expect(classifyError(error)).toEqual({
        status: 503,
        message: 'The shop is briefly unavailable, please try again in a moment',
        headers: { 'Retry-After': '5' },
      });
    }
    // A bug stays a 500: only connection failures mean "try again".
    expect(classifyError(Object.assign(new Error('syntax error'), { code: '42601' })).status).toBe(500);
  });
});
