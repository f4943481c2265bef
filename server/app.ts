import { STATUS_CODES } from 'node:http';
import { resolve } from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
// ajv and ajv-formats are Fastify's own validator (installed with it); we build two instances of it
// so bodies and query strings can follow different coercion rules.
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { cataloguePlugin, openCatalogue } from './catalogue/plugin';
import { PROJECT_ROOT } from './config';
import type { AppContext, Database, ServerConfig, StoreInfo } from './context';
import { HttpError } from './errors';
import { ordersHandlers } from './handlers/orders.handlers';
import { paymentsHandlers } from './handlers/payments.handlers';
import { productsHandlers } from './handlers/products.handlers';
import { storeHandlers } from './handlers/store.handlers';
import { usersHandlers } from './handlers/users.handlers';
import { COMPRESS_THRESHOLD, PRIVATE_CACHE_CONTROL } from './http/cache';
import { staticHelmetHeaders } from './http/security-headers';
import { createMailer, type Mailer, registerDevOutbox } from './mail/mailer';
import { registerSpa } from './spa';
import { isWellFormedText } from './text';

export const OPENAPI_PATH = resolve(PROJECT_ROOT, 'openapi.yaml');
export const API_PREFIX = '/api/v1';
export const DOCS_PREFIX = '/api/docs';
export const BODY_LIMIT = 1024 * 1024;
/** Operations whose handlers send pre-serialized, pre-compressed bytes. */
const PRE_ENCODED_OPERATIONS = new Set(['listProducts', 'getProduct', 'getStoreInfo']);

/**
 * The SPA's policy. Gateway forms go to our own origin (the sandbox, whose address is built from the
 * request's origin), to PUBLIC_URL's origin when one is configured, or to PayU.
 */
