import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MACHINE_FILE, stripDescriptions } from '../../scripts/strip-machine-descriptions';

describe('stripDescriptions', () => {
  it('blanks every literal description and keeps the rest of the config, line for line', () => {
    const code = [
      'createMachine({',
      "  description: 'The cart.',",
      '  states: {',
      "    idle: { description: `Waiting.`, on: { go: 'busy' } },",
      "    busy: { tags: ['x'], description:",
      '      "On its way." },',
      '    kept: { description: someVariable },',
      '  },',
      '});',
    ].join('\n');
    const result = stripDescriptions(code);
    expect(result?.dropped).toBe(3);
    const out = result?.code ?? '';
    expect(out).not.toContain('The cart.');
    expect(out).not.toContain('Waiting.');
    expect(out).not.toContain('On its way.');
    expect(out).toContain("on: { go: 'busy' }");
    expect(out).toContain('description: someVariable');
    // Same length and line breaks: the source map of the file stays valid.
    expect(out.length).toBe(code.length);
    expect(out.split('\n').length).toBe(code.split('\n').length);
    // Still a valid object literal (a left-over comma or a missing one would throw here).
    const createMachine = (config: unknown) => config;
    const someVariable = 'dynamic';
    const config = new Function('createMachine', 'someVariable', `return ${out}`)(
      createMachine,
      someVariable,
    );
    expect(config).toEqual({
      states: { idle: { on: { go: 'busy' } }, busy: { tags: ['x'] }, kept: { description: 'dynamic' } },
    });
  });

  it('leaves a machine file with no descriptions alone and applies to machine files only', () => {
    expect(stripDescriptions('const a = { b: 1 };')).toBeNull();
    expect(MACHINE_FILE.test('/repo/machines/cart.machine.ts')).toBe(true);
    expect(MACHINE_FILE.test('/repo/machines/cart.model.ts')).toBe(false);
    expect(MACHINE_FILE.test('/repo/src/features/cart/cart.page.tsx')).toBe(false);
  });

  it('drops every description of a real machine', () => {
    const code = readFileSync('machines/wishlist.machine.ts', 'utf8');
    const out = stripDescriptions(code)?.code ?? '';
    expect(out).not.toMatch(/description:\s*['"`]/);
    expect(out).toContain("id: 'wishlist'");
  });
});
