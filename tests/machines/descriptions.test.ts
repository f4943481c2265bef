import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const machinesDir = join(import.meta.dirname, '../../machines');
const files = readdirSync(machinesDir).filter((f) => f.endsWith('.machine.ts'));

/** Every exported machine of every machines/*.machine.ts, by file. */
const machines = await Promise.all(
  files.map(async (file) => {
    const module = (await import(join(machinesDir, file))) as Record<string, unknown>;
    const machine = Object.values(module).find(
      (value): value is AnyStateMachine =>
        typeof value === 'object' && value !== null && 'root' in value && 'provide' in value,
    );
    return [file, machine] as const;
  }),
);

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap((child) => nodesOf(child)),
];

// The descriptions are the visualiser's tooltips and the journeys' text: a state without one is a gap.
describe('machine descriptions', () => {
  it('finds a machine in every machines/*.machine.ts file', () => {
    expect(files).toContain('app.machine.ts');
    for (const [file, machine] of machines) expect(machine, file).toBeDefined();
  });

  it.each(machines)('describes every state of %s', (_file, machine) => {
    const undescribed = nodesOf((machine as AnyStateMachine).root)
      .filter((node) => !node.description?.trim())
      .map((node) => node.id);
    expect(undescribed).toEqual([]);
  });

  it('describes every message the app machine routes', async () => {
    const { appMachine } = await import('../../machines/app.machine');
    const routes = [...appMachine.root.transitions.values()].flat();
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.filter((t) => !t.description).map((t) => t.eventType)).toEqual([]);
  });
});
