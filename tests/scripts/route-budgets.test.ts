import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS_FILE, parseBudgets } from '../../scripts/js-budget';

const ROOT = resolve(import.meta.dirname, '../..');
const current = parseBudgets(readFileSync(resolve(ROOT, BUDGETS_FILE), 'utf8'));

/** Every committed version of the budgets file, oldest last (none outside a git checkout). */
function history(): Record<string, number>[] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  const commits = git('log', '--format=%H', '--', BUDGETS_FILE).split('\n').filter(Boolean);
  return commits.map((commit) => parseBudgets(git('show', `${commit}:${BUDGETS_FILE}`)));
}

describe('per-route JS ceilings (scripts/route-budgets.json, npm run check:budget)', () => {
  it('name every route module of the app, and nothing else', () => {
    const routes = readdirSync(resolve(ROOT, 'src/features'))
      .map((feature) => `src/features/${feature}`)
      .flatMap((dir) => readdirSync(resolve(ROOT, dir)).map((name) => `${dir}/${name}`))
      .filter((name) => name.endsWith('.page.tsx'))
      .sort();
    expect(Object.keys(current).sort()).toEqual(routes);
  });

  it('only ever go down: no ceiling is above one it had in an earlier commit', () => {
    const raised: string[] = [];
    for (const earlier of history())
      for (const [route, ceiling] of Object.entries(current))
        if (earlier[route] !== undefined && ceiling > (earlier[route] as number))
          raised.push(`${route}: ${ceiling} KB > ${earlier[route]} KB`);
    expect(raised).toEqual([]);
  });
});
