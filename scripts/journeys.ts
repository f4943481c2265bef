/**
 * Every journey through a machine, for testers: `npm run -s journeys -- <machine> [--format md|json] [--all]`.
 * Journeys are the paths @xstate/graph generates for the model tests (tests/machines/support): the
 * shortest way to every state, extended by every transition. Each step names the event — a shopper's
 * action, an actor's answer, or time passing — and the state it leads to; for the machines with browser
 * drivers (tests/machines/drivers) also what to do in the browser (`does`) and what the page then shows
 * (`expect`). `npm run test:journeys -- --file <json>` runs such a journey, edited or not.
 *
 * `npm run -s journeys -- --coverage` prints, per machine, the states and transitions the model tests
 * reach and those the last browser run reached (reports/journeys-reached.json), and fails when that
 * run missed one the journeys can reach.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, EventObject } from 'xstate';
import { stepKeyOf } from '../tests/machines/drivers/driver';
import { driven } from '../tests/machines/drivers/index';
import {
  coverageOf,
  defaultJourneyPaths,
  definitionOf,
  type GraphPath,
  generatePaths,
  journeyTitles,
  labelOf,
  type MachineModel,
  stateName,
} from '../tests/machines/support/graph';
import { modelNamed, models } from '../tests/machines/support/models';

/** An event as data: its `type` and payload, as the machine receives it (errors by their message). */
export type JourneyEvent = { type: string } & Record<string, unknown>;
/**
 * Who makes a step happen: the shopper (in the page), the server (an actor's answer: an API call, or
 * the browser's storage the app reads), the app (another machine of the system telling this one),
 * or time (a delay running out).
 */
export type JourneyActor = 'shopper' | 'server' | 'app' | 'time';
export type JourneyStep = {
  event: JourneyEvent;
  by: JourneyActor;
  /** The step in words (what the Markdown and the visualiser say). */
  says: string;
  state: string;
  does?: string;
  expect?: string;
};
export type Journey = { title: string; machine: string; case: string; steps: JourneyStep[] };

// Events one machine of the system sends another (machines/app.machine.ts): not the shopper's.
const APP_EVENTS = /^(session\.|auth\.unauthorized$|api\.|cart\.reset$)/;

export function actorOf(event: EventObject): JourneyActor {
  if (/^xstate\.(done|error)\.actor\./.test(event.type)) return 'server';
  if (event.type.startsWith('xstate.after.')) return 'time';
  return APP_EVENTS.test(event.type) ? 'app' : 'shopper';
}

const errorsAsMessages = (_key: string, value: unknown) =>
  value instanceof Error ? value.message : value === undefined ? null : value;

/** The event as JSON data (an Error becomes its message). */
export function eventAsData(event: EventObject): JourneyEvent {
  return JSON.parse(JSON.stringify(event, errorsAsMessages)) as JourneyEvent;
}

