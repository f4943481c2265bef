import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../config';

/** The contract: every operation the API serves, with its schemas. */
export const OPENAPI_PATH = resolve(PROJECT_ROOT, 'openapi.yaml');
export const API_PREFIX = '/api/v1';
export const DOCS_PREFIX = '/api/docs';
/** Operations whose handlers send pre-serialized, pre-compressed bytes (server/http/cache.ts). */
export const PRE_ENCODED_OPERATIONS: ReadonlySet<string> = new Set([
  'listProducts',
  'getProduct',
  'getStoreInfo',
]);

/** The contract's operationId of the route being added or answered, if it has one. */
export function operationIdOf(schema: unknown): string | undefined {
  return (schema as { operationId?: string } | undefined)?.operationId;
}
