import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import type { ServerConfig } from '../context';
import { PROJECT_ROOT } from '../infra/config';

/** The contract: every operation the API serves, with its schemas. */
export const OPENAPI_PATH = resolve(PROJECT_ROOT, 'openapi.yaml');
type Contract = { components?: { schemas?: Record<string, { properties?: Record<string, object> }> } };

/**
 * The contract as this shop serves it (docs and request validation): openapi.yaml with this shop's
 * per-line cap (MAX_LINE_QUANTITY) as an order line's `maximum` (the file says 10, the default).
 */
export function withShopLimits<T extends object>(document: T, orders: ServerConfig['orders']): T {
  const copy = structuredClone(document) as T & Contract;
  const quantity = copy.components?.schemas?.OrderLine?.properties?.quantity;
  if (!quantity) throw new Error('openapi.yaml has no OrderLine.quantity to hold MAX_LINE_QUANTITY');
  Object.assign(quantity, { maximum: orders.maxLineQuantity });
  return copy;
}

/** openapi.yaml, parsed, with this shop's limits (withShopLimits). */
export function servedContract(orders: ServerConfig['orders']): Record<string, unknown> {
  return withShopLimits(parse(readFileSync(OPENAPI_PATH, 'utf8')) as Record<string, unknown>, orders);
}

export const API_PREFIX = '/api/v1';
/** The router's limit on one path parameter: a longer one is a 414 before any handler runs. */
export const MAX_PARAM_LENGTH = 200;
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
