import { HttpError } from './errors';

/**
 * Limits failed sign-ins per key (IP + email) within a window. Only failures count, so a shopper
 * (or a test suite) signing in correctly again and again is never locked out, while password guessing
 * against one account stops after `max` misses. In-process like the other rate limits: behind several
 * API nodes each node counts its own.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws a 429 with Retry-After when `key` has used up its failures in the current window. */
  check(key: string): void {
    const entry = this.live(key);
    if (entry && entry.count >= this.max) {
      const seconds = Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000));
      throw new HttpError(429, `Too many requests, please try again in ${seconds} seconds`, {
        'Retry-After': String(seconds),
      });
    }
  }

  recordFailure(key: string): void {
    const entry = this.live(key);
    if (entry) entry.count++;
    else {
      if (this.failures.size >= 10_000) this.prune();
      this.failures.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    }
  }

  private live(key: string) {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune() {
    const now = this.now();
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
