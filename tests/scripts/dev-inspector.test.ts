import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectorLeaks } from '../../scripts/js-budget';
import { inspectorWanted } from '../../src/app/dev-inspector';

describe('the Stately inspector (development only)', () => {
  it('is wanted with ?inspect or VITE_INSPECT=1, and not otherwise', () => {
    expect(inspectorWanted('?inspect', undefined)).toBe(true);
    expect(inspectorWanted('?orderId=SF-1&inspect=1', undefined)).toBe(true);
    expect(inspectorWanted('', '1')).toBe(true);
    expect(inspectorWanted('?orderId=SF-1', undefined)).toBe(false);
    expect(inspectorWanted('', '0')).toBe(false);
  });

  it('is found by check:budget in built JavaScript that carries it, and a clean build passes', () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    try {
      mkdirSync(join(dist, 'assets'));
      writeFileSync(join(dist, 'assets/index-abc.js'), 'const a=1;export{a};');
      expect(inspectorLeaks(dist)).toEqual([]);
      writeFileSync(
        join(dist, 'assets/inspect-def.js'),
        'import"@statelyai/inspect";createBrowserInspector()',
      );
      expect(inspectorLeaks(dist)).toEqual(['assets/inspect-def.js (@statelyai/inspect)']);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
