import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getStateNodes } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { models } from './support/models';

const machinesDir = join(import.meta.dirname, '../../machines');

const isNamed = (x: unknown): boolean =>
  typeof x === 'string' ||
  (typeof x === 'object' && x !== null && 'type' in x && typeof (x as { type: unknown }).type === 'string');

describe('machines/ imports', () => {
  it('imports only xstate, sibling modules, shared/ and types from the API schema when any machine file is read', () => {
    for (const file of readdirSync(machinesDir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(join(machinesDir, file), 'utf8');
      for (const match of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
        const [, typeOnly, from] = match;
        const allowed =
          from === 'xstate' ||
          from?.startsWith('./') ||
          from?.startsWith('../shared/') ||
          (typeOnly && from === '../src/api/schema');
        expect(allowed, `${file} imports ${from}`).toBe(true);
      }
    }
  });
});

describe.each(models.map((m) => [m.name, m] as const))('%s machine definition', (_name, model) => {
  const nodes: AnyStateNode[] = [model.machine.root, ...getStateNodes(model.machine.root)];
  const transitions: AnyTransitionDefinition[] = nodes.flatMap((n) => [
    ...[...n.transitions.values()].flat(),
    ...(n.always ?? []),
  ]);

  it('references every action and guard by name so the visualiser shows them', () => {
    for (const t of transitions) {
      for (const action of t.actions) expect(isNamed(action), `${t.source.id} ${t.eventType}`).toBe(true);
      // Higher-order guards (and/or) are functions holding named parts.
      const guard = t.guard as unknown;
      if (typeof guard === 'function') {
        const parts = (guard as { guards?: unknown[] }).guards;
        expect(parts?.every(isNamed), `${t.source.id} ${t.eventType} guard`).toBe(true);
      } else if (guard !== undefined) expect(isNamed(guard)).toBe(true);
    }
    // `after` adds xstate's own raise/cancel of the delayed event to entry/exit; everything else is ours.
    const isDelayPlumbing = (a: unknown) =>
      typeof a === 'function' &&
      ['xstate.raise', 'xstate.cancel'].includes((a as { type?: string }).type ?? '');
    for (const n of nodes)
      for (const action of [...n.entry, ...n.exit])
        expect(isNamed(action) || (n.after.length > 0 && isDelayPlumbing(action)), n.id).toBe(true);
  });

  it('gives every invoke an explicit id equal to its actor name', () => {
    for (const n of nodes) for (const invoke of n.invoke) expect(invoke.id).toBe(invoke.src);
  });

  it('names events lowercase and dotted, never with the xstate. prefix', () => {
    for (const n of nodes)
      for (const type of n.ownEvents)
        if (!/^xstate\.(done|error)\.actor\.|^xstate\.after\./.test(type))
          expect(type).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/);
  });
});
