import type { FastifyInstance } from 'fastify';
import type { Database } from '../context';
import { CatalogueReadModel } from './read-model';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-memory catalogue; `await app.catalogue.invalidate()` after writing products. */
    catalogue: CatalogueReadModel;
  }
}

export interface CataloguePluginOptions {
  db: Database;
  /** PostgreSQL URL for the LISTEN connection, or null with PGlite. */
  databaseUrl: string | null;
}

/**
 * Loads the catalogue read model at start-up, decorates the app with it (`app.catalogue`) and stops
 * its change listener when the app closes. Not encapsulated, so the decoration is visible app-wide.
 */
async function catalogue(app: FastifyInstance, options: CataloguePluginOptions): Promise<void> {
  const model = await CatalogueReadModel.open({ ...options, log: app.log });
  app.decorate('catalogue', model);
  app.addHook('onClose', async () => model.close());
}

export const cataloguePlugin = Object.assign(catalogue, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'statefront-catalogue',
});
