import { API_PREFIX, operationIdOf } from '../http/api';
import { PRIVATE_CACHE_CONTROL } from '../http/cache';
import { appWide } from './app-wide';

/**
 * Anything answered to a signed-in request, and the sign-in answer carrying the token itself, is
 * personal: no shared or browser cache may keep it. Anonymous catalogue reads are left as they are.
 */
export const privateCachePlugin = appWide('statefront-private-cache', async (app) => {
  // Callback style, and the route's operationId only read for a POST: this runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url.startsWith(`${API_PREFIX}/`) &&
      (request.headers.authorization !== undefined ||
        (request.method === 'POST' && operationIdOf(request.routeOptions.schema) === 'authorize'))
    ) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
    done(null, payload);
  });
});
