/**
 * Which generated journeys a run replays in the browser (docs/testing.md, "Which journeys a run replays").
 *
 * Every run replays, per machine, its **cover**: a set of its default journeys that together reach every
 * state and every transition the journeys reach at all (everything in the definition but the model's
 * offstage events, which a browser never delivers). It is a greedy set cover over what each journey
 * reaches (`coverageOf`, the same count as the browser's report): the journey that reaches the most not
 * yet reached first, ties to the shorter, then to the earlier. The same machine gives the same cover.
 *
 * The other journeys take **turns**: the k-th of them (in the order they are generated) runs in turn
 * k mod TURNS. A run's turn is the number of commits up to HEAD (`git rev-list --count HEAD`), or
 * JOURNEY_TURN, so over any TURNS commits in a row every journey runs at least once. `--all` replays
 * every journey.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { coverageOf, type GraphPath, type MachineModel } from '../machines/support/graph';

/** A prime, so that stops adding the same number of commits each time still go round every turn. */
export const TURNS = 11;

const ROOT = resolve(import.meta.dirname, '../..');

/** What one path reaches, as `s:<state id>` and `t:<transition>` keys. */
function reachedBy(model: MachineModel, paths: GraphPath[]): Set<string> {
  const { states, transitions } = coverageOf(model, paths);
  return new Set([...[...states].map((s) => `s:${s}`), ...[...transitions].map((t) => `t:${t}`)]);
}

/**
 * The indices (ascending) of a greedy set cover of `paths`: together they reach every state and
 * transition that all of `paths` reach. Deterministic for the same paths.
 */
export function coverOf(model: MachineModel, paths: readonly GraphPath[]): number[] {
  // What starting the machine reaches counts as reached: every journey starts it.
  const reached = reachedBy(model, []);
  const each = paths.map((path) => [...reachedBy(model, [path])].filter((key) => !reached.has(key)));
  const chosen: number[] = [];
  for (;;) {
    let best = -1;
    let bestGain = 0;
    for (const [i, keys] of each.entries()) {
      const gain = keys.filter((key) => !reached.has(key)).length;
      const shorter = best >= 0 && gain === bestGain && paths[i]!.steps.length < paths[best]!.steps.length;
      if (gain > bestGain || (gain > 0 && shorter)) {
        best = i;
        bestGain = gain;
      }
    }
    if (best < 0) break;
    chosen.push(best);
    for (const key of each[best]!) reached.add(key);
  }
  return chosen.sort((a, b) => a - b);
}

/** The cover, and the rest of the indices by turn (`turns[t]`: those that run in turn t). */
export function selectionOf(
  model: MachineModel,
  paths: readonly GraphPath[],
): { cover: number[]; turns: number[][] } {
  const cover = coverOf(model, paths);
  const inCover = new Set(cover);
  const turns: number[][] = Array.from({ length: TURNS }, () => []);
  let k = 0;
  for (const i of paths.keys()) if (!inCover.has(i)) turns[k++ % TURNS]!.push(i);
  return { cover, turns };
}

/** This run's turn: JOURNEY_TURN, else the commit count of HEAD, modulo TURNS (0 outside a git clone). */
export function currentTurn(env: NodeJS.ProcessEnv = process.env): number {
  const given = env.JOURNEY_TURN;
  if (given !== undefined && given !== '') {
    const n = Number(given);
    if (!Number.isInteger(n) || n < 0) throw new Error(`JOURNEY_TURN must be a whole number, not '${given}'`);
    return n % TURNS;
  }
  try {
    const count = execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
    return Number(count.trim()) % TURNS;
  } catch {
    return 0;
  }
}
