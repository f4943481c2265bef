import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { stepKeyOf } from './drivers/driver';
import { driven } from './drivers/index';
import { defaultJourneyPaths, generatePaths, stateName } from './support/graph';
import { modelNamed, models } from './support/models';

/** 'qr.waiting' for the node #payment.qr.waiting: the name a journey step gives the state. */
const nameOf = (node: AnyStateNode) => node.path.join('.');

describe.each(Object.entries(driven))('browser drivers of the %s machine', (name, drivers) => {
  const model = modelNamed(name);
  const root = model.machine.root as AnyStateNode;
  const all: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      all.push(child);
      walk(child);
    }
  };
  walk(root);
  const leaves = all.filter((n) => Object.keys(n.states).length === 0);

  it('has a page check for every state of the definition, transient only where the state is left at once', () => {
    expect(leaves.length).toBeGreaterThan(0);
    for (const leaf of leaves) {
      const check = drivers.states[nameOf(leaf)];
      expect(check, `no page check for the state ${nameOf(leaf)}`).toBeDefined();
      if (check && 'transient' in check)
        expect(leaf.always?.length ?? 0, `${nameOf(leaf)} is marked transient`).toBeGreaterThan(0);
    }
    expect(Object.keys(drivers.states).sort()).toEqual(leaves.map(nameOf).sort());
  });

  it('has a driver for every event, actor answer, actor failure and delay the definition handles', () => {
    const handled = new Set<string>(['start']);
    for (const node of [root, ...all])
      for (const type of node.transitions.keys()) handled.add(stepKeyOf({ type }));
    for (const key of handled) expect(drivers.steps[key], `no driver for ${key}`).toBeDefined();
    expect(Object.keys(drivers.steps).sort()).toEqual([...handled].sort());
  });

  it('has a request matcher for every invoked actor', () => {
    const actors = new Set(all.flatMap((n) => n.invoke.map((i) => String(i.src))));
    expect(Object.keys(drivers.requests).sort()).toEqual([...actors].sort());
  });

  it('describes every step of every default journey in words, and its page', () => {
    const paths = defaultJourneyPaths(model);
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths)
      for (const step of path.steps) {
        const driver = drivers.steps[stepKeyOf(step.event)];
        expect(driver, `no driver for ${stepKeyOf(step.event)}`).toBeDefined();
        expect(driver?.does(step.event)).toMatch(/\w/);
        driver?.shows?.(step.event);
        const check = drivers.states[stateName(step.state)];
        expect(check && !('transient' in check), `journeys rest in ${stateName(step.state)}`).toBe(true);
      }
  });
});

describe('the journeys testers replay in the browser', () => {
  it('has browser drivers for auth, order tracking and wishlist as well as checkout, payment and the lifecycle', () => {
    for (const name of ['auth', 'order-tracking', 'wishlist', 'checkout', 'payment', 'lifecycle'])
      expect(driven[name], `no browser drivers for ${name}`).toBeDefined();
  });

  it('fills the payment form through payment.submit with its values, never a payment.change', () => {
    const steps = defaultJourneyPaths(modelNamed('payment')).flatMap((path) => path.steps);
    expect(steps.some((s) => s.event.type === 'payment.change')).toBe(false);
    const submits = steps.filter((s) => s.event.type === 'payment.submit');
    expect(submits.length).toBeGreaterThan(0);
    for (const { event } of submits)
      expect((event as { values?: unknown }).values, 'payment.submit without values').toEqual(
        expect.objectContaining({ payerName: expect.any(String), email: expect.any(String) }),
      );
  });

  it.each(models.filter((m) => m.offstage).map((m) => [m.name, m] as const))(
    'leaves the %s events a browser never delivers out of its journeys, and in its model tests',
    (_name, model) => {
      const offstage = (paths: ReturnType<typeof generatePaths>) =>
        paths.flatMap((path) =>
          path.steps.slice(1).filter((step, i) => {
            const before = path.steps[i]?.state;
            return before !== undefined && model.offstage?.(before, step.event);
          }),
        );
      expect(offstage(defaultJourneyPaths(model))).toEqual([]);
      expect(offstage(generatePaths(model)).length).toBeGreaterThan(0);
    },
  );
});
