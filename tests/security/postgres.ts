/**
 * A PostgreSQL database of its own for one security test: a fresh database on TEST_PG_URL's server
 * when that is set (CI's service), else a private cluster (startPostgres) on a free loopback port.
 */
import { freshDatabase, withPgClient } from '../setup/postgres';
import { freePort, startPostgres } from './harness';

export interface TestDatabase {
  url: string;
  /** Runs SQL on it (a connection per call). */
  query: <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
}

export async function testDatabase(): Promise<TestDatabase> {
  const query =
    (url: string) =>
    async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      withPgClient(url, async (client) => (await client.query<Row>(text, values)).rows);
  const admin = process.env.TEST_PG_URL;
  if (admin) {
    const { url, drop } = await freshDatabase(admin, 'sf_security_');
    return { url, query: query(url), close: drop };
  }
  const cluster = await startPostgres(await freePort());
  return { url: cluster.url, query: query(cluster.url), close: async () => cluster.destroy() };
}
