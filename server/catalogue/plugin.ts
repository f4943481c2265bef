import type { FastifyInstance } from 'fastify';
import { appWide } from '../plugins/app-wide';
import { type CatalogueOptions, CatalogueReadModel } from './read-model';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue; `await app.catalogue.invalidate()` after writing products. */
    catalogue: CatalogueReadModel;
  }
}

export interface CataloguePluginOptions {
  /** An opened read model (see openCatalogue). */
  model: CatalogueReadModel;
}

/**
 * Loads the catalogue read model. Done before registering the plugin, not inside it: a large
 * catalogue on a slow machine can take longer than Fastify's 10-second plugin start-up timeout.
 */
export function openCatalogue(
  app: FastifyInstance,
  options: Omit<CatalogueOptions, 'log'>,
): Promise<CatalogueReadModel> {
  return CatalogueReadModel.open({ ...options, log: app.log });
}

/**
 * Decorates the app with the read model (`app.catalogue`) and stops its change listener when the app
 * closes. App-wide, so the decoration is visible to every route.
 */
export const cataloguePlugin = appWide<CataloguePluginOptions>(
  'statefront-catalogue',
  async (app, options) => {
    app.decorate('catalogue', options.model);
    app.addHook('onClose', async () => options.model.close());
  },
);
