import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  actorOf,
  coverageReport,
  eventOfStep,
  journeyEvents,
  journeysOf,
  toMarkdown,
} from '../../scripts/journeys';
import { models } from '../machines/support/models';

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
      { says: 'start', by: 'shopper', event: { type: 'xstate.init' }, state: 'idle' },
      {
        says: 'checkout.submit (2 lines, every field filled)',
        by: 'shopper',
        event: { type: 'checkout.submit' },
        state: 'processing',
      },
      {
        says: 'createOrder answers order SF-TEST0001',
        by: 'server',
        event: { type: 'xstate.done.actor.createOrder', output: { id: 'SF-TEST0001' } },
        state: 'success',
      },
    ]);
  });

  it('titles every journey of a machine uniquely, for every machine', () => {
    for (const model of models) {
      const titles = journeysOf(model.name).map((j) => j.title);
      expect(new Set(titles).size, model.name).toBe(titles.length);
    }
  });

  it('says who makes each step happen: the shopper, the server, another machine, or time', () => {
    expect(actorOf({ type: 'payment.submit' })).toBe('shopper');
    expect(actorOf({ type: 'xstate.done.actor.fetchOrder' })).toBe('server');
    expect(actorOf({ type: 'xstate.error.actor.submitPayment' })).toBe('server');
    expect(actorOf({ type: 'xstate.after.pollInterval.payment.qr' })).toBe('time');
    expect(actorOf({ type: 'session.signedIn' })).toBe('app');
    const bys = new Set(journeysOf('payment').flatMap((j) => j.steps.map((step) => step.by)));
    expect([...bys].sort()).toEqual(['server', 'shopper', 'time']);
  });

  it('maps a step edited as JSON (any key order, or the words of an older file) back to the model event', () => {
    const events = journeyEvents('checkout');
    const submit = journeysOf('checkout')
      .flatMap((j) => j.steps)
      .find((step) => step.event.type === 'checkout.submit');
    if (!submit) throw new Error('no checkout.submit step');
    const reordered = Object.fromEntries(Object.entries(submit.event).reverse());
    const event = eventOfStep(events, { event: JSON.parse(JSON.stringify(reordered)) });
    expect(event?.type).toBe('checkout.submit');
    expect(eventOfStep(events, { event: submit.says })).toBe(event);
    expect(eventOfStep(events, { event: { ...submit.event, type: 'checkout.nope' } })).toBeUndefined();
  });

  it('says per step what to do in the browser and what the page shows when the machine has drivers', () => {
    const success = journeysOf('checkout').find((j) => j.steps.at(-1)?.state === 'success');
    expect(success?.steps[1]?.does).toMatch(/Place Order/);
    expect(success?.steps[1]?.expect).toMatch(/Processing\.\.\./);
    expect(success?.steps[2]?.does).toMatch(/POST \/orders answers from the real server/);
    expect(success?.steps[2]?.expect).toMatch(/\/payment\?orderId=/);
    expect(journeysOf('search')[0]?.steps[0]).not.toHaveProperty('does');
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
  it('prints a JSON array of { title, machine, case, steps: [{ event: { type, …payload }, by, says, state, does, expect }] } when --format json is given', async () => {
    for (const machine of ['payment', 'checkout']) {
      const { stdout } = await run('npx', ['tsx', 'scripts/journeys.ts', machine, '--format', 'json']);
      const journeys = JSON.parse(stdout) as { title: string; steps: { event: string; state: string }[] }[];
      expect(journeys.length).toBeGreaterThan(0);
      for (const journey of journeys) {
        expect(Object.keys(journey).sort()).toEqual(['case', 'machine', 'steps', 'title']);
        for (const step of journey.steps) {
          expect(Object.keys(step).sort()).toEqual(['by', 'does', 'event', 'expect', 'says', 'state']);
          expect(typeof (step.event as unknown as { type: unknown }).type).toBe('string');
        }
      }
    }
  }, 30_000);

  it('reports model coverage per machine, and browser coverage only where the machine has drivers', () => {
    const report = coverageReport(['checkout', 'newsletter']);
    expect(report).toMatch(/^checkout +6\/6 100 %/m);
    expect(report).toMatch(/^newsletter +4\/4 100 % +no drivers/m);
  });
});
