/**
 * `npm run machines:diagram`: writes a Mermaid state diagram of every machine to
 * docs/machines/<name>.md (plus the index docs/machines/README.md), straight from the machine
 * definitions, so the docs cannot drift from the code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { journeysOf } from './journeys';
import { models } from '../tests/machines/support/models';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const idOf = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

const guardName = (t: AnyTransitionDefinition): string | undefined => {
  const guard = t.guard as unknown;
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // Higher-order guards (and/or/not) keep their parts on the function.
    const parts = (guard as { guards?: unknown[] }).guards;
    if (Array.isArray(parts)) return parts.map((g) => (typeof g === 'string' ? g : '?')).join(' && ');
  }
  return 'guard';
};

const actionNames = (t: AnyTransitionDefinition): string[] =>
  (t.actions as unknown[]).flatMap((a) => {
    if (typeof a === 'string') return [a];
    if (typeof a === 'object' && a !== null && 'type' in a) return [String((a as { type: unknown }).type)];
    return [];
  });

function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  return eventType === '' ? 'always' : eventType;
}

function transitionLines(node: AnyStateNode): string[] {
  const lines: string[] = [];
  const all: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
  for (const t of all) {
    const guard = guardName(t);
    const actions = actionNames(t);
    const label = [eventLabel(t.eventType), guard ? ` [${guard}]` : '', actions.length ? ` / ${actions.join(', ')}` : '']
      .join('')
      .replace(/:/g, '﹕');
    const targets: AnyStateNode[] = t.target?.length ? t.target : [node];
    for (const target of targets) lines.push(`${idOf(node)} --> ${idOf(target)} : ${label}`);
  }
  return lines;
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const children = Object.values(node.states) as AnyStateNode[];
  const tags = [...node.tags];
  const invokes = node.invoke.map((i: { id: string }) => `invoke ${i.id}`);
  const notes = [...invokes, ...(tags.length ? [`tags: ${tags.join(', ')}`] : [])];
  if (children.length === 0) {
    lines.push(`${indent}state "${node.key}" as ${idOf(node)}`);
    if (notes.length) lines.push(`${indent}note right of ${idOf(node)} : ${notes.join('<br/>')}`);
    return lines;
  }
  lines.push(`${indent}state "${node.key}" as ${idOf(node)} {`);
  const inner = `${indent}  `;
  children.forEach((child, i) => {
    if (node.type === 'parallel' && i > 0) lines.push(`${inner}--`);
    if (node.type === 'parallel') {
      lines.push(...stateLines(child, inner));
    } else {
      lines.push(...stateLines(child, inner));
    }
  });
  if (node.type !== 'parallel' && node.initial?.target?.[0])
    lines.push(`${inner}[*] --> ${idOf(node.initial.target[0] as AnyStateNode)}`);
  lines.push(`${indent}}`);
  if (notes.length) lines.push(`${indent}note right of ${idOf(node)} : ${notes.join('<br/>')}`);
  return lines;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

export function mermaidOf(machine: AnyStateMachine): string {
  const rootNode = machine.root as AnyStateNode;
  const lines = ['stateDiagram-v2'];
  const top = Object.values(rootNode.states) as AnyStateNode[];
  for (const [i, child] of top.entries()) {
    if (rootNode.type === 'parallel' && i > 0) lines.push('  --');
    lines.push(...stateLines(child, '  '));
  }
  if (rootNode.type !== 'parallel' && rootNode.initial?.target?.[0])
    lines.push(`  [*] --> ${idOf(rootNode.initial.target[0] as AnyStateNode)}`);
  for (const node of allNodes(rootNode)) {
    lines.push(...transitionLines(node).map((l) => `  ${l}`));
    if (node.type === 'final') lines.push(`  ${idOf(node)} --> [*]`);
  }
  return lines.join('\n');
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

function names(record: Record<string, unknown> | undefined): string {
  const keys = Object.keys(record ?? {});
  return keys.length ? keys.map((k) => `\`${k}\``).join(', ') : '—';
}

export function machineDoc(name: string, machine: AnyStateMachine): string {
  const impl = machine.implementations;
  const events = new Set<string>();
  for (const node of allNodes(machine.root as AnyStateNode))
    for (const type of node.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
  return [
    `# ${camel(name)}Machine`,
    '',
    `Source: [machines/${name}.machine.ts](../../machines/${name}.machine.ts) · generated by \`npm run machines:diagram\` — do not edit.`,
    '',
    '```mermaid',
    mermaidOf(machine),
    '```',
    '',
    `- Events: ${[...events].map((e) => `\`${e}\``).join(', ') || '—'}`,
    `- Actors: ${names(impl.actors)}`,
    `- Guards: ${names(impl.guards)}`,
    `- Actions: ${names(impl.actions)}`,
    `- Delays: ${Object.entries(impl.delays ?? {})
      .map(([k, v]) => `\`${k}\` (${typeof v === 'number' ? `${v} ms` : 'computed'})`)
      .join(', ') || '—'}`,
    `- Journeys: ${journeysOf(name).length} — \`npm run -s journeys -- ${name}\``,
    '',
  ].join('\n');
}

function main() {
  const dir = join(root, 'docs', 'machines');
  mkdirSync(dir, { recursive: true });
  for (const model of models) {
    writeFileSync(join(dir, `${model.name}.md`), machineDoc(model.name, model.machine));
    process.stdout.write(`docs/machines/${model.name}.md\n`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
