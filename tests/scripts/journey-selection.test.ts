import { describe, expect, it } from 'vitest';
import { coverOf, currentTurn, selectionOf, TURNS } from '../journeys/selection';
import { driven } from '../machines/drivers/index';
import { coverageOf, defaultJourneyPaths } from '../machines/support/graph';
import { modelNamed } from '../machines/support/models';

const sorted = (set: Set<string>) => [...set].sort();

describe('the journeys a browser run replays (tests/journeys/selection.ts)', () => {
  for (const name of Object.keys(driven)) {
    const model = modelNamed(name);
    const paths = defaultJourneyPaths(model);

    it(`${name}: the cover reaches every state and transition that all its journeys reach`, () => {
      const cover = coverOf(model, paths);
      const all = coverageOf(model, paths);
      const covered = coverageOf(
        model,
        cover.map((i) => paths[i]!),
      );
      expect(sorted(covered.states)).toEqual(sorted(all.states));
      expect(sorted(covered.transitions)).toEqual(sorted(all.transitions));
    });

    it(`${name}: every other journey runs in exactly one of the ${TURNS} turns, the same ones each time`, () => {
      const { cover, turns } = selectionOf(model, paths);
      const listed = [...cover, ...turns.flat()].sort((a, b) => a - b);
      expect(listed).toEqual([...paths.keys()]);
      expect(selectionOf(model, paths)).toEqual({ cover, turns });
      const sizes = turns.map((t) => t.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    });
  }

  it('replays far fewer journeys per run than there are, for the machines with the most', () => {
    for (const name of ['cart', 'wishlist']) {
      const model = modelNamed(name);
      const paths = defaultJourneyPaths(model);
      const { cover, turns } = selectionOf(model, paths);
      expect(cover.length + (turns[0]?.length ?? 0), name).toBeLessThan(paths.length / 4);
    }
  });

  it("takes the run's turn from JOURNEY_TURN, else from the commit count, modulo the turns", () => {
    expect(currentTurn({ JOURNEY_TURN: '3' })).toBe(3);
    expect(currentTurn({ JOURNEY_TURN: String(TURNS + 2) })).toBe(2);
    expect(() => currentTurn({ JOURNEY_TURN: 'soon' })).toThrow(/whole number/);
    const fromGit = currentTurn({});
    expect(fromGit).toBeGreaterThanOrEqual(0);
    expect(fromGit).toBeLessThan(TURNS);
  });
});
