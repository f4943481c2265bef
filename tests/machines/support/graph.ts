/**
 * Path-based model testing for the machines (issue 3). A `MachineModel` says which events to try in
 * each state — user events with payload variants, and the possible outcomes of every invoked actor as
 * `xstate.done.actor.*` / `xstate.error.actor.*` events. @xstate/graph walks the machine with them;
 * `replayPath` then drives a real actor along each path, with fake `fromPromise` actors resolved or
 * rejected as the path says and a simulated clock for delays, recording what happened at every step.
 */
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  type StatePath,
  type TraversalOptions,
} from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromPromise,
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

export type ModelCase = { title: string; input?: unknown };

export type MachineModel = {
  /** File name without `.machine.ts`, e.g. 'payment'. */
  name: string;
  machine: AnyStateMachine;
  /** One graph per case (e.g. payment with and without an order id). */
  cases: ModelCase[];
  /** Events to try in a state; only those the state handles are used (@xstate/graph filters them). */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Also walk every simple path (where their number stays reasonable). */
  simplePaths?: boolean;
};

export type GraphPath = StatePath<AnyMachineSnapshot, EventObject> & { caseTitle: string; input?: unknown };

/** Errors serialise with their message so two failure variants stay two different events. */
export function serializeEvent(event: EventObject): string {
  return JSON.stringify(event, (_key, value) =>
    value instanceof Error ? { ...value, error: value.name, message: value.message } : value,
  );
}

function traversalOptions(
  model: MachineModel,
  input: unknown,
): TraversalOptions<AnyMachineSnapshot, EventObject, unknown> {
  return {
    input,
    // Our function replaces @xstate/graph's default one, so filter to the events the state handles.
    events: (snapshot) => {
      const handled = new Set(__unsafe_getAllOwnEventDescriptors(snapshot));
      const delayed = [...handled].filter((t) => t.startsWith('xstate.after.')).map((type) => ({ type }));
      return [...model.events(snapshot).filter((e) => handled.has(e.type)), ...delayed];
    },
    serializeEvent: serializeEvent as TraversalOptions<
      AnyMachineSnapshot,
      EventObject,
      unknown
    >['serializeEvent'],
    limit: 20_000,
  };
}

const eventsOf = (path: StatePath<AnyMachineSnapshot, EventObject>) =>
  path.steps.map((s) => serializeEvent(s.event)).join('\u0000');

/** Drop paths whose events are a prefix of another path's events (the longer one replays them). */
export function dedupe(paths: GraphPath[]): GraphPath[] {
  const sorted = [...paths].sort((a, b) => b.steps.length - a.steps.length);
  const kept: GraphPath[] = [];
  const keys: string[] = [];
  for (const path of sorted) {
    const key = `${path.caseTitle}\u0001${eventsOf(path)}`;
    if (keys.some((k) => k === key || k.startsWith(`${key}\u0000`))) continue;
    kept.push(path);
    keys.push(key);
  }
  return kept.reverse();
}

/**
 * Every journey of a model: the shortest path to each reachable state, the shortest path extended by
 * each edge of the graph (so every transition is taken), and the simple paths where asked for.
 */
export function generatePaths(model: MachineModel, options: { simplePaths?: boolean } = {}): GraphPath[] {
  const simple = options.simplePaths ?? model.simplePaths ?? false;
  const all: GraphPath[] = [];
  for (const c of model.cases) {
    const options = traversalOptions(model, c.input);
    const shortest = getShortestPaths(model.machine, options);
    const tag = (p: StatePath<AnyMachineSnapshot, EventObject>): GraphPath => ({
      ...p,
      caseTitle: c.title,
      input: c.input,
    });
    all.push(...shortest.map(tag));
    const adjacency = getAdjacencyMap(model.machine, options);
    const shortestBySerial = new Map(shortest.map((p) => [serializeSnapshotKey(p.state), p]));
    for (const [serial, { transitions }] of Object.entries(adjacency)) {
      const head = shortestBySerial.get(serial);
      if (!head) continue;
      const edges = Object.values(transitions) as { event: EventObject; state: AnyMachineSnapshot }[];
      for (const { event, state } of edges) {
        all.push(tag({ state, steps: [...head.steps, { state, event }], weight: head.weight + 1 }));
      }
    }
    if (simple) all.push(...getSimplePaths(model.machine, options).map(tag));
  }
  return dedupe(all);
}

function serializeSnapshotKey(snapshot: AnyMachineSnapshot): string {
  const { value, context } = snapshot;
  return JSON.stringify({ value, context: Object.keys(context ?? {}).length ? context : undefined });
}

