import type { Redis } from 'ioredis';

/** A count of hits on one key within a fixed window that starts at the key's first hit. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends (and the count restarts at 0). */
  ttlMs: number;
}

/**
 * Fixed-window counters, the one primitive behind the rate limits and the failed-sign-in throttle.
 * In this process by default; in Redis with REDIS_URL so that every process counts together.
 */
export interface WindowCounter {
  /** Counts one hit on `key` and returns the count including it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The current count of `key` without counting (0 when no window is open). */
  peek(key: string): Promise<WindowCount>;
  /**
   * Takes back one hit on `key` (a sign-in that succeeded after counting itself): never below 0, and
   * nothing when the window has ended meanwhile.
   */
  undo(key: string): Promise<void>;
}

const MAX_LOCAL_KEYS = 10_000;
/** How much later a shared window may end than ours and still be the same window (reply latency). */
const MIRROR_SLACK_MS = 1000;

export class LocalWindowCounter implements WindowCounter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    let entry = this.#live(key, now);
    if (entry) entry.count++;
    else {
      if (this.#windows.size >= MAX_LOCAL_KEYS) this.#prune(now);
      entry = { count: 1, resetAt: now + windowMs };
      this.#windows.set(key, entry);
    }
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.now();
    const entry = this.#live(key, now);
    return entry ? { count: entry.count, ttlMs: entry.resetAt - now } : { count: 0, ttlMs: 0 };
  }

  async undo(key: string): Promise<void> {
    const entry = this.#live(key, this.now());
    if (!entry) return;
    entry.count--;
    if (entry.count <= 0) this.#windows.delete(key);
  }

  /**
   * Takes a shared counter's answer for `key` as this process's count too (FallbackWindowCounter), so
   * a fall back to local counting goes on from there instead of from 0. Within the same window the
   * higher count stands (a reply may arrive after later hits were counted here); a window that ends
   * later than ours is a new one and replaces it.
   */
  mirror(key: string, shared: WindowCount): void {
    const now = this.now();
    const resetAt = now + shared.ttlMs;
    const entry = this.#live(key, now);
    if (entry && resetAt <= entry.resetAt + MIRROR_SLACK_MS)
      entry.count = Math.max(entry.count, shared.count);
    else if (shared.count > 0) {
      if (!entry && this.#windows.size >= MAX_LOCAL_KEYS) this.#prune(now);
      this.#windows.set(key, { count: shared.count, resetAt });
    }
  }

  #live(key: string, now: number) {
    const entry = this.#windows.get(key);
    if (entry && entry.resetAt <= now) {
      this.#windows.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops ended windows, then (an address flood) the oldest ones, so memory stays bounded. */
  #prune(now: number) {
    for (const [key, entry] of this.#windows) if (entry.resetAt <= now) this.#windows.delete(key);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < MAX_LOCAL_KEYS * 0.9) break;
      this.#windows.delete(key);
    }
  }
}

// INCR and the expiry in one script, so two processes hitting a new key at once cannot both believe
// they opened the window (or leave a key without an expiry that would block it forever).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(count), ttl}
`;

// DECR only an open window, and drop it at 0: a DECR on an expired key would create one without an
// expiry (-1, forever).
const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local count = redis.call('DECR', KEYS[1])
if count <= 0 then redis.call('DEL', KEYS[1]) end
return count
`;

type ScriptedRedis = Redis & {
  statefrontHit(key: string, windowMs: number): Promise<[number, number]>;
  statefrontPeek(key: string): Promise<[number, number]>;
  statefrontUndo(key: string): Promise<number>;
};

export class RedisWindowCounter implements WindowCounter {
  readonly #redis: ScriptedRedis;

  constructor(
    redis: Redis,
    private readonly prefix = 'statefront:limit:',
  ) {
    if (!('statefrontHit' in redis)) {
      redis.defineCommand('statefrontHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
      redis.defineCommand('statefrontPeek', { numberOfKeys: 1, lua: PEEK_SCRIPT });
      redis.defineCommand('statefrontUndo', { numberOfKeys: 1, lua: UNDO_SCRIPT });
    }
    this.#redis = redis as ScriptedRedis;
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttlMs] = await this.#redis.statefrontHit(this.prefix + key, windowMs);
    return { count, ttlMs };
  }

  async peek(key: string): Promise<WindowCount> {
    const [count, ttlMs] = await this.#redis.statefrontPeek(this.prefix + key);
    return { count, ttlMs };
  }

  async undo(key: string): Promise<void> {
    await this.#redis.statefrontUndo(this.prefix + key);
  }
}

/**
 * Redis while it answers, this process's own counts while it does not. Neither fail-open (no limit
 * at all) nor fail-closed (every request refused): during an outage each process enforces the limits
 * on what it sees itself, so a limit behind N processes is at worst N times looser, and the shop keeps
 * serving. docs/deploy.md explains the choice.
 */
export class FallbackWindowCounter implements WindowCounter {
  constructor(
    private readonly shared: WindowCounter,
    private readonly local: LocalWindowCounter,
    private readonly onFallback: (error: unknown) => void = () => {},
  ) {}

  /**
   * Every answer of Redis is mirrored here, so a fall back (a reply later than the command timeout,
   * an outage) counts on from what was counted, not from 0: a burst never gets twice a limit.
   */
  async hit(key: string, windowMs: number): Promise<WindowCount> {
    try {
      const count = await this.shared.hit(key, windowMs);
      this.local.mirror(key, count);
      return count;
    } catch (error) {
      this.onFallback(error);
      return this.local.hit(key, windowMs);
    }
  }

  async peek(key: string): Promise<WindowCount> {
    try {
      return await this.shared.peek(key);
    } catch (error) {
      this.onFallback(error);
      return this.local.peek(key);
    }
  }

  async undo(key: string): Promise<void> {
    await this.local.undo(key);
    try {
      await this.shared.undo(key);
    } catch (error) {
      this.onFallback(error);
    }
  }
}

/** The counter the config asks for: Redis with a local fallback when a connection is given, else local. */
export function windowCounterFor(redis: Redis | null): WindowCounter {
  const local = new LocalWindowCounter();
  return redis ? new FallbackWindowCounter(new RedisWindowCounter(redis), local) : local;
}
