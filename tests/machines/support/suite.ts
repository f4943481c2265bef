import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import {
  coverageOf,
  definitionOf,
  describeEvent,
  generatePaths,
  type MachineModel,
  replayPath,
  type StepView,
  stateName,
} from './graph';

export type { StepView };

/** What a shopper would see change at a step, beyond the emitted events. */
export type Expectations = {
  /** Assertions on what the screen shows after the step: the context fields a view renders, tags. */
  shows?: (step: StepView) => void;
  /**
   * The input each actor (API call) is expected to be started with, by actor name. Every actor a step
   * starts with an input must be listed, so what is sent to the API is always checked.
   */
  sends?: Record<string, (step: StepView) => unknown>;
};

/**
 * The model test of one machine: every generated path is replayed against a real actor. At every
 * step the emitted events must be exactly those `expectEmits` derives from the spec, `shows` checks
 * what the screen shows, and every actor started must get the input `sends` names. A replay also
 * fails when it leaves the path (an actor the path resolves is not running, or the actor is in
 * another state than the path's next one). Finally the paths together must reach every state and
 * take every transition of the definition.
 */
export function describeModel(
  model: MachineModel,
  expectEmits: (step: StepView) => EventObject[],
  expectations: Expectations = {},
) {
  const paths = generatePaths(model);
  let replayed = 0;

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
        await replayPath(model, path, (step, pathState) => {
          const where = `after ${describeEvent(step.event)}`;
          expect(stateName(step.to), `${where}: the actor follows the path`).toBe(stateName(pathState));
          expect(step.emitted, `${where}: emitted`).toEqual(expectEmits(step));
          expectations.shows?.(step);
          for (const { actor, input } of step.started) {
            const expected = expectations.sends?.[actor];
            if (expected) expect(input, `${where}: input of ${actor}`).toEqual(expected(step));
            else expect(input, `${where}: ${actor} is started with an input nobody checks`).toBeUndefined();
          }
        });
        replayed++;
      });
    }

    it('reaches every state and takes every transition of the definition when all paths are replayed', () => {
      const { states, transitions } = definitionOf(model.machine);
      const covered = coverageOf(model, paths);
      expect(replayed).toBe(paths.length);
      expect(states.filter((s) => !covered.states.has(s))).toEqual([]);
      expect(transitions.filter((t) => !covered.transitions.has(t))).toEqual([]);
    });
  });
}

type ActorEvent = EventObject & { output?: unknown; error?: unknown };

/** True when the step is `actor` answering (whatever the output, even undefined). */
export function answered(step: StepView, actor: string): boolean {
  return step.event.type === `xstate.done.actor.${actor}`;
}

/** True when the step is `actor` failing. */
export function failed(step: StepView, actor: string): boolean {
  return step.event.type === `xstate.error.actor.${actor}`;
}

/** The output when the step is `actor` answering, else undefined. */
export function answerOf<T = unknown>(step: StepView, actor: string): T | undefined {
  return answered(step, actor) ? ((step.event as ActorEvent).output as T) : undefined;
}

/** The error when the step is `actor` failing, else undefined. */
export function failureOf<T = unknown>(step: StepView, actor: string): T | undefined {
  return failed(step, actor) ? ((step.event as ActorEvent).error as T) : undefined;
}

/** The context field before the step (the initial one when the step starts the actor). */
/** The `first` answer the case's input carries (a page the server rendered), read at the actor's start. */
export function firstAnswerOf<T>(step: StepView): T | null {
  if (step.event.type !== 'xstate.init') return null;
  return ((step.input as { first?: T } | undefined)?.first ?? null) as T | null;
}

export function before<T>(step: StepView, read: (context: Record<string, unknown>) => T, initial: T): T {
  return step.from ? read(step.from.context) : initial;
}
