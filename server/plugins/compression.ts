import compress from '@fastify/compress';
import { operationIdOf, PRE_ENCODED_OPERATIONS } from '../http/api';
import { COMPRESS_THRESHOLD } from '../http/cache';
import { appWide } from './app-wide';

/**
 * JSON answers over ~1 KB go out brotli or gzip. The catalogue reads and static files arrive already
 * encoded (server/http/cache.ts) and are left alone. Request bodies are not decoded: the API takes
 * plain JSON only. Routes added before this plugin are not compressed.
 */
export const compressionPlugin = appWide('statefront-compression', async (app) => {
  // Added before the compress plugin's own onRoute hook, which reads `route.compress`: the compression
  // hooks would only cost time on the busiest routes.
  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route.schema);
    if (operationId && PRE_ENCODED_OPERATIONS.has(operationId)) route.compress = false;
  });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
});
