import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_NEUTRAL } from '../setup/database-neutral';

const SERVER_TESTS = resolve(import.meta.dirname, '../server');

/** What touches the database from a test file itself: its handle, its schema's rows, a driver switch. */
const TOUCHES_DATABASE = /\bctx\.db\b|\bopenDatabase\b|server\/repositories|TEST_DATABASE|\bfreshPostgres\b/;

describe('which server tests run on one database or both (tests/setup/database-neutral.ts)', () => {
  it('names only server test files that exist, once each', () => {
    for (const name of DATABASE_NEUTRAL)
      expect(existsSync(join(SERVER_TESTS, `${name}.test.ts`)), name).toBe(true);
    expect(new Set(DATABASE_NEUTRAL).size).toBe(DATABASE_NEUTRAL.length);
  });

  it('runs once only files that never read or write the database themselves', () => {
    for (const name of DATABASE_NEUTRAL) {
      const text = readFileSync(join(SERVER_TESTS, `${name}.test.ts`), 'utf8');
      expect(TOUCHES_DATABASE.exec(text)?.[0], `${name}.test.ts touches the database`).toBeUndefined();
    }
  });

  it('runs on both databases every server test file that does, and most files in all', () => {
    const files = readdirSync(SERVER_TESTS).filter((f) => f.endsWith('.test.ts'));
    const neutral = new Set<string>(DATABASE_NEUTRAL);
    const touching = files.filter((f) => TOUCHES_DATABASE.test(readFileSync(join(SERVER_TESTS, f), 'utf8')));
    expect(touching.length).toBeGreaterThan(15);
    for (const file of touching) expect(neutral.has(file.replace(/\.test\.ts$/, '')), file).toBe(false);
  });
});
