/**
 * Every journey through a machine, for testers: `npm run -s journeys -- <machine> [--format md|json] [--all]`.
 * Journeys are the paths @xstate/graph generates for the model tests (tests/machines/support): the
 * shortest way to every state, extended by every transition. Each step names the event — a shopper's
 * action, an actor's answer, or time passing — and the state it leads to.
 */
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, EventObject } from 'xstate';
import { type GraphPath, generatePaths, labelOf, stateName } from '../tests/machines/support/graph';
import { modelNamed, models } from '../tests/machines/support/models';

export type JourneyStep = { event: string; state: string };
export type Journey = { title: string; steps: JourneyStep[] };

/** JSON of a payload, shortened so a step stays one readable line. */
const show = (value: unknown) => {
  const text =
    JSON.stringify(value, (_k, v) => (v instanceof Error ? v.message : v === undefined ? null : v)) ??
    'nothing';
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** 'payment.submit', 'submitPayment answers {…}', 'fetchProducts fails: …', 'after pollInterval (3000 ms)'. */
export function describeStep(event: EventObject, machine: AnyStateMachine): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  if (type === 'xstate.init') return 'start';
  const label = labelOf(event);
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done) return `${done[1]} answers ${label ?? show(payload.output)}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (failed) return `${failed[1]} fails: ${label ?? show(payload.error)}`;
  if (label) return `${type} (${label})`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) {
    const delay = (machine.implementations.delays as Record<string, unknown>)[after[1] ?? ''];
    return `after ${after[1]}${typeof delay === 'number' ? ` (${delay} ms)` : ''}`;
  }
  return Object.keys(payload).length > 0 ? `${type} ${show(payload)}` : type;
}

function toJourney(path: GraphPath, machine: AnyStateMachine): Journey {
  const steps = path.steps.map((s) => ({ event: describeStep(s.event, machine), state: stateName(s.state) }));
  return { title: `${path.caseTitle} → ${stateName(path.state)}`, steps };
}

/**
 * By default the compact set: the shortest path to every state, extended by every transition. `all`
 * adds every simple path where the model tests walk them too (not products-list: too many).
 */
export function journeysOf(name: string, options: { all?: boolean } = {}): Journey[] {
  const model = modelNamed(name);
  return generatePaths(model, { simplePaths: Boolean(options.all && model.simplePaths) }).map((p) =>
    toJourney(p, model.machine),
  );
}

export function toMarkdown(name: string, journeys: Journey[]): string {
  const lines = [`# Journeys through the ${name} machine (${journeys.length})`, ''];
  for (const [i, journey] of journeys.entries()) {
    lines.push(`## ${i + 1}. ${journey.title}`, '');
    for (const [n, step] of journey.steps.entries())
      lines.push(`${n + 1}. ${step.event} → **${step.state}**`);
    lines.push('');
  }
  return lines.join('\n');
}

function main(argv: string[]) {
  const formatAt = argv.indexOf('--format');
  const format = formatAt >= 0 ? argv[formatAt + 1] : argv.find((a) => a.startsWith('--format='))?.slice(9);
  const name = argv.find((a, i) => !a.startsWith('--') && (formatAt < 0 || i !== formatAt + 1));
  if (!name || (format && format !== 'md' && format !== 'json')) {
    process.stderr.write(
      `Usage: npm run -s journeys -- <machine> [--format md|json] [--all]\nMachines: ${models.map((m) => m.name).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  try {
    const journeys = journeysOf(name, { all: argv.includes('--all') });
    process.stdout.write(
      format === 'json' ? `${JSON.stringify(journeys, null, 2)}\n` : `${toMarkdown(name, journeys)}\n`,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
