import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` ends with madge (configured by .madgerc), which fails on any import cycle in the tree.
 * These tests run the lint script's own madge command, with the repository's .madgerc and tsconfig.json,
 * over small scratch trees: a planted two-file cycle must fail it, whichever kind of import closes it,
 * so a checker that stops seeing cycles fails here rather than silently.
 */

const root = join(import.meta.dirname, '../..');
const madge = join(root, 'node_modules/.bin/madge');
const scratches: string[] = [];
afterAll(() => {
  for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
});

/** The arguments the lint script gives madge (`... && madge <args>` at its end). */
function lintArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { lint: string } };
  const command = pkg.scripts.lint.split('&&').map((part) => part.trim());
  const check = command.find((part) => part.startsWith('madge '));
  if (!check) throw new Error('the lint script runs no madge');
  return check.split(/\s+/).slice(1);
}

function check(files: Record<string, string>) {
  const scratch = mkdtempSync(join(tmpdir(), 'statefront-cycles-'));
  scratches.push(scratch);
  copyFileSync(join(root, '.madgerc'), join(scratch, '.madgerc'));
  copyFileSync(join(root, 'tsconfig.json'), join(scratch, 'tsconfig.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), `${text}\n`);
  }
  const run = spawnSync(madge, lintArgs(), { cwd: scratch, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const helper = "export const PARAM = 'quick';";

describe('import cycle check (lint, .madgerc)', () => {
  it.each([
    ['a value import', "import { PARAM } from '../src/host';\nexport const view = () => PARAM;"],
    ['a type-only import', "import type { Host } from '../src/host';\nexport const view = (h: Host) => h;"],
    ['a lazy import()', "export const load = () => import('../src/host');"],
  ])('fails when two files import each other, one of them through %s', (_, back) => {
    const { status, output } = check({
      'src/host.tsx': "import { view } from '../shared/view';\nexport type Host = { view: typeof view };",
      'shared/view.ts': back,
    });
    expect(status).not.toBe(0);
    expect(output).toMatch(/Found 1 circular dependenc/);
    expect(output).toMatch(/shared\/view\.ts > src\/host\.tsx|src\/host\.tsx > shared\/view\.ts/);
  });

  it('passes when both files import a third instead of each other', () => {
    const { status, output } = check({
      'src/param.ts': helper,
      'src/host.tsx':
        "import { PARAM } from './param';\nexport const load = () => import('./view');\nexport { PARAM };",
      'src/view.tsx': "import { PARAM } from './param';\nexport const view = () => PARAM;",
    });
    expect(output).toContain('No circular dependency found');
    expect(status).toBe(0);
  });
});
