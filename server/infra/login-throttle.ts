import { HttpError } from '../errors';
import { LocalWindowCounter, type WindowCounter } from './window-counter';

/** The 429 every throttle answers, with Retry-After (the rate-limit plugin's text). */
function tooManyRequests(ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new HttpError(429, `Too many requests, please try again in ${seconds} seconds`, {
    'Retry-After': String(seconds),
  });
}

/**
 * At most `max` attempts per key within a window, counted before they are checked: `take` counts the
 * attempt and refuses it (429) when that count is over `max`, so N concurrent attempts cannot all read
 * a count below the limit before any of them records (check-then-record let 60 parallel wrong passwords
 * through). `giveBack` undoes the count of an attempt that should not cost anything (a correct
 * sign-in), so only failures use the budget. The counts live where the rate limits' do: in this
 * process, or with REDIS_URL in Redis, shared by every process (server/infra/window-counter.ts, with its
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

  /**
   * Counts one attempt on `key`; over the limit, takes it back again (a refused attempt costs nothing)
   * and throws a 429 with Retry-After.
   */
  async take(key: string): Promise<void> {
    const { count, ttlMs } = await this.counter.hit(this.#key(key), this.windowMs);
    if (count > this.max) {
      await this.counter.undo(this.#key(key));
      throw tooManyRequests(ttlMs);
    }
  }

  /** Undoes one `take` of `key` (the attempt succeeded and does not count). */
  async giveBack(key: string): Promise<void> {
    await this.counter.undo(this.#key(key));
  }

  #key(key: string) {
    return `${this.name}:${key}`;
  }
}
