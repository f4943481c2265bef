import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { ServerConfig } from '../context';
import { HttpError } from '../errors';
import { operationIdOf } from '../http/api';
import type { WindowCounter } from '../infra/window-counter';
import { appWide } from './app-wide';

export interface RateLimitOptions {
  limits: ServerConfig['rateLimit'];
  /**
   * Where to count (server/infra/window-counter.ts) when the processes share their limits (REDIS_URL);
   * absent, the plugin's own in-process store counts.
   */
  counter?: WindowCounter;
}

/** The plugin's store interface over a WindowCounter; each limited route gets its own key space. */
function storeOver(counter: WindowCounter): FastifyRateLimitStoreCtor {
  const store = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counter.hit(`${prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    child: (params) => {
      // The plugin passes its merged options for the route, the route itself under `routeInfo` (its own
      // RedisStore reads routeInfo.method and .url); the published type says RouteOptions, and reading
      // `method`/`url` off it gave every limited route one key, `undefinedundefined-`.
      const { method, url } = (params as unknown as { routeInfo: { method: string; url: string } }).routeInfo;
      return store(`${prefix}${method}${url}-`);
    },
  });
  return class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin calls `new store(options)`.
      return store('rate:');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per-IP limits: one for every route, lower ones for the costly operations. (Failed sign-ins are
 * throttled by the users handlers themselves, server/infra/login-throttle.ts.) Routes added before this
 * plugin are not limited.
 */
export const rateLimitPlugin = appWide<RateLimitOptions>(
  'statefront-rate-limit',
  async (app, { limits, counter }) => {
    // Order tracking (trackOrder) is limited by its handler, which alone knows whether the reader
    // owns the order: owners count against the global limit only (server/orders/orders.handlers.ts).
    const perOperation: Record<string, { max: number }> = {
      register: { max: limits.registerMax },
      requestPasswordReset: { max: limits.resetMax },
      sendContactMessage: { max: limits.contactMax },
      subscribeToNewsletter: { max: limits.contactMax },
    };
    // Added before the rate-limit plugin's own onRoute hook, which reads `config.rateLimit`.
    app.addHook('onRoute', (route) => {
      const operationId = operationIdOf(route.schema);
      // A load balancer probing health must never be told 429 (it would take a healthy process out).
      if (operationId === 'getHealth') route.config = { ...(route.config as object), rateLimit: false };
      const rule = operationId ? perOperation[operationId] : undefined;
      if (rule)
        route.config = { ...(route.config as object), rateLimit: { timeWindow: limits.windowMs, ...rule } };
    });
    await app.register(rateLimit, {
      global: true,
      max: limits.globalMax,
      timeWindow: limits.windowMs,
      ...(counter ? { store: storeOver(counter) } : {}),
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
  },
);
