/**
 * CORS for the origins that may call the API with credentials (server/plugins/security-headers.ts
 * lists them). Written here rather than taken from @fastify/cors, which (as configured before) allowed
 * only GET, HEAD and POST in a preflight, so a cross-origin wishlist PUT or DELETE failed, and which did
 * its work on every request: two reads of `request.routeOptions` (a new object each) and an options
 * spread, ≈ 6.6% of a catalogue read's CPU (docs/performance.md). A request without `Origin` (every
 * same-origin read) gets `Vary: Origin` and nothing else.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The methods the contract's operations use (openapi.yaml). */
const METHODS = 'GET, HEAD, POST, PUT, DELETE';

export function corsHook(origins: readonly (string | RegExp)[]) {
  const exact = new Set(origins.filter((origin): origin is string => typeof origin === 'string'));
  const patterns = origins.filter((origin): origin is RegExp => origin instanceof RegExp);
  const allowed = (origin: string) => exact.has(origin) || patterns.some((pattern) => pattern.test(origin));
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    // The answer depends on Origin (a cache must not give one origin's answer to another).
    reply.header('vary', 'Origin');
    const { origin } = request.headers;
    if (origin !== undefined && allowed(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
    }
    if (request.method !== 'OPTIONS') return done();
    // Every OPTIONS is answered here, before any other hook (a preflight carries no Authorization): a
    // foreign origin's gets no Allow-Origin, so its browser refuses the request that would follow.
    reply.header('access-control-allow-methods', METHODS);
    const asked = request.headers['access-control-request-headers'];
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    if (asked !== undefined) reply.header('access-control-allow-headers', asked);
    reply.code(204).header('content-length', '0').send();
  };
}