export function contentSecurityPolicy(publicUrl: string | null = null): string {
  const formTargets = ["'self'", ...(publicUrl ? [new URL(publicUrl).origin] : [])];
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "font-src 'self' data:",
    `form-action ${formTargets.join(' ')} https://test.payu.in https://secure.payu.in`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

// Swagger UI loads only its own bundled files, but styles elements inline and draws icons from data:
// URLs; it gets its own policy (no gateway form targets, same script rule).
const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export interface BuildAppOptions {
  config: ServerConfig;
  db: Database;
  store: StoreInfo;
  /** Fastify logger options; tests pass false. Defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Account mail; defaults to SMTP when configured, else the in-memory outbox. */
  mailer?: Mailer;
}

export function createContext(app: FastifyInstance, options: Omit<BuildAppOptions, 'logger'>): AppContext {
  return {
    db: options.db,
    config: options.config,
    store: options.store,
    log: app.log,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Validation: AJV that rejects instead of repairing, and messages a shopper can read.

function createValidators() {
  const common = {
    // OpenAPI keywords such as `example` are not JSON Schema vocabulary; ignore rather than refuse them.
    strict: false,
    allErrors: false,
    useDefaults: true,
    addUsedSchema: false,
  } as const;
  // Bodies arrive typed (JSON): a "2" is not a 2, and an unknown field is a client mistake to report.
  const body = new Ajv({ ...common, coerceTypes: false, removeAdditional: false });
  // Query strings and path params are text by nature: integers in them must be coerced.
  const text = new Ajv({ ...common, coerceTypes: true, removeAdditional: false });
  addFormats.default(body);
  addFormats.default(text);
  return { body, text };
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function decodePointer(segment: string) {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function fieldLabel(instancePath: string, part: string) {
  const segments = instancePath.split('/').slice(1).map(decodePointer);
  if (segments.length === 0) return part === 'body' ? 'body' : part === 'querystring' ? 'query' : part;
  // A products map entry is keyed by a product id: name the quantity, not the uuid.
  if (segments.length === 2 && segments[0] === 'products') return `quantity of product "${segments[1]}"`;
  return segments[segments.length - 1] ?? part;
}

/** Turns the first AJV error into a sentence such as `firstName must be at least 2 characters`. */
export function describeValidationError(error: ErrorObject, part: string): string {
  const field = fieldLabel(error.instancePath, part);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const where = error.instancePath === '' ? (part === 'querystring' ? 'query' : part) : field;
      return `Unknown field "${String(params.additionalProperty)}" in ${where}`;
    }
    case 'required':
      return `${error.instancePath === '' ? '' : `${field}.`}${String(params.missingProperty)} is required`;
    case 'type': {
      const types = String(params.type).split(',');
      const words = types.map((t) => TYPE_WORDS[t] ?? t);
      const phrase = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0];
      return `${field} must be ${phrase}`;
    }
    case 'minLength':
      return params.limit === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${params.limit} characters`;
    case 'maxLength':
      return `${field} must be at most ${params.limit} characters`;
    case 'minimum':
      return `${field} must be at least ${params.limit}`;
    case 'maximum':
      return `${field} must be at most ${params.limit}`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined)?.map(String).join(', ');
      return `${field} must be one of: ${allowed}`;
    }
    case 'minProperties':
      return field === 'products'
        ? 'products must contain at least one product'
        : `${field} must have at least ${params.limit} entries`;
    case 'maxProperties':
      return `${field} must have at most ${params.limit} entries`;
    case 'propertyNames':
      return `${field} has an invalid key "${String(params.propertyName)}"`;
    case 'format':
      return `${field} must be a valid ${String(params.format)}`;
    case 'pattern':
      return `${field} has an invalid format`;
    default:
      return `${field} is invalid`;
  }
}

// ---------------------------------------------------------------------------------------------
// Request hygiene: PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate would be stored as
// U+FFFD (silently changing what was sent), so such input is refused up front (not a 500 or a repair).

/** The first text problem in a parsed body, query or params (values and keys), or null. */
export function findTextProblem(value: unknown): string | null {
  const check = (text: string) => {
    if (text.includes('\u0000')) return 'Text must not contain NUL characters';
    if (!isWellFormedText(text)) return 'Text must be valid Unicode';
    return null;
  };
  // Iterative walk: a deeply nested body must not be able to overflow the stack.
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const current = stack.pop();
    if (++visited > 1_000_000) return null;
    if (typeof current === 'string') {
      const problem = check(current);
      if (problem) return problem;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const problem = check(key);
        if (problem) return problem;
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * JSON.parse plus a refusal of prototype-pollution keys, with distinct messages for each failure
 * (Fastify's built-in parser reports all of them as one generic error).
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new HttpError(400, 'Request body is required');
  try {
    return JSON.parse(text, (key, value) => {
      if (
        key === '__proto__' ||
        (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)
      ) {
        throw new HttpError(400, 'Request body contains a forbidden key (__proto__ or constructor)');
      }
      return value;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof RangeError) throw new HttpError(400, 'Request body is nested too deeply');
    throw new HttpError(400, 'Malformed JSON in request body');
  }
}

function mediaTypeOf(request: FastifyRequest): string | null {
  const header = request.headers['content-type'];
  if (typeof header !== 'string' || header.trim() === '') return null;
  return (header.split(';')[0] ?? '').trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // X-Forwarded-* (client IP, protocol, host) count only behind a proxy the operator named (TRUST_PROXY).
    trustProxy: config.trustProxy,
    // parseJsonBody below refuses prototype-pollution keys itself; these cover Fastify's other parsers.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors raised before routing (an undecodable URL like /%) skip the error handler; same shape here.
    frameworkErrors: (error, request, reply) => {
      const { status, message } = classifyError(error);
      request.log.info({ status, reason: message }, 'client error');
      // The reply here is typed for a generic route; this one has no schema, so any status is fine.
      (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send({ error: message });
    },
    // Requests Node's HTTP parser rejects (oversized headers or URL, garbage) never reach Fastify.
    clientErrorHandler: (error, socket) => {
      if (socket.destroyed || !socket.writable) return;
      const code = (error as NodeJS.ErrnoException).code;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify({
        error:
          status === 431
            ? 'Request headers or URL are too large'
            : status === 408
              ? 'Request timed out'
              : 'Malformed HTTP request',
      });
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  const ctx = createContext(app, options);
  ctx.mailer ??= await createMailer(config.mail);
  registerDevOutbox(app, ctx.mailer, config.mail.devOutbox);

  const validators = createValidators();
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? validators.body.compile(schema) : validators.text.compile(schema),
  );

  // Text bodies have no operation that accepts them; without a parser Fastify answers 415.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Declared by the contract only as a response type (the sandbox page); registering a refusing parser
  // turns an HTML body into a clean 415 and quiets openapi-glue's "parser not found" warning.
  app.addContentTypeParser('text/html', (_request, _payload, done) => {
    done(new HttpError(415, 'Content-Type text/html is not accepted'), undefined);
  });

  await app.register(cors, {
    // The Vite dev server (and friends) on this machine, plus the public origin for deployments that
    // put the API on an api. subdomain of it. A same-origin deployment needs none of this.
    origin: [
      /^http:\/\/localhost(:\d+)?$/,
      /^http:\/\/127\.0\.0\.1(:\d+)?$/,
      ...(config.publicUrl ? [new URL(config.publicUrl).origin] : []),
    ],
    credentials: true,
    // An OPTIONS without Origin or Access-Control-Request-Method is not a preflight; the strict mode
    // answers it with a plain-text 400, which breaks the every-error-is-JSON rule. Non-strict mode
    // passes it on (no CORS headers); real preflights are answered as before.
    strictPreflight: false,
  });

  const securityHeaders = await staticHelmetHeaders({
    // The policy is set below so the docs can have their own and a handler may still override it.
    contentSecurityPolicy: false,
    // The SPA is plain http on localhost; HSTS belongs to the TLS-terminating proxy in production.
    strictTransportSecurity: false,
    // Matches the CSP's frame-ancestors 'none' for browsers that only know the older header.
    frameguard: { action: 'deny' },
  });
  const spaPolicy = contentSecurityPolicy(config.publicUrl);
  // The catalogue's JSON reads (the hottest routes) get only the headers that mean something for a JSON
  // answer; the rest (frame, opener, XSS-auditor, download, DNS-prefetch, Flash policies) only apply to
  // documents, and every header costs time on each of thousands of requests a second.
  const jsonHeaders = pick(securityHeaders, ['x-content-type-options', 'cross-origin-resource-policy']);
  // (Decided from the URL: request.routeOptions builds a new object on every read.)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isCatalogueRead(request) ? jsonHeaders : securityHeaders);
    reply.header(
      'content-security-policy',
      request.url.startsWith(DOCS_PREFIX) ? DOCS_CONTENT_SECURITY_POLICY : spaPolicy,
    );
    done();
  });

  // Anything answered to a signed-in request, and the sign-in answer carrying the token itself, is
  // personal: no shared or browser cache may keep it. Anonymous catalogue reads are left as they are.
  // Callback style, and the route's operationId only read for a POST: this runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url.startsWith(`${API_PREFIX}/`) &&
      (request.headers.authorization !== undefined ||
        (request.method === 'POST' &&
          (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId === 'authorize'))
    ) {
      reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    }
    done(null, payload);
  });

  // Per-operation limits and compression. This onRoute hook must be added before the rate-limit and
  // compress plugins' own, which read `config.rateLimit` / `compress` when each route is added.
  const limits = config.rateLimit;
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    const perRoute: Record<string, object> = {
      register: { max: limits.registerMax },
      trackOrder: { max: limits.trackMax },
    };
    // Catalogue reads are sent already encoded (server/http/cache.ts): the compression hooks would
    // only cost time on the busiest routes.
    if (operationId && PRE_ENCODED_OPERATIONS.has(operationId)) route.compress = false;
    const rule = operationId ? perRoute[operationId] : undefined;
    if (rule)
      route.config = { ...(route.config as object), rateLimit: { timeWindow: limits.windowMs, ...rule } };
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.globalMax,
    timeWindow: limits.windowMs,
    // The X-RateLimit-* headers go on 429 answers only: on every other answer they cost time on
    // every request and tell a scraper exactly how hard it may push.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests, please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds`,
      ),
  });

  // Bodies: the contract's media type only, and a body must be there when the contract requires one.
  app.addHook('preValidation', async (request) => {
    // No GET or HEAD operation takes a body (this skips a costly routeOptions read on catalogue reads).
    const bodySchema =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : (request.routeOptions.schema as { body?: { content?: Record<string, unknown> } } | undefined)?.body;
    const allowed = bodySchema?.content ? Object.keys(bodySchema.content) : [];
    if (allowed.length > 0) {
      const mediaType = mediaTypeOf(request);
      if (request.body === undefined || request.body === null || mediaType === null) {
        if (mediaType !== null && !allowed.includes(mediaType)) throw contentTypeError(allowed);
        throw new HttpError(400, 'Request body is required');
      }
      if (!allowed.includes(mediaType)) throw contentTypeError(allowed);
    }
    const problem =
      findTextProblem(request.body) ?? findTextProblem(request.query) ?? findTextProblem(request.params);
    if (problem) throw new HttpError(400, problem);
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, message, headers, field } = classifyError(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ status, reason: message }, 'client error');
    }
    for (const [name, value] of Object.entries(headers)) reply.header(name, value);
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(field === undefined ? { error: message } : { error: message, field });
  });

  // JSON answers over ~1 KB go out brotli or gzip. The catalogue reads and static files arrive already
  // encoded (server/http/cache.ts), which this plugin leaves alone. Request bodies are not decoded:
  // the API takes plain JSON only.
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });

  // Every product in memory, serialized once per catalogue version (server/catalogue/read-model.ts).
  const catalogue = await openCatalogue(app, { db: options.db, databaseUrl: config.databaseUrl });
  await app.register(cataloguePlugin, { model: catalogue });

  await app.register(swagger, {
    mode: 'static',
    specification: { path: OPENAPI_PATH, baseDir: PROJECT_ROOT },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CONTENT_SECURITY_POLICY,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  await app.register(openapiGlue, {
    specification: OPENAPI_PATH,
    prefix: API_PREFIX,
    serviceHandlers: {
      ...usersHandlers(ctx),
      ...storeHandlers(ctx),
      ...productsHandlers(ctx, app.catalogue),
      ...ordersHandlers(ctx),
      ...paymentsHandlers(ctx),
    },
  });

  await registerSpa(app, config.staticDir, { store: options.store, catalogue: app.catalogue });

  return app;
}

/** GET/HEAD /api/v1/products… and /api/v1/storeInfo: the operations in PRE_ENCODED_OPERATIONS. */
function isCatalogueRead(request: FastifyRequest): boolean {
  const { url } = request;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (url.startsWith(CATALOGUE_PRODUCTS_PREFIX) || url.startsWith(CATALOGUE_STORE_PREFIX))
  );
}
const CATALOGUE_PRODUCTS_PREFIX = `${API_PREFIX}/products`;
const CATALOGUE_STORE_PREFIX = `${API_PREFIX}/storeInfo`;

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) if (headers[name] !== undefined) picked[name] = headers[name];
  return picked;
}

