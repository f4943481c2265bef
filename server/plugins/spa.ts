import type { PageRenderer } from '../../shared/first-screen';
import type { CatalogueReadModel } from '../catalogue/read-model';
import type { ServerConfig, StoreInfo } from '../context';
import { registerSpa } from '../web/spa';
import { appWide } from './app-wide';

export interface SpaPluginOptions {
  /** Folder of the built SPA (dist/), or null to serve the API only. */
  staticDir: string | null;
  store: StoreInfo;
  catalogue: CatalogueReadModel;
  /** PUBLIC_URL and the port: absolute URLs in page heads and the sitemap. */
  origin: Pick<ServerConfig, 'publicUrl' | 'port'>;
  /** React's page renderer; by default the build's (server/web/spa.ts loadPageRenderer). */
  pageRenderer?: PageRenderer | null;
  /** Every page shows the sandbox banner (server/web/spa.ts). */
  sandboxBanner?: boolean;
  /** Serve *.map files from the build. */
  sourceMaps?: boolean;
}

/**
 * The built SPA from memory (server/web/spa.ts, server/web/static.ts, server/web/page-head.ts), and the answer to
 * everything no route matched: app-wide, so its not-found handler covers the API too. Registered last.
 */
export const spaPlugin = appWide<SpaPluginOptions>('statefront-spa', async (app, options) => {
  await registerSpa(app, options.staticDir, {
    store: options.store,
    catalogue: options.catalogue,
    origin: options.origin,
    sandboxBanner: options.sandboxBanner ?? false,
    sourceMaps: options.sourceMaps ?? true,
    ...(options.pageRenderer !== undefined ? { pageRenderer: options.pageRenderer } : {}),
  });
});
