import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import { LoginThrottle } from '../../server/infra/login-throttle';
import { LocalWindowCounter } from '../../server/infra/window-counter';

const refused = async (attempt: Promise<void>) => {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof HttpError && error.statusCode === 429;
};

describe('LoginThrottle: counts before it checks', () => {
  it('lets at most max of 60 concurrent attempts through', async () => {
    const throttle = new LoginThrottle(10, 60_000, new LocalWindowCounter());
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => refused(throttle.take('k'))));
    expect(outcomes.filter((r) => !r)).toHaveLength(10);
  });

  it('refuses even a correct attempt after the limit until the window passes', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60_000, new LocalWindowCounter(() => now));
    for (let i = 0; i < 3; i++) await throttle.take('k'); // three failures: never given back
    expect(await refused(throttle.take('k'))).toBe(true);
    now += 59_000;
    expect(await refused(throttle.take('k'))).toBe(true);
    now += 1_000;
    expect(await refused(throttle.take('k'))).toBe(false);
  });

  it('does not count attempts given back (successes), nor refused ones', async () => {
    const throttle = new LoginThrottle(2, 60_000, new LocalWindowCounter());
    for (let i = 0; i < 5; i++) {
      await throttle.take('k');
      await throttle.giveBack('k');
    }
    await throttle.take('k');
    await throttle.take('k');
    for (let i = 0; i < 5; i++) expect(await refused(throttle.take('k'))).toBe(true);
    await throttle.giveBack('k');
    expect(await refused(throttle.take('k'))).toBe(false);
  });
});
