/**
 * The Redis counter's local fallback (server/infra/window-counter.ts). A Redis reply that comes too late
 * (the command timeout) used to fall back to a local count starting at 0 while Redis had counted the
 * earlier hits: a burst got up to twice a limit (10, 12, 21 × 401 for a limit of 10).
 */
import { describe, expect, it } from 'vitest';
import {
  FallbackWindowCounter,
  LocalWindowCounter,
  type WindowCounter,
} from '../../server/infra/window-counter';

/** A shared counter that answers its first `answers` hits and then times out. */
function lateAfter(answers: number): WindowCounter {
  const counted = new LocalWindowCounter();
  let calls = 0;
  return {
    async hit(key, windowMs) {
      calls++;
      const count = await counted.hit(key, windowMs);
      if (calls > answers) throw new Error('Command timed out');
      return count;
    },
    peek: (key) => counted.peek(key),
    undo: (key) => counted.undo(key),
  };
}

describe('FallbackWindowCounter', () => {
  it('goes on from the hits already counted when Redis stops answering mid-burst', async () => {
    const counter = new FallbackWindowCounter(lateAfter(6), new LocalWindowCounter());
    const counts: number[] = [];
    for (let i = 0; i < 12; i++) counts.push((await counter.hit('signin:asha', 60_000)).count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('takes an undo back from the local count too', async () => {
    const counter = new FallbackWindowCounter(lateAfter(2), new LocalWindowCounter());
    await counter.hit('k', 60_000);
    await counter.hit('k', 60_000);
    await counter.undo('k');
    expect((await counter.hit('k', 60_000)).count).toBe(2);
  });
});
