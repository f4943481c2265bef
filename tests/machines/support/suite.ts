import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  definitionOf,
  describeEvent,
  generatePaths,
  type MachineModel,
  type Replay,
  replayPath,
  stateName,
} from './graph';

export type StepView = { from: AnyMachineSnapshot | null; event: EventObject; to: AnyMachineSnapshot };

/**
 * The model test of one machine: every generated path is replayed against a real actor; at every step
 * the state and context must be the ones the graph predicts and the emitted events those `expectEmits`
 * derives from the spec; finally the replayed paths together must reach every state and transition.
 */
export function describeModel(
  model: MachineModel,
  expectEmits: (step: StepView) => EventObject[],
  checkPath?: (replay: Replay) => void,
) {
  const paths = generatePaths(model);
  const replays: Replay[] = [];

  describe(`${model.name} machine (model paths)`, () => {
    it('has generated paths to replay when the graph is walked', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    for (const [n, path] of paths.entries()) {
      const title = `${path.caseTitle}: ${
        path.steps
          .slice(1)
          .map((s) => describeEvent(s.event))
          .join(' → ') || 'start'
      }`;
      it(`reaches ${stateName(path.state)} when ${title.slice(0, 160)} (#${n + 1})`, async () => {
        const replay = await replayPath(model, path);
        let from: AnyMachineSnapshot | null = null;
        for (const step of replay.steps) {
          const where = `after ${describeEvent(step.event)}`;
          expect(step.actual.value, where).toEqual(step.expected.value);
          expect(step.actual.context, where).toEqual(step.expected.context);
          expect(step.emitted, where).toEqual(expectEmits({ from, event: step.event, to: step.expected }));
          from = step.expected;
        }
        checkPath?.(replay);
        replays.push(replay);
      });
    }

    it('reaches every state and takes every transition of the definition when all paths are replayed', () => {
      const { states, transitions } = definitionOf(model.machine);
      const visited = new Set(replays.flatMap((r) => [...r.statesVisited]));
      const taken = new Set(replays.flatMap((r) => [...r.transitionsTaken]));
      expect(replays).toHaveLength(paths.length);
      expect(states.filter((s) => !visited.has(s))).toEqual([]);
      expect(transitions.filter((t) => !taken.has(t))).toEqual([]);
    });
  });
}

/** True when the step moved from a state matching `from` into one matching `to` with that event type. */
export function moved(step: StepView, eventType: string, to?: string): boolean {
  return step.event.type === eventType && (to === undefined || step.to.matches(to));
}
