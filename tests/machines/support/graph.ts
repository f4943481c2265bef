/**
 * Model-based testing of the machines with @xstate/graph's public API. A `MachineModel` says which
 * events to try in each state: user events with payload variants, and the possible outcomes of every
 * invoked actor as `xstate.done.actor.*` / `xstate.error.actor.*` events. A `TestModel` of the machine
 * walks it with them (`generatePaths`); each path's `test()` then drives a real actor along it
 * (`replayPath`), with fake `fromPromise` actors resolved or rejected as the path says and a simulated
 * clock for delays, and hands every step (what the actor emitted, the inputs it started actors with,
 * its snapshot before and after) to the checks of the machine's test file.
 *
 * `createTestModel` itself refuses machines that invoke actors or use delays, so the models are built
 * with the `TestModel` class it wraps, given our own `events` (only those the state handles, found
 * with xstate's `getNextTransitions`).
 */
import {
  getAdjacencyMap,
  getStateNodes as getAllStateNodes,
  getShortestPaths,
  getSimplePaths,
  type PathGenerator,
  type StatePath,
  TestModel,
  type TestPath,
} from '@xstate/graph';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
  getStateNodes as getActiveStateNodes,
  getInitialMicrosteps,
  getMicrosteps,
  getNextTransitions,
  SimulatedClock,
} from 'xstate';

const labels = new WeakMap<object, string>();

/** Give an event a short human label for journeys (the graph passes the same object through). */
export function labelled<T extends EventObject>(event: T, label: string): T {
  labels.set(event, label);
  return event;
}

export function labelOf(event: EventObject): string | undefined {
  return labels.get(event);
}

type ModelCase = { title: string; input?: unknown };

export type MachineModel = {
  /** File name without `.machine.ts`, e.g. 'payment'. */
  name: string;
  machine: AnyStateMachine;
  /** One graph per case (e.g. payment with and without an order id). */
  cases: ModelCase[];
  /** Events to try in a state; only those the state handles are used. */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Also walk every simple path (where their number stays reasonable). */
  simplePaths?: boolean;
  /**
   * The default journeys (`npm run journeys`, the browser's): the shortest path to every state extended
   * by every edge, or every simple path — for a small machine where how a state was reached matters.
   * Simple-path journeys are titled by their steps, so each title says which one it is.
   */
  journeys?: 'shortestPaths' | 'simplePaths';
  /**
   * An event the machine handles in this state but a browser never delivers there (an actor that
   * settles before anything else can happen, say): the model tests still send it, so the definition
   * stays covered, while the journeys (what a tester replays in the browser) leave it out.
   */
  offstage?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** Where the machine is defined when it is not machines/<name>.machine.ts as <name>Machine. */
  source?: { file: string; exportName: string };
};

type Snapshot = AnyMachineSnapshot;
export type GraphPath = TestPath<Snapshot, EventObject> & { caseTitle: string; input?: unknown };

/** Errors serialise with their message so two failure variants stay two different events. */
function serializeEvent(event: EventObject): string {
  return JSON.stringify(event, (_key, value) =>
    value instanceof Error ? { ...value, error: value.name, message: value.message } : value,
  );
}

/** A state of the graph is its value and context (what @xstate/graph's serializeSnapshot keeps). */
function serializeState(snapshot: Snapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({ value, context: Object.keys(context ?? {}).length ? context : undefined });
}

/** The model's events that this state handles, plus the delays it waits for (for journeys, on stage only). */
function eventsFor(model: MachineModel, snapshot: Snapshot, journeys: boolean): EventObject[] {
  const handled = new Set(getNextTransitions(snapshot).map((t) => t.eventType));
  const delayed = [...handled].filter((t) => t.startsWith('xstate.after.')).map((type) => ({ type }));
  const events = [...model.events(snapshot).filter((e) => handled.has(e.type)), ...delayed];
  return journeys && model.offstage ? events.filter((e) => !model.offstage?.(snapshot, e)) : events;
}

function testModelOf(
  model: MachineModel,
  input: unknown,
  journeys: boolean,
): TestModel<Snapshot, EventObject, unknown> {
  return new TestModel<Snapshot, EventObject, unknown>(model.machine, {
    input,
    events: (snapshot) => eventsFor(model, snapshot, journeys),
    serializeState,
    serializeEvent,
    limit: 20_000,
  });
}

/**
 * The shortest path to every state, the shortest path extended by each edge of the graph (so every
 * transition the events reach is taken), and, where asked for, every simple path.
 */
