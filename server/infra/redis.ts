import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection the shared limits use (REDIS_URL). Tuned so that Redis being down costs a
 * request nothing but a fast error: commands are never queued while disconnected (the caller falls
 * back at once instead of waiting for a reconnect), a hung server times out after COMMAND_TIMEOUT_MS,
 * and reconnecting goes on in the background for as long as the process lives.
 */
const COMMAND_TIMEOUT_MS = 250;

export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    // Back off up to 2 s between attempts; never give up (Redis coming back must heal us unattended).
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  let healthy = true;
  // Without an 'error' listener ioredis prints every failed reconnect; log the transitions only.
  redis.on('error', (error: Error) => {
    if (!healthy) return;
    healthy = false;
    log.warn({ err: error }, 'Redis unavailable: limits fall back to this process (docs/deploy.md)');
  });
  redis.on('ready', () => {
    if (healthy) return;
    healthy = true;
    log.info('Redis is back: limits are shared again');
  });
  return redis;
}

/** Whether Redis answers right now (for the health check); never throws. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
