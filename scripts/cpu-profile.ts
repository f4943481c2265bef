/**
 * The benches' `--profile DIR` (scripts/bench.ts, scripts/bench-checkout.ts): the server processes run
 * with `--cpu-prof --cpu-prof-dir DIR`, and each `.cpuprofile` they leave at exit is summarised over the
 * stretches of time the bench names: self time by package and the heaviest functions.
 *
 * Times are V8's: microseconds on the monotonic clock, the one `process.hrtime` reads in the bench (both
 * CLOCK_MONOTONIC on Linux), so a bench can mark a stretch with `monotonicMicros()` and find it in the
 * profile of another process.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** A stretch of time, in microseconds on the profile's (monotonic) clock. */
export interface Span {
  from: number;
  to: number;
}

/** Now, in the profile's terms. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The node flags that make a process write its profile into `dir` at exit. */
export const cpuProfileArgs = (dir: string) => ['--cpu-prof', `--cpu-prof-dir=${resolve(dir)}`];

/** Where a script belongs: a package under node_modules, Node's own code, or ours. */
function owner(url: string): string {
  if (!url) return '(native / idle / gc)';
  if (url.startsWith('node:')) return 'node internals';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1] as string;
  const ours = /\/(server|shared|src)\/.*$/.exec(url);
  return ours ? (ours[1] === 'server' ? 'server/' : `${ours[1]}/`) : url;
}

/**
 * The part of the server a sample's time goes to, for `--profile`'s "by part" line: the innermost frame
 * of a package or of ours decides (Node's own stream and socket code counts for whoever called it, so a
 * socket write to PostgreSQL is the driver's); a native JSON.stringify is serialization and an ajv
 * validator (compiled, without a URL) is validation wherever they are called from.
 */
const PARTS: ReadonlyArray<[string, RegExp]> = [
  ['logger (pino)', /^(pino|pino-std-serializers|sonic-boom|thread-stream)$/],
  ['contract validation (ajv)', /^(ajv|ajv-formats|@fastify\/ajv-compiler|fast-uri)$/],
  ['serialization (fast-json-stringify)', /^(fast-json-stringify|@fastify\/fast-json-stringify-compiler)$/],
  ['SQL builder (drizzle-orm)', /^drizzle-orm$/],
  [
    'database driver (pg, its socket writes)',
    /^(pg|pg-protocol|pg-pool|pg-types|postgres-array|@electric-sql\/pglite)$/,
  ],
  [
    'lifecycle (fastify: routing, hooks, reply)',
    /^(fastify|find-my-way|avvio|@fastify\/.+|fastify-.+|openapi-glue|light-my-request)$/,
  ],
];

function partOf(chain: readonly ProfileNode['callFrame'][]): string {
  const [leaf] = chain;
  if (leaf && !leaf.url) {
    if (leaf.functionName === '(garbage collector)') return 'garbage collection';
    if (leaf.functionName === 'stringify') return 'serialization (fast-json-stringify)';
    if (/^validate\d*$/.test(leaf.functionName)) return 'contract validation (ajv)';
  }
  for (const frame of chain) {
    if (!frame.url) {
      if (/^validate\d*$/.test(frame.functionName)) return 'contract validation (ajv)';
      continue;
    }
    const who = owner(frame.url);
    if (who === 'node internals') continue;
    const part = PARTS.find(([, pattern]) => pattern.test(who));
    return part ? part[0] : frame.url.includes('node_modules') ? who : 'our code (server/, shared/)';
  }
  return 'Node (http, streams, timers)';
}

/** The .cpuprofile files in `dir` written at or after `since` (ms since the epoch). */
export function profilesSince(dir: string, since: number): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).mtimeMs >= since);
}

export const readProfile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

export interface ProfileSummary {
  /** Sampled time inside the spans, µs, and the part of it that was not idle. */
  total: number;
  busy: number;
  /** Self time by owner and by function, as shares of the busy time, heaviest first. */
  byOwner: Array<[string, number]>;
  byFunction: Array<[string, number]>;
  /** Inclusive time by part of the server (partOf), as shares of the busy time. */
  byPart: Array<[string, number]>;
}

/** Self time of the samples taken inside `spans`, by owner and by function. */
export function summariseProfile(profile: CpuProfile, spans: readonly Span[]): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (spans.some((span) => at >= span.from && at <= span.to)) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of (node as ProfileNode & { children?: number[] }).children ?? [])
      parentOf.set(child, node.id);
  const chainOf = (id: number) => {
    const chain: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (node) chain.push(node.callFrame);
    }
    return chain;
  };
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byPart = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    total += micros;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const who = owner(frame.url);
    byOwner.set(who, (byOwner.get(who) ?? 0) + micros);
    const part = partOf(chainOf(id));
    byPart.set(part, (byPart.get(part) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${who === frame.url ? '' : `${who} `}${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const busy = total - idle;
  const shares = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([name, micros]) => [name, busy > 0 ? micros / busy : 0]) as Array<[string, number]>;
  return {
    total,
    busy,
    byOwner: shares(byOwner),
    byFunction: shares(byFunction),
    byPart: shares(byPart),
  };
}

/** Prints a summary; nothing for a profile (nearly) idle throughout. */
export function printProfileSummary(
  heading: string,
  summary: ProfileSummary,
  { owners = 10, functions = 12 } = {},
): void {
  // (Under 1% busy: a helper thread's profile, e.g. tsx's module loader or the logger's.)
  if (summary.busy <= summary.total / 100) return;
  const top = (list: Array<[string, number]>, n: number) =>
    list.slice(0, n).map(([name, share]) => `${name} ${(100 * share).toFixed(1)}%`);
  console.log(
    `  ${heading}: busy ${(summary.busy / 1e6).toFixed(2)} s of ${(summary.total / 1e6).toFixed(2)} s\n    by part: ${top(summary.byPart, 12).join(', ')}\n    by owner: ${top(summary.byOwner, owners).join(', ')}\n    heaviest: ${top(summary.byFunction, functions).join('; ')}`,
  );
}