const everyEdge =
  (simple: boolean): PathGenerator<Snapshot, EventObject, unknown> =>
  (logic, options) => {
    const shortest = getShortestPaths(logic, options);
    const headOf = new Map(shortest.map((p) => [serializeState(p.state), p]));
    const extended: StatePath<Snapshot, EventObject>[] = [];
    for (const [serial, { transitions }] of Object.entries(getAdjacencyMap(logic, options))) {
      const head = headOf.get(serial);
      if (!head) continue;
      for (const { event, state } of Object.values(transitions) as { event: EventObject; state: Snapshot }[])
        extended.push({ state, steps: [...head.steps, { state, event }], weight: head.weight + 1 });
    }
    return [...shortest, ...extended, ...(simple ? getSimplePaths(logic, options) : [])];
  };

const eventsOf = (path: StatePath<Snapshot, EventObject>) =>
  path.steps.map((s) => serializeEvent(s.event)).join('\u0000');

/** Drop paths whose events are a prefix of another path's events (the longer one replays them). */
function dedupe<P extends GraphPath>(paths: P[]): P[] {
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: P[] = [];
  const keys: string[] = [];
  for (const path of sorted) {
    const key = `${path.caseTitle}\u0001${eventsOf(path)}`;
    if (keys.some((k) => k === key || k.startsWith(`${key}\u0000`))) continue;
    kept.push(path);
    keys.push(key);
  }
  return kept.reverse();
}

/** Every journey of a model, over all its cases (`journeys`: without its offstage events). */
export function generatePaths(
  model: MachineModel,
  options: { simplePaths?: boolean; journeys?: boolean } = {},
): GraphPath[] {
  const simple = options.simplePaths ?? model.simplePaths ?? false;
  return dedupe(
    model.cases.flatMap((c) =>
      testModelOf(model, c.input, options.journeys ?? false)
        // Our own dedupe below: @xstate/graph's compares events by JSON, which loses Error messages.
        .getPaths(everyEdge(simple), { allowDuplicatePaths: true })
        .map((path) => ({ ...path, caseTitle: c.title, input: c.input })),
    ),
  );
}

/** The journeys a model gives by default: what the browser replays and `npm run journeys` lists. */
export function defaultJourneyPaths(model: MachineModel): GraphPath[] {
  return generatePaths(model, { simplePaths: model.journeys === 'simplePaths', journeys: true });
}

/**
 * A journey's title: its case and the state it ends in, or — for simple-path journeys, several of
 * which end in one state — its case and every step's label ('placed in the browser → paid … → shipped …').
 */
function journeyTitle(model: MachineModel, path: GraphPath): string {
  if (model.journeys !== 'simplePaths') return `${path.caseTitle} → ${stateName(path.state)}`;
  const steps = path.steps.slice(1).map((s) => labelOf(s.event) ?? describeEvent(s.event));
  return [path.caseTitle, ...steps].join(' → ');
}

/**
 * Each path's title, unique among `paths` (a tester names a journey by it): paths that would share a
 * title ("with an order id → orderNotFound") say the steps that got them there, in `describe`'s words
 * ("… via fetchOrder fails: … → payment.retry → …"), and any still alike are numbered.
 */
export function journeyTitles(
  model: MachineModel,
  paths: readonly GraphPath[],
  describe: (event: EventObject) => string,
): string[] {
  const plain = paths.map((path) => journeyTitle(model, path));
  const count = (titles: string[]) =>
    titles.reduce((seen, t) => seen.set(t, (seen.get(t) ?? 0) + 1), new Map<string, number>());
  const plainCount = count(plain);
  const told = plain.map((title, i) => {
    if ((plainCount.get(title) ?? 0) < 2) return title;
    const steps = (paths[i] as GraphPath).steps.slice(1).map((step) => describe(step.event));
    return `${title} via ${steps.join(' → ')}`;
  });
  const toldCount = count(told);
  const nth = new Map<string, number>();
  return told.map((title) => {
    if ((toldCount.get(title) ?? 0) < 2) return title;
    const n = (nth.get(title) ?? 0) + 1;
    nth.set(title, n);
    return `${title} #${n}`;
  });
}

/** What happened at one step of a replay, as the test files check it. */
export type StepView = {
  event: EventObject;
  /** The real actor before the step (null when the step starts it) and after it. */
  from: Snapshot | null;
  to: Snapshot;
  /** Events the actor emitted while handling the step (toasts, navigations, cart commands, …). */
  emitted: EventObject[];
  /** Actors (API calls) the step started, with the input each was given. */
  started: { actor: string; input: unknown }[];
  /** The model case the path belongs to (e.g. payment 'without an order id'). */
  caseTitle: string;
  /** That case's input (what the actor was created with). */
  input: unknown;
};

