import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  findStalePaths,
  knownPaths,
  README_MAX_LINES,
  readmeOverLength,
  scannedPaths,
} from '../../scripts/lint-paths';

// A tiny repository: the checker only sees these paths, so the names below are fixtures, not real files.
const known = knownPaths([
  'README.md',
  'package.json',
  'docs/api.md',
  'server/app.ts',
  'server/handlers/users.ts',
]);

const check = (path: string, text: string) => findStalePaths([{ path, text }], known);

describe('findStalePaths', () => {
  it('reports a doc naming a missing file, with its line', () => {
    expect(check('docs/guide.md', 'Intro.\nThe app is built in `server/gone.ts`.\n')).toEqual([
      { file: 'docs/guide.md', line: 2, path: 'server/gone.ts' },
    ]);
  });

  it('passes files and folders that exist', () => {
    expect(check('README.md', 'See server/app.ts, `server/handlers/` and package.json.\n')).toEqual([]);
  });

  it('resolves a markdown link from the doc’s own folder', () => {
    expect(check('docs/guide.md', '[API](api.md) and [old](old.md)\n')).toEqual([
      { file: 'docs/guide.md', line: 1, path: 'old.md' },
    ]);
  });

  it('skips URLs, globs and placeholders when they name no file', () => {
    const text =
      'https://example.com/server/gone.ts, server/*.ts, server/<name>.ts, server/{id}.ts, server/X.ts\n';
    expect(check('docs/guide.md', text)).toEqual([]);
  });

  it('skips a line marked lint-paths: ignore', () => {
    expect(check('docs/guide.md', 'server/gone.ts is deliberately absent (lint-paths: ignore)\n')).toEqual(
      [],
    );
  });

  it('reads only the comments of a source file, and ./ paths from the file’s folder', () => {
    const text = [
      '// Built by ./app.ts, once ./missing.ts is gone; server/gone.ts too.',
      "const path = 'server/also-gone.ts';",
      'export { path };',
    ].join('\n');
    expect(check('server/index.ts', text)).toEqual([
      { file: 'server/index.ts', line: 1, path: 'server/gone.ts' },
      { file: 'server/index.ts', line: 1, path: './missing.ts' },
    ]);
  });
});

describe('scannedPaths', () => {
  it('takes the docs, sources and config files, not generated or other files', () => {
    expect(
      scannedPaths([
        'README.md',
        'docs/machines/cart.md',
        'server/app.ts',
        'src/main.tsx',
        'vite.config.ts',
        'contract/schema.d.ts',
        'public/robots.txt',
        'package.json',
      ]),
    ).toEqual(['README.md', 'docs/machines/cart.md', 'server/app.ts', 'src/main.tsx', 'vite.config.ts']);
  });
});

describe('readmeOverLength', () => {
  const lines = (n: number) => 'line\n'.repeat(n);

  it('passes a README of up to 300 lines, with or without a final newline', () => {
    expect(README_MAX_LINES).toBe(300);
    expect(readmeOverLength(lines(300))).toBeNull();
    expect(readmeOverLength(`${lines(299)}last`)).toBeNull();
  });

  it('says how long a README of 301 lines is, and where the rest belongs', () => {
    expect(readmeOverLength(lines(301))).toMatch(/^README\.md is 301 lines.*300.*docs\//);
  });

  it('holds for the README in this repository', () => {
    expect(readmeOverLength(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'))).toBeNull();
  });
});
