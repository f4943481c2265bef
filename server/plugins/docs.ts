import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { PROJECT_ROOT } from '../config';
import { DOCS_PREFIX, OPENAPI_PATH } from '../http/api';
import { contentSecurityPolicy } from '../http/security-headers';
import { appWide } from './app-wide';

/**
 * The contract as Swagger UI at /api/docs. The UI loads only its own bundled files, styles elements
 * inline and draws icons from data: URLs: the shop's policy without any gateway's origins.
 */
export const docsPlugin = appWide('statefront-docs', async (app) => {
  await app.register(swagger, {
    mode: 'static',
    specification: { path: OPENAPI_PATH, baseDir: PROJECT_ROOT },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: contentSecurityPolicy(),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
});
