import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Health } from '../../contract/schema';
import type { Database } from '../context';
import { redisAnswers } from './redis';

/** A database that does not answer within this long counts as down (a load balancer must not hang). */
const DATABASE_PROBE_MS = 2000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process can serve: what GET /api/health tells a load balancer. The database is
 * required (503 without it); Redis only degrades (the limits fall back to this process). Draining
 * starts on SIGTERM (server/index.ts), so a balancer stops sending new requests before the port closes.
 */
export class ProcessHealth {
  #draining = false;
  /** Whether the catalogue matches searches in memory yet (set once the catalogue is open, app.ts). */
  searchIndexed: (() => boolean) | null = null;

  constructor(
    private readonly db: Database,
    private readonly redis: Redis | null,
  ) {}

  get draining(): boolean {
    return this.#draining;
  }

  startDraining(): void {
    this.#draining = true;
  }

  async report(): Promise<{ statusCode: 200 | 503; body: Health }> {
    const [database, redis] = await Promise.all([
      databaseAnswers(this.db),
      this.redis ? redisAnswers(this.redis) : Promise.resolve(null),
    ]);
    const body: Health = {
      status: !database ? 'down' : redis === false ? 'degraded' : 'ok',
      database: database ? 'ok' : 'down',
      redis: redis === null ? 'off' : redis ? 'ok' : 'down',
      draining: this.#draining,
    };
    if (this.searchIndexed) body.search = this.searchIndexed() ? 'memory' : 'database';
    if (this.#draining) body.status = 'down';
    return { statusCode: body.status === 'down' ? 503 : 200, body };
  }
}

/** The getHealth operation (also served at /api/health by server/plugins/api-routes.ts). */
export function healthHandlers(health: ProcessHealth) {
  return {
    async getHealth(_request: FastifyRequest, reply: FastifyReply): Promise<Health> {
      const { statusCode, body } = await health.report();
      reply.code(statusCode).header('cache-control', 'no-store');
      return body;
    },
  };
}
