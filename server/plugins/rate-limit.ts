import rateLimit from '@fastify/rate-limit';
import type { ServerConfig } from '../context';
import { HttpError } from '../errors';
import { operationIdOf } from '../http/api';
import { appWide } from './app-wide';

export interface RateLimitOptions {
  limits: ServerConfig['rateLimit'];
}

/**
 * Per-IP limits: one for every route, lower ones for the costly operations. (Failed sign-ins are
 * throttled by the users handlers themselves, server/login-throttle.ts.) Routes added before this
 * plugin are not limited.
 */
export const rateLimitPlugin = appWide<RateLimitOptions>('statefront-rate-limit', async (app, { limits }) => {
  const perOperation: Record<string, { max: number }> = {
    register: { max: limits.registerMax },
    trackOrder: { max: limits.trackMax },
  };
  // Added before the rate-limit plugin's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route.schema);
    const rule = operationId ? perOperation[operationId] : undefined;
    if (rule)
      route.config = { ...(route.config as object), rateLimit: { timeWindow: limits.windowMs, ...rule } };
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.globalMax,
    timeWindow: limits.windowMs,
    // The X-RateLimit-* headers go on 429 answers only: on every other answer they cost time on
    // every request and tell a scraper exactly how hard it may push.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests, please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`,
      ),
  });
});