/** One spelling of a JSON value whatever its keys' order, to match an edited event to the model's. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const ROOT = resolve(import.meta.dirname, '..');
const REACHED_FILE = join(ROOT, 'reports/journeys-reached.json');

/** JSON of a payload, shortened so a step stays one readable line. */
const show = (value: unknown) => {
  const text = JSON.stringify(value, errorsAsMessages) ?? 'nothing';
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

/** The browser action for a step and what the page then shows, in words (machines with drivers only). */
function inBrowser(name: string, event: EventObject, state: string): Pick<JourneyStep, 'does' | 'expect'> {
  const drivers = driven[name];
  if (!drivers) return {};
  const driver = drivers.steps[stepKeyOf(event)];
  const check = drivers.states[state];
  if (!driver) throw new Error(`${name}: no browser driver for ${stepKeyOf(event)}`);
  if (!check) throw new Error(`${name}: no browser check for the state ${state}`);
  const extra = driver.shows?.(event);
  const shows = 'transient' in check ? check.transient : check.shows;
  return { does: driver.does(event), expect: extra ? `${shows}; and '${String(extra)}'` : shows };
}

function toJourney(path: GraphPath, title: string, name: string, model: MachineModel): Journey {
  const steps = path.steps.map((s) => {
    const state = stateName(s.state);
    return {
      event: eventAsData(s.event),
      by: actorOf(s.event),
      says: describeStep(s.event, model.machine),
      state,
      ...inBrowser(name, s.event, state),
    };
  });
  return { title, machine: name, case: path.caseTitle, steps };
}

/**
 * Every event the model can send, by the words a journey step uses for it (so an edited JSON journey
 * maps back to events): from the default journeys and, where the model has them, every simple path.
 */
export function journeyEvents(name: string): Map<string, EventObject> {
  const model = modelNamed(name);
  const events = new Map<string, EventObject>();
  for (const simplePaths of model.simplePaths ? [false, true] : [false])
    for (const path of generatePaths(model, { simplePaths, journeys: true }))
      for (const step of path.steps) events.set(describeStep(step.event, model.machine), step.event);
  return events;
}

/**
 * The model's event for a step of a JSON journey: its `event` as data (any key order), or the words of
 * an older file. Undefined when the model never sends it (the runner then lists what it does send).
 */
export function eventOfStep(
  events: ReadonlyMap<string, EventObject>,
  step: { event: unknown; says?: string },
): EventObject | undefined {
  if (typeof step.event === 'string') return events.get(step.event);
  const wanted = canonical(step.event);
  for (const event of events.values()) if (canonical(eventAsData(event)) === wanted) return event;
  return undefined;
}

/**
 * By default the compact set: the shortest path to every state, extended by every transition (every
 * simple path for a model whose journeys are its simple paths, the order lifecycle's). `all` adds every simple path where the model tests walk them too (not products-list: too many).
 */
export function journeysOf(name: string, options: { all?: boolean } = {}): Journey[] {
  const model = modelNamed(name);
  const paths =
    options.all && model.simplePaths
      ? generatePaths(model, { simplePaths: true, journeys: true })
      : defaultJourneyPaths(model);
  const titles = journeyTitles(model, paths, (event) => describeStep(event, model.machine));
  return paths.map((p, i) => toJourney(p, titles[i] as string, name, model));
}

export function toMarkdown(name: string, journeys: Journey[]): string {
  const lines = [`# Journeys through the ${name} machine (${journeys.length})`, ''];
  for (const [i, journey] of journeys.entries()) {
    lines.push(`## ${i + 1}. ${journey.title}`, '');
    for (const [n, step] of journey.steps.entries()) {
      lines.push(`${n + 1}. ${step.says} → **${step.state}**`);
      if (step.does) lines.push(`   - browser: ${step.does}`, `   - page: ${step.expect}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const percent = (part: number, whole: number) => `${whole ? Math.round((part / whole) * 100) : 100} %`;

type Reached = {
  machines: Record<string, { states: string[]; transitions: string[]; passed: number; journeys: number }>;
};

/**
 * Per machine: the states and transitions of the definition that the model tests reach, and those the
 * last browser run reached (reports/journeys-reached.json) out of what the journeys can reach: the
 * definition less what only an offstage event takes (a browser never delivers it; the model tests do).
 * `short` lists what the browser run missed.
 */
function coverage(names?: string[]): { text: string; short: string[] } {
  const reached: Reached | null = existsSync(REACHED_FILE)
    ? (JSON.parse(readFileSync(REACHED_FILE, 'utf8')) as Reached)
    : null;
  const lines = [
    `Coverage of each machine's definition: model tests (tests/machines) vs browser (npm run test:journeys${reached ? '' : ', not run yet'})`,
    '',
    `${'machine'.padEnd(18)}${'states: model'.padStart(16)}${'browser'.padStart(16)}${'transitions: model'.padStart(22)}${'browser'.padStart(16)}`,
  ];
  const short: string[] = [];
  const offstage: string[] = [];
  for (const model of names ? names.map(modelNamed) : models) {
    const { states, transitions } = definitionOf(model.machine);
    const byModel = coverageOf(model, generatePaths(model));
    const browser = reached?.machines[model.name];
    const count = (all: string[], hit: Set<string>) =>
      `${all.filter((x) => hit.has(x)).length}/${all.length} ${percent(all.filter((x) => hit.has(x)).length, all.length)}`;
    let browserStates = '';
    let browserTransitions = '';
    if (!driven[model.name]) browserStates = 'no drivers';
    else if (!browser) browserStates = 'not run';
    else {
      const onStage = coverageOf(model, defaultJourneyPaths(model));
      const stageStates = states.filter((s) => onStage.states.has(s));
      const stageTransitions = transitions.filter((t) => onStage.transitions.has(t));
      const inBrowserStates = new Set(browser.states);
      const inBrowserTransitions = new Set(browser.transitions);
      browserStates = count(stageStates, inBrowserStates);
      browserTransitions = count(stageTransitions, inBrowserTransitions);
      for (const x of [
        ...stageStates.filter((s) => !inBrowserStates.has(s)),
        ...stageTransitions.filter((t) => !inBrowserTransitions.has(t)),
      ])
        short.push(`  ${model.name}: not reached in the browser: ${x}`);
      for (const t of transitions.filter((t) => !onStage.transitions.has(t) && byModel.transitions.has(t)))
        offstage.push(`  ${model.name}: ${t}`);
    }
    lines.push(
      `${model.name.padEnd(18)}${count(states, byModel.states).padStart(16)}${browserStates.padStart(16)}${count(transitions, byModel.transitions).padStart(22)}${browserTransitions.padStart(16)}`,
    );
  }
  if (offstage.length > 0)
    lines.push(
      '',
      'Offstage (an event a browser never delivers there: model tests only, not counted for the browser):',
      ...offstage,
    );
  if (short.length > 0) lines.push('', ...short);
  return { text: lines.join('\n'), short };
}

export function coverageReport(names?: string[]): string {
  return coverage(names).text;
}

function main(argv: string[]) {
  if (argv.includes('--coverage')) {
    const { text, short } = coverage();
    process.stdout.write(`${text}\n`);
    // A browser run that missed a state or transition it can reach fails, however many journeys passed.
    if (short.length > 0) process.exitCode = 1;
    return;
  }
  const formatAt = argv.indexOf('--format');
  const format = formatAt >= 0 ? argv[formatAt + 1] : argv.find((a) => a.startsWith('--format='))?.slice(9);
  const name = argv.find((a, i) => !a.startsWith('--') && (formatAt < 0 || i !== formatAt + 1));
  if (!name || (format && format !== 'md' && format !== 'json')) {
    process.stderr.write(
      `Usage: npm run -s journeys -- <machine> [--format md|json] [--all] | --coverage\nMachines: ${models.map((m) => m.name).join(', ')}\n`,
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
