import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { coverageReport, journeysOf, toMarkdown } from '../../scripts/journeys';

const run = promisify(execFile);

describe('journeysOf', () => {
  it('reaches every payment outcome when the payment journeys are listed', () => {
    const finals = new Set(journeysOf('payment').map((j) => j.steps.at(-1)?.state));
    for (const outcome of [
      'qr.waiting',
      'deeplink.waiting',
      'expired',
      'redirect',
      'initiated',
      'failed',
      'paid',
      'missingOrderId',
    ])
      expect(finals, outcome).toContain(outcome);
  });

  it('names each step by its event and the state it reaches when a journey is printed', () => {
    const checkout = journeysOf('checkout');
    const success = checkout.find((j) => j.steps.at(-1)?.state === 'success');
    expect(success?.steps).toMatchObject([
      { event: 'start', state: 'idle' },
      { event: 'checkout.submit (2 lines, every field filled)', state: 'processing' },
      { event: 'createOrder answers order SF-TEST0001', state: 'success' },
    ]);
  });

  it('says per step what to do in the browser and what the page shows when the machine has drivers', () => {
    const success = journeysOf('checkout').find((j) => j.steps.at(-1)?.state === 'success');
    expect(success?.steps[1]?.does).toMatch(/Place Order/);
    expect(success?.steps[1]?.expect).toMatch(/Processing\.\.\./);
    expect(success?.steps[2]?.does).toMatch(/POST \/orders answers from the real server/);
    expect(success?.steps[2]?.expect).toMatch(/\/payment\?orderId=/);
    expect(journeysOf('cart')[0]?.steps[0]).not.toHaveProperty('does');
  });

  it('throws naming the known machines when the machine does not exist', () => {
    expect(() => journeysOf('nope')).toThrow(/Known: .*payment/);
  });

  it('numbers the steps in Markdown', () => {
    const md = toMarkdown('checkout', journeysOf('checkout'));
    expect(md).toMatch(/^# Journeys through the checkout machine \(\d+\)/);
    expect(md).toContain('1. start → **idle**');
  });
});

describe('npm run journeys', () => {
  it('prints a JSON array of { title, machine, case, steps: [{ event, state, does, expect }] } when --format json is given', async () => {
    for (const machine of ['payment', 'checkout']) {
      const { stdout } = await run('npx', ['tsx', 'scripts/journeys.ts', machine, '--format', 'json']);
      const journeys = JSON.parse(stdout) as { title: string; steps: { event: string; state: string }[] }[];
      expect(journeys.length).toBeGreaterThan(0);
      for (const journey of journeys) {
        expect(Object.keys(journey).sort()).toEqual(['case', 'machine', 'steps', 'title']);
        for (const step of journey.steps)
          expect(Object.keys(step).sort()).toEqual(['does', 'event', 'expect', 'state']);
      }
    }
  }, 30_000);

  it('reports model coverage per machine, and browser coverage only where the machine has drivers', () => {
    const report = coverageReport(['checkout', 'newsletter']);
    expect(report).toMatch(/^checkout +5\/5 100 %/m);
    expect(report).toMatch(/^newsletter +4\/4 100 % +no drivers/m);
  });
});
