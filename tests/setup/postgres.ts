/**
 * PostgreSQL for the tests, benches and fault runs: a connection for one piece of work, and a fresh
 * database of its own on a server (CI's service, or a private cluster).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `use` on a connection of its own to `url`, closed afterwards whatever happens. */
export async function withPgClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database `<prefix><random hex>` on the server `adminUrl` reaches (as that URL's user), empty or
 * a copy of the database `template`: its URL, and `drop`, which removes it, ending whatever connections
 * are still open to it.
 */
export async function freshDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  if (template !== undefined && !/^[a-z_][a-z0-9_]*$/.test(template))
    throw new Error(`not a database name: ${template}`);
  await withPgClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withPgClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