/** Lets all pending promise callbacks (fake actor results, relayed done events) run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

function delayOf(machine: AnyStateMachine, eventType: string): number {
  // xstate.after.<delay>.<state id>
  const name = eventType.slice('xstate.after.'.length).split('.')[0] ?? '';
  const numeric = Number(name);
  if (Number.isFinite(numeric)) return numeric;
  const delay = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay !== 'number') throw new Error(`Delay ${name} is not a number`);
  return delay;
}

/** Names of all actors invoked anywhere in the machine. */
function invokedActors(machine: AnyStateMachine): string[] {
  const nodes: AnyStateNode[] = [machine.root, ...getAllStateNodes(machine.root)];
  return [...new Set(nodes.flatMap((n) => n.invoke.map((i) => String(i.src))))];
}

type FakeActors = {
  pending: Map<string, Deferred>;
  started: { actor: string; input: unknown }[];
};

/**
 * The machine with every invoked actor replaced by a fake `fromPromise` that waits for the replay to
 * resolve or reject it. Built once per model (providing is not free); each replay installs its own
 * bookkeeping in `current` — replays of one model run one after the other.
 */
const provided = new WeakMap<
  MachineModel,
  { machine: AnyStateMachine; current: { fakes: FakeActors | null } }
>();

function fakeMachine(model: MachineModel) {
  const cached = provided.get(model);
  if (cached) return cached;
  const current: { fakes: FakeActors | null } = { fakes: null };
  const fakes = Object.fromEntries(
    invokedActors(model.machine).map((name) => [
      name,
      fromPromise(({ input }: { input: unknown }) => {
        const state = current.fakes;
        if (!state) throw new Error(`${name} started outside a replay`);
        state.started.push({ actor: name, input });
        return new Promise((resolve, reject) => state.pending.set(name, { resolve, reject }));
      }),
    ]),
  );
  const entry = { machine: model.machine.provide({ actors: fakes }), current };
  provided.set(model, entry);
  return entry;
}

/**
 * Drive a real actor along a generated path with the path's own `test()`: each step's event is
 * performed on the actor (start, a user event, a fake actor settling, the clock moving on), then
 * `check` sees the step and the state the path says it reaches. Throws when a step cannot be
 * performed or a check fails.
 */
export async function replayPath(
  model: MachineModel,
  path: GraphPath,
  check: (step: StepView, pathState: Snapshot) => void,
): Promise<void> {
  const { machine, current } = fakeMachine(model);
  const pending = new Map<string, Deferred>();
  const fakes: FakeActors = { pending, started: [] };
  current.fakes = fakes;
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: path.input, clock });
  let emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.subscribe({ error: () => {} });
  let last: StepView | null = null;

  const perform = async ({ event }: { event: EventObject }) => {
    const from = last ? (actor.getSnapshot() as Snapshot) : null;
    if (event.type === 'xstate.init') {
      actor.start();
    } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const done = event.type.startsWith('xstate.done.actor.');
      const name = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
      const deferred = pending.get(name);
      if (!deferred) throw new Error(`${name} is not running`);
      pending.delete(name);
      if (done) deferred.resolve((event as EventObject & { output?: unknown }).output);
      else deferred.reject((event as EventObject & { error?: unknown }).error);
    } else if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(machine, event.type));
    } else {
      actor.send(event);
    }
    await flush();
    last = {
      event,
      from,
      to: actor.getSnapshot() as Snapshot,
      emitted,
      started: fakes.started.splice(0),
      caseTitle: path.caseTitle,
      input: path.input,
    };
    emitted = [];
  };

  const events = Object.fromEntries(path.steps.map((s) => [s.event.type, perform]));
  try {
    await path.test({
      events,
      states: {
        '*': (pathState) => {
          if (!last) throw new Error('No step was performed');
          check(last, pathState);
        },
      },
    });
  } finally {
    actor.stop();
    current.fakes = null;
  }
}

const activeIds = (snapshot: Snapshot): Set<string> =>
  new Set([
    snapshot.machine.root.id,
    ...getActiveStateNodes(snapshot.machine.root, snapshot.value).map((n) => n.id),
  ]);

/** A stable name for a transition of the definition: source, event, position, targets. */
function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.findIndex((candidate: AnyTransitionDefinition) => candidate === t);
  return `${source.id} —${t.eventType || 'always'}[${index}]→ ${(t.target ?? []).map((n: { id: string }) => n.id).join(',') || '(self)'}`;
}

