import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const journal = JSON.parse(
  readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { idx: number; when: number; tag: string }[] };

/**
 * Drizzle's migrator applies only the migrations whose `when` is after the newest one a database has
 * applied. 0007-0009 were given times before 0006's, so a database made before 0007 never gets them;
 * every migration from 0010 on must come after all earlier ones, or databases already in use skip it.
 */
const FIRST_CHECKED = 10;

describe('migration journal', () => {
  it('dates each migration from 0010 on after every earlier one, so existing databases apply it', () => {
    for (const [k, entry] of journal.entries.entries()) {
      if (entry.idx < FIRST_CHECKED) continue;
      const earlier = Math.max(...journal.entries.slice(0, k).map((e) => e.when));
      expect(entry.when, entry.tag).toBeGreaterThan(earlier);
    }
    expect(journal.entries.some((entry) => entry.idx >= FIRST_CHECKED)).toBe(true);
  });
});
