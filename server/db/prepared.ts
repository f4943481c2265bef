/**
 * Statements built once per database (docs/performance.md): drizzle builds a query's SQL on every call
 * (a fifth of a checkout's server time in the profile), and node-postgres parses a named statement once per
 * connection. Used for the reads every order and payment request makes; values go in as placeholders.
 */
import type { Database } from '../context';

/** `build(db)` once per database object (a test's, a process's), then the same prepared query. */
export function preparedOnce<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