/** A stable name for a transition of the definition: source, event, position. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.findIndex((candidate: AnyTransitionDefinition) => candidate === t);
  return `${source.id} —${t.eventType || 'always'}[${index}]→ ${(t.target ?? []).map((n: { id: string }) => n.id).join(',') || '(self)'}`;
}

/** Every state node id and every transition of a machine definition. */
export function definitionOf(machine: AnyStateMachine): { states: string[]; transitions: string[] } {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const t of list) transitions.push(transitionKey(t));
    for (const t of node.always ?? []) transitions.push(transitionKey(t));
  }
  return { states: nodes.map((n) => n.id), transitions };
}

export type ReplayStep = {
  event: EventObject;
  /** The state the path says this step reaches, and what the real actor reached. */
  expected: AnyMachineSnapshot;
  actual: AnyMachineSnapshot;
  /** Events the real actor emitted while handling this step. */
  emitted: EventObject[];
};

export type Replay = {
  steps: ReplayStep[];
  statesVisited: Set<string>;
  transitionsTaken: Set<string>;
  /** Inputs the fake actors were started with, per actor name, in order. */
  actorInputs: Map<string, unknown[]>;
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
export function invokedActors(machine: AnyStateMachine): string[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)];
  return [...new Set(nodes.flatMap((n) => n.invoke.map((i: { src: unknown }) => String(i.src))))];
}

type FakeActors = { pending: Map<string, Deferred>; inputs: Map<string, unknown[]> };

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
        state.inputs.set(name, [...(state.inputs.get(name) ?? []), input]);
        return new Promise((resolve, reject) => state.pending.set(name, { resolve, reject }));
      }),
    ]),
  );
  const entry = { machine: model.machine.provide({ actors: fakes }), current };
  provided.set(model, entry);
  return entry;
}

/** Drive a real actor along a generated path. Throws when a step cannot be replayed. */
export async function replayPath(model: MachineModel, path: GraphPath): Promise<Replay> {
  const { machine, current } = fakeMachine(model);
  const pending = new Map<string, Deferred>();
  const actorInputs = new Map<string, unknown[]>();
  current.fakes = { pending, inputs: actorInputs };
  const clock = new SimulatedClock();
  const statesVisited = new Set<string>();
  const transitionsTaken = new Set<string>();
  const actor = createActor(machine, {
    input: path.input,
    clock,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep' && inspection.actorRef.sessionId === inspection.rootId) {
        for (const t of inspection._transitions) {
          transitionsTaken.add(transitionKey(t));
          // The source was active, even if it was left in the same macrostep (e.g. an initial `always`).
          for (let n: typeof t.source | undefined = t.source; n; n = n.parent) statesVisited.add(n.id);
        }
        // Transient states (left at once by an eventless transition) only show up in microsteps.
        for (const node of (inspection.snapshot as AnyMachineSnapshot)._nodes) statesVisited.add(node.id);
      }
    },
  });
  let emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.subscribe({ error: () => {} });
  const steps: ReplayStep[] = [];
  const record = (event: EventObject, expected: AnyMachineSnapshot) => {
    const actual = actor.getSnapshot() as AnyMachineSnapshot;
    for (const node of actual._nodes) statesVisited.add(node.id);
    steps.push({ event, expected, actual, emitted });
    emitted = [];
  };
  try {
    for (const [i, step] of path.steps.entries()) {
      const { event } = step;
      if (i === 0) {
        actor.start();
      } else if (
        event.type.startsWith('xstate.done.actor.') ||
        event.type.startsWith('xstate.error.actor.')
      ) {
        const done = event.type.startsWith('xstate.done.actor.');
        const name = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
        const deferred = pending.get(name);
        if (!deferred) throw new Error(`Step ${i}: ${name} is not running`);
        pending.delete(name);
        if (done) deferred.resolve((event as EventObject & { output?: unknown }).output);
        else deferred.reject((event as EventObject & { error?: unknown }).error);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(machine, event.type));
      } else {
        actor.send(event);
      }
      await flush();
      record(event, step.state);
    }
  } finally {
    actor.stop();
  }
  return { steps, statesVisited, transitionsTaken, actorInputs };
}

/** A readable one-liner of an event for test names and journeys. */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const name = type === 'xstate.init' ? 'start' : type;
  const keys = Object.keys(payload);
  if (keys.length === 0) return name;
  return `${name} ${JSON.stringify(payload, (_k, v) => (v instanceof Error ? v.message : v))}`;
}

export function stateName(snapshot: AnyMachineSnapshot): string {
  const flat = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flat(v).map((s) => `${k}.${s}`));
  return flat(snapshot.value).join(' + ');
}