function contentTypeError(allowed: string[]) {
  return new HttpError(
    415,
    allowed.includes('application/json')
      ? 'Content-Type must be application/json'
      : `Content-Type must be ${allowed.join(' or ')}`,
  );
}

interface ErrorLike {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
  validation?: ErrorObject[];
  validationContext?: string;
}

function classifyError(raw: unknown): {
  status: number;
  message: string;
  headers: Record<string, string>;
  field?: string;
} {
  if (raw instanceof HttpError) {
    if (raw.statusCode >= 500 && raw.statusCode !== 501)
      return { status: raw.statusCode, message: 'Internal server error', headers: raw.headers };
    return { status: raw.statusCode, message: raw.message, headers: raw.headers, field: raw.field };
  }
  const error = (raw ?? {}) as ErrorLike;
  if (Array.isArray(error.validation) && error.validation[0]) {
    return {
      status: 400,
      message: describeValidationError(error.validation[0], error.validationContext ?? 'body'),
      headers: {},
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large (limit 1 MB)', headers: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Content-Type must be application/json', headers: {} };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body is required', headers: {} };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Content-Length does not match the body', headers: {} };
    case 'FST_ERR_BAD_URL':
      return { status: 400, message: 'Malformed URL (invalid percent-encoding)', headers: {} };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message = typeof error.message === 'string' ? error.message : '';
    if (/prototype property/i.test(message)) {
      return {
        status: 400,
        message: 'Request body contains a forbidden key (__proto__ or constructor)',
        headers: {},
      };
    }
    if (raw instanceof SyntaxError || /JSON/i.test(message)) {
      return { status: 400, message: 'Malformed JSON in request body', headers: {} };
    }
    return { status, message: message || 'Bad request', headers: {} };
  }
  return { status: 500, message: 'Internal server error', headers: {} };
}
