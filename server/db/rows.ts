/**
 * Rows of hand-written statements. The hot writes of a checkout (placing an order, settling a payment)
 * are single statements whose CTEs write several tables at once (one round trip where the query builder
 * needs one per table: docs/performance.md); `db.execute` answers them with the database's own column names
 * and wire types, and these turn such a row back into the row type drizzle's builder would have given.
 */
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** The rows of `db.execute`: both drivers (PGlite and node-postgres) answer `{ rows }`. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * One raw row (snake_case columns, as `returning *` or `row_to_json` give them) as the table's select
 * type: each column read by its own driver mapping (bigint strings to numbers, timestamps to Dates).
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Postgres unique violation, whether the driver error arrives bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Runs `attempt` again once if it lost a race on a unique index: a signed event sent twice at the same
 * moment (or its id reused at that moment) finds the winner's row the second time, never a 500.
 */
export async function againAfterUniqueViolation<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}
