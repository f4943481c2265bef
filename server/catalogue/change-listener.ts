/**
 * How a process hears that the catalogue changed. Any statement on products bumps catalogue_version
 * and NOTIFYs CATALOGUE_CHANNEL with it (trigger from migration 0001); every process LISTENs and
 * reloads its read model.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../context';
import { withDefaultUser } from '../db/client';

const CATALOGUE_CHANNEL = 'statefront_catalogue';
const RECONNECT_DELAY_MS = 1000;

interface PGliteLike {
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
}

export interface ChangeListenerOptions {
  db: Database;
  /** With PostgreSQL, the URL for the dedicated LISTEN connection; null for PGlite. */
  databaseUrl: string | null;
  log: FastifyBaseLogger;
}

/**
 * Calls `onNotification(payload)` for every notification on CATALOGUE_CHANNEL — PGlite in-process,
 * PostgreSQL on a dedicated connection — and with no payload after a reconnect. Resolves once
 * listening, with the function that stops listening.
 */
export async function listenForChanges(
  options: ChangeListenerOptions,
  onNotification: (payload: string | undefined) => void,
  isClosed: () => boolean,
): Promise<() => Promise<void>> {
  const { db, databaseUrl } = options;
  if (databaseUrl) return listenPostgres(databaseUrl, options.log, onNotification, isClosed);
  const client = (db as unknown as { $client?: unknown }).$client as PGliteLike | undefined;
  if (client && typeof client.listen === 'function') {
    const unlisten = await client.listen(CATALOGUE_CHANNEL, (payload) => onNotification(payload));
    return async () => unlisten();
  }
  return async () => {};
}

/** A dedicated connection (a pooled one would lose its LISTEN): reconnects, then re-checks the version. */
async function listenPostgres(
  databaseUrl: string,
  log: FastifyBaseLogger,
  onNotification: (payload: string | undefined) => void,
  isClosed: () => boolean,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (initial: boolean) => {
    const next = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
    const retry = () => {
      if (isClosed() || client !== next) return;
      client = null;
      next.end().catch(() => {});
      timer = setTimeout(() => void connect(false), RECONNECT_DELAY_MS);
      timer.unref();
    };
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) onNotification(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      // Changes made while we were disconnected sent notifications nobody heard.
      if (!initial) onNotification(undefined);
    } catch (error) {
      if (initial) {
        client = null;
        await next.end().catch(() => {});
        throw error;
      }
      log.warn({ err: error }, 'catalogue LISTEN connection failed; retrying');
      retry();
    }
  };
  await connect(true);
  return async () => {
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    await current?.end();
  };
}