/** Every state node id and every transition of a machine definition. */
export function definitionOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes: AnyStateNode[] = [machine.root, ...getAllStateNodes(machine.root)];
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const t of list) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
  }
  return { states: nodes.map((n) => n.id), transitions };
}

type GuardLike = string | { type: string; params?: unknown } | ((...args: never[]) => unknown) | undefined;

/** Evaluates a transition's guard the way xstate does, through the machine's named implementations. */
function guardPasses(snapshot: Snapshot, guard: GuardLike, event: EventObject): boolean {
  if (guard === undefined) return true;
  const { context } = snapshot;
  if (typeof guard === 'function') {
    // and([...]) / or([...]) / not(...) hold their named parts.
    const parts = (guard as unknown as { guards?: GuardLike[] }).guards ?? [];
    const results = () => parts.map((part) => guardPasses(snapshot, part, event));
    if (guard.name === 'and') return results().every(Boolean);
    if (guard.name === 'or') return results().some(Boolean);
    if (guard.name === 'not') return !results()[0];
    throw new Error(`Cannot evaluate the inline guard ${guard.name || '(anonymous)'}: name it in setup()`);
  }
  const type = typeof guard === 'string' ? guard : guard.type;
  const raw = typeof guard === 'string' ? undefined : guard.params;
  const params = typeof raw === 'function' ? raw({ context, event }) : raw;
  const impl = (snapshot.machine.implementations.guards as Record<string, unknown>)[type];
  if (typeof impl !== 'function') throw new Error(`Guard ${type} has no implementation`);
  return Boolean(impl({ context, event }, params));
}

/**
 * The transitions xstate selects for `eventType` ('' for eventless) in `snapshot`: per atomic state,
 * the first enabled transition of the state itself or else of its nearest ancestor.
 */
function selectedTransitions(
  snapshot: Snapshot,
  eventType: string,
  event: EventObject,
): AnyTransitionDefinition[] {
  const chosen: AnyTransitionDefinition[] = [];
  const decided = new Set<string>();
  for (const t of getNextTransitions(snapshot)) {
    if (t.eventType !== eventType || decided.has(t.source.id)) continue;
    if (!guardPasses(snapshot, t.guard as GuardLike, event)) continue;
    chosen.push(t);
    for (let n: AnyStateNode | undefined = t.source; n; n = n.parent) decided.add(n.id);
  }
  return chosen;
}

/**
 * The states and transitions of the definition that the paths go through, worked out with xstate's
 * pure `getMicrosteps` (so transient states, left at once by an eventless transition, count too).
 */
export function coverageOf(
  model: MachineModel,
  paths: GraphPath[],
): { states: Set<string>; transitions: Set<string> } {
  const states = new Set<string>();
  const transitions = new Set<string>();
  const seen = new Set<string>();
  const follow = (start: Snapshot, microsteps: Snapshot[], event: EventObject, first: string | null) => {
    let before = start;
    for (const [i, after] of microsteps.entries()) {
      const taken =
        i === 0 && first === null ? [] : selectedTransitions(before, i === 0 ? (first ?? '') : '', event);
      const active = activeIds(after);
      for (const id of active) states.add(id);
      for (const t of taken) {
        const targets = t.target ?? [t.source];
        // A cross-check that the selection above is the one xstate made.
        if (!targets.every((n) => active.has(n.id)) && after.status === 'active')
          throw new Error(`Coverage lost track of ${transitionKey(t)} on ${event.type}`);
        transitions.add(transitionKey(t));
      }
      before = after;
    }
  };
  for (const c of model.cases) {
    const initial = getInitialMicrosteps(model.machine, c.input as never).map(([s]) => s as Snapshot);
    const [first, ...rest] = initial;
    if (first) follow(first, [first, ...rest], { type: 'xstate.init', input: c.input } as EventObject, null);
  }
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      const before = path.steps[i - 1]?.state as Snapshot;
      const { event } = path.steps[i] as { event: EventObject };
      const key = `${serializeState(before)}\u0001${serializeEvent(event)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const microsteps = getMicrosteps(model.machine, before, event).map(([s]) => s as Snapshot);
      follow(before, microsteps, event, event.type);
    }
  }
  return { states, transitions };
}

/** A readable one-liner of an event for test names and journeys. */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const name = type === 'xstate.init' ? 'start' : type;
  const keys = Object.keys(payload);
  if (keys.length === 0) return name;
  return `${name} ${JSON.stringify(payload, (_k, v) => (v instanceof Error ? v.message : v))}`;
}

export function stateName(snapshot: Snapshot): string {
  const flat = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flat(v).map((s) => `${k}.${s}`));
  return flat(snapshot.value).join(' + ');
}
