/**
 * A PostgreSQL database of its own for one security test: a fresh database on TEST_PG_URL's server
 * when that is set (CI's service), else a private cluster (startPostgres) on a free loopback port.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort, startPostgres } from './harness';

export interface TestDatabase {
  url: string;
  /** Runs SQL on it (a connection per call). */
  query: <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
}

async function on<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function testDatabase(): Promise<TestDatabase> {
  const query =
    (url: string) =>
    async <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      on(url, async (client) => (await client.query<Row>(text, values)).rows);
  const admin = process.env.TEST_PG_URL;
  if (admin) {
    const name = `sf_security_${randomBytes(6).toString('hex')}`;
    await on(admin, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      query: query(url.toString()),
      close: async () => {
        await on(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const cluster = await startPostgres(await freePort());
  return { url: cluster.url, query: query(cluster.url), close: async () => cluster.destroy() };
}
