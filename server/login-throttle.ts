import { HttpError } from './errors';
import { LocalWindowCounter, type WindowCounter } from './window-counter';

/**
 * Limits failed sign-ins per key (IP + email) within a window. Only failures count, so a shopper
 * (or a test suite) signing in correctly again and again is never locked out, while password guessing
 * against one account stops after `max` misses. The counts live where the rate limits' do: in this
 * process, or with REDIS_URL in Redis, shared by every process (server/window-counter.ts, with its
 * fallback while Redis is down).
 */
export class LoginThrottle {
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly counter: WindowCounter = new LocalWindowCounter(),
    /** Keeps two throttles on one shared counter apart. */
    private readonly name = 'login',
  ) {}

  /** Throws a 429 with Retry-After when `key` has used up its failures in the current window. */
  async check(key: string): Promise<void> {
    const { count, ttlMs } = await this.counter.peek(this.#key(key));
    if (count >= this.max) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      throw new HttpError(429, `Too many requests, please try again in ${seconds} seconds`, {
        'Retry-After': String(seconds),
      });
    }
  }

  async recordFailure(key: string): Promise<void> {
    await this.counter.hit(this.#key(key), this.windowMs);
  }

  #key(key: string) {
    return `${this.name}:${key}`;
  }
}
