import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { components } from '../../contract/schema';
import type { PaymentField } from '../../shared/payment-fields';

const sharedDir = join(import.meta.dirname, '../../shared');
/** The shared/ modules allowed a library, by name (biome.json says the same): the two lifecycles. */
const ALLOWED_LIBRARY: Record<string, string> = {
  'order-lifecycle.ts': 'xstate',
  'return-lifecycle.ts': 'xstate',
};

describe('shared/', () => {
  it('imports nothing but its own modules when any file is read', () => {
    const files = readdirSync(sharedDir).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(join(sharedDir, file), 'utf8');
      for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)';/gms)) {
        const allowed = match[1]?.startsWith('./') || match[1] === ALLOWED_LIBRARY[file];
        expect(allowed, `${file} imports ${match[1]}`).toBe(true);
      }
      expect(source, `${file} uses a dynamic import or require`).not.toMatch(/\bimport\(|\brequire\(/);
    }
  });

  it('describes a payment field exactly as the contract does', () => {
    // Checked by tsc (npm run lint): the rules read the same shape GET /payments/fields serves.
    expectTypeOf<PaymentField>().toEqualTypeOf<components['schemas']['PaymentField']>();
  });
});
