import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ServerConfig } from '../context';
import { DOCS_PREFIX, OPENAPI_PATH, withShopLimits } from '../http/api';
import { contentSecurityPolicy } from '../http/security-headers';
import { PROJECT_ROOT } from '../infra/config';
import { appWide } from './app-wide';

/**
 * The contract as Swagger UI at /api/docs. The UI loads only its own bundled files, styles elements
 * inline and draws icons from data: URLs: the shop's policy without any gateway's origins.
 */
export const docsPlugin = appWide<{ orders: ServerConfig['orders'] }>(
  'statefront-docs',
  async (app, options) => {
    await app.register(swagger, {
      mode: 'static',
      specification: {
        path: OPENAPI_PATH,
        baseDir: PROJECT_ROOT,
        postProcessor: (document) => withShopLimits(document, options.orders),
      },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: contentSecurityPolicy(),
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
);
