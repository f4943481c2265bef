import type { FastifyReply, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { operations } from '../../contract/schema';
import { usersHandlers } from '../accounts/users.handlers';
import { addressesHandlers } from '../addresses/addresses.handlers';
import { productsHandlers } from '../catalogue/products.handlers';
import type { AppContext } from '../context';
import { API_PREFIX, operationIdOf, servedContract } from '../http/api';
import { healthHandlers, type ProcessHealth } from '../infra/health';
import { messagesHandlers } from '../messages/messages.handlers';
import { storeHandlers } from '../messages/store.handlers';
import {
  FULFILMENT_OPERATIONS,
  fulfilmentHandlers,
  fulfilmentRouteHooks,
} from '../orders/fulfilment.handlers';
import { ordersHandlers } from '../orders/orders.handlers';
import { gatewayCallbackHandler, paymentsHandlers } from '../payments/payments.handlers';
import type { PaymentGateway } from '../payments/provider';
import { returnsHandlers } from '../returns/returns.handlers';
import { stockHandlers } from '../stock/stock.handlers';
import { wishlistHandlers } from '../wishlist/wishlist.handlers';
import { appWide } from './app-wide';
import type { MultilineConfig, OptionalBodyConfig } from './request-validation';

export interface ApiRoutesOptions {
  ctx: AppContext;
  /** The registered payment gateways: each one's callback route is served here. */
  gateways: readonly PaymentGateway[];
  /** What getHealth reports (server/infra/health.ts). */
  health: ProcessHealth;
}

type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The contract's operations a handler method answers: every one but the gateways' callbacks, which
 * gatewayCallbackHandler answers for the gateway whose callback path it is. The handler map below is
 * checked against this at compile time: an operation without its method, or a method the contract
 * does not name, fails `tsc` (and start-up still refuses an operation with no handler).
 */
type HandledOperation = Exclude<keyof operations, 'sandboxGatewayComplete' | 'payuCallback'>;
// Any handler's parameters accept `never`: the map is checked by its keys, each handler by its own types.
type AnyHandler = (request: never, reply: never) => unknown;

type SchemaNode = { $ref?: string; properties?: Record<string, SchemaNode>; 'x-multiline'?: boolean };
type Operation = {
  operationId?: string;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaNode }> };
};

/**
 * Per operation, what the request checks (server/plugins/request-validation.ts) read of its body from
 * the contract, in one pass over it: `optionalBody` when the contract declares a body but does not
 * require it, and `multilineFields`, the body fields (dotted paths) marked `x-multiline: true` — the
 * text that may hold line breaks and tabs, where every other control character is refused.
 */
function bodyRulesOf(contract: Record<string, unknown>): Map<string, OptionalBodyConfig & MultilineConfig> {
  const schemas = ((contract.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ??
    {}) as Record<string, SchemaNode>;
  const resolve = (node: SchemaNode | undefined): SchemaNode | undefined =>
    node?.$ref?.startsWith('#/components/schemas/') ? schemas[node.$ref.slice(21)] : node;
  const collect = (node: SchemaNode | undefined, prefix: string, found: string[], depth: number) => {
    const schema = resolve(node);
    if (!schema?.properties || depth > 8) return;
    for (const [name, property] of Object.entries(schema.properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (resolve(property)?.['x-multiline'] === true) found.push(path);
      collect(property, path, found, depth + 1);
    }
  };
  const paths = (contract.paths ?? {}) as Record<string, Record<string, Operation>>;
  const rules = new Map<string, OptionalBodyConfig & MultilineConfig>();
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId || !operation.requestBody) continue;
      const multilineFields: string[] = [];
      collect(operation.requestBody.content?.['application/json']?.schema, '', multilineFields, 0);
      const optionalBody = operation.requestBody.required !== true;
      if (optionalBody || multilineFields.length > 0)
        rules.set(operation.operationId, {
          ...(optionalBody ? { optionalBody } : {}),
          ...(multilineFields.length > 0 ? { multilineFields } : {}),
        });
    }
  }
  return rules;
}

/** `/payments/sandbox/{attemptId}/complete` → `/payments/sandbox/:attemptId/complete`. */
const fastifyPath = (openapiPath: string) => openapiPath.replace(/\{([^}]+)\}/g, ':$1');

/**
 * The contract's operations (openapi.yaml), each answered by the handler method named after its
 * operationId, with the request checked against the contract's schemas first. A gateway's callback is
 * answered by the generic callback handler for the gateway whose `callback.path` it is; a callback
 * path the contract does not document is still served, unvalidated. An operation with no handler
 * stops the start-up instead of answering 500 later.
 */
export const apiRoutesPlugin = appWide<ApiRoutesOptions>('statefront-api-routes', async (app, options) => {
  const { ctx, gateways, health } = options;
  const operations = healthHandlers(health);
  const handlers = {
    ...operations,
    ...usersHandlers(ctx),
    ...storeHandlers(ctx),
    ...productsHandlers(ctx, app.catalogue),
    ...ordersHandlers(ctx, gateways),
    ...paymentsHandlers(ctx, gateways),
    ...wishlistHandlers(ctx),
    ...addressesHandlers(ctx),
    ...fulfilmentHandlers(ctx),
    ...returnsHandlers(ctx),
    ...stockHandlers(ctx),
    ...messagesHandlers(ctx),
  } satisfies Record<HandledOperation, AnyHandler>;
  const unknownOperations: [Exclude<keyof typeof handlers, HandledOperation>] extends [never] ? true : never =
    true;
  void unknownOperations;
  const fulfilmentHooks = fulfilmentRouteHooks(ctx);
  const callbacks = new Map(gateways.map((gateway) => [`POST ${gateway.callback.path}`, gateway]));
  const documented = new Set<PaymentGateway>();
  const contract = servedContract(ctx.config.orders);
  const bodyRules = bodyRulesOf(contract);

  // openapi-glue drops `requestBody.required` and `x-multiline`; the request checks read them from the
  // route's config.
  app.addHook('onRoute', (route) => {
    const operationId = operationIdOf(route.schema);
    // Signed operations: off without FULFILMENT_SECRET, signature over the raw body before parsing.
    if (operationId && FULFILMENT_OPERATIONS.has(operationId)) {
      route.onRequest = [fulfilmentHooks.onRequest as never, ...[route.onRequest ?? []].flat()];
      route.preParsing = [fulfilmentHooks.preParsing as never, ...[route.preParsing ?? []].flat()];
    }
    const rules = operationId ? bodyRules.get(operationId) : undefined;
    if (rules) route.config = { ...(route.config as object), ...rules } as typeof route.config;
  });

  await app.register(openapiGlue, {
    specification: contract,
    prefix: API_PREFIX,
    operationResolver: (operationId: string, method: string, openapiPath: string) => {
      const gateway = callbacks.get(`${method} ${openapiPath}`);
      if (gateway) {
        documented.add(gateway);
        return gatewayCallbackHandler(ctx, gateway);
      }
      const handler = (handlers as Record<string, unknown>)[operationId];
      if (typeof handler !== 'function')
        throw new Error(`openapi.yaml operation ${operationId} has no handler`);
      return handler as OperationHandler;
    },
  });

  // Load balancers probe a fixed, short path; never limited, so a probe storm cannot mark us down.
  app.get('/api/health', { config: { rateLimit: false } }, operations.getHealth);

  for (const gateway of gateways) {
    if (!documented.has(gateway))
      app.post(`${API_PREFIX}${fastifyPath(gateway.callback.path)}`, gatewayCallbackHandler(ctx, gateway));
  }
});
