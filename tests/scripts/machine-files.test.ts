import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A machine file opens as is in the Stately visualiser/editor (docs/architecture.md, "Machines in the Stately
 * editor"): it may import xstate, the other machine files and shared/, and the API's generated types
 * (erased at build), but nothing from React, the DOM or the rest of src/.
 */
const dir = join(import.meta.dirname, '../../machines');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

function problemsOf(source: string): string[] {
  const problems: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms)) {
    const [, , typeOnly, from = ''] = match;
    if (/^react(-dom)?(\/|$)|^@xstate\/react|^styled-system|^@ark-ui|^@conform-to/.test(from))
      problems.push(`imports ${from}`);
    if (/(^|\/)src\//.test(from)) problems.push(`imports ${from} from src/`);
    if (/(^|\/)contract\//.test(from) && !typeOnly) problems.push(`imports values from ${from}`);
  }
  for (const global of ['window', 'document', 'localStorage', 'sessionStorage', 'navigator'])
    if (new RegExp(`\\b${global}\\.`).test(source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')))
      problems.push(`uses ${global}`);
  return problems;
}

describe('machine files', () => {
  it('finds the machine files', () => {
    expect(files).toContain('payment.machine.ts');
  });

  it.each(files)('%s imports nothing from React, the DOM or src/', (file) => {
    expect(problemsOf(readFileSync(join(dir, file), 'utf8'))).toEqual([]);
  });

  it('reports a React import, a src/ import, a DOM global and allows the API types', () => {
    expect(problemsOf("import { useState } from 'react';")).toEqual(['imports react']);
    expect(problemsOf("import { toast } from '../src/components/ui/toast-queue';")).toEqual([
      'imports ../src/components/ui/toast-queue from src/',
    ]);
    expect(problemsOf('const w = window.innerWidth;')).toEqual(['uses window']);
    expect(problemsOf("import type { components } from '../contract/schema';")).toEqual([]);
  });
});
