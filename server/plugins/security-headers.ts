import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, DOCS_PREFIX } from '../http/api';
import {
  contentSecurityPolicy,
  type GatewayCspSources,
  spaContentSecurityPolicy,
  staticHelmetHeaders,
} from '../http/security-headers';
import { appWide } from './app-wide';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: its origin may receive the SPA's forms and call the API cross-origin. */
  publicUrl: string | null;
  /** The enabled payment gateways, whose origins the SPA's policy allows. */
  gateways: readonly GatewayCspSources[];
  /** CORS_ORIGINS: more origins that may call the API with credentials. */
  corsOrigins?: readonly string[];
  /** Any loopback origin may too (the Vite dev server): in development only (NODE_ENV=development). */
  loopbackCors?: boolean;
  /**
   * Send Strict-Transport-Security on answers to requests that came over https. Only behind a trusted
   * proxy (TRUST_PROXY): the server itself speaks plain http, so https can only be the proxy's word
   * (X-Forwarded-Proto), which Fastify reads only from a trusted peer.
   */
  hsts?: boolean;
}

/** A year, no includeSubDomains: the shop's own host only, other subdomains are not ours to pin. */
const HSTS_VALUE = 'max-age=31536000';

/** CORS's allowed origins: PUBLIC_URL's, CORS_ORIGINS, and (in development) any loopback origin. */
export function corsOriginsFor(
  publicUrl: string | null,
  corsOrigins: readonly string[],
  loopbackCors: boolean,
): (string | RegExp)[] {
  return [
    ...(loopbackCors ? [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/] : []),
    ...(publicUrl ? [new URL(publicUrl).origin] : []),
    ...corsOrigins,
  ];
}

/** The methods the contract's operations use (openapi.yaml): a wishlist PUT or DELETE included. */
const CORS_METHODS = 'GET, HEAD, POST, PUT, DELETE';

/**
 * @fastify/cors's options per request: an allowed origin is echoed with credentials and its preflight
 * answered (the methods above, the headers it asks for); any other request, a same-origin one without
 * `Origin` included, gets `Vary: Origin` and no CORS header at all, and an OPTIONS of its own is the
 * API's 404.
 */
function corsFor(origins: readonly (string | RegExp)[]): FastifyCorsOptionsDelegateCallback {
  const exact = new Set(origins.filter((origin): origin is string => typeof origin === 'string'));
  const patterns = origins.filter((origin): origin is RegExp => origin instanceof RegExp);
  const allowed = (origin: string) => exact.has(origin) || patterns.some((pattern) => pattern.test(origin));
  const refused = { origin: false } as const;
  return (request, callback) => {
    const { origin } = request.headers;
    callback(
      null,
      origin !== undefined && allowed(origin)
        ? { origin, credentials: true, methods: CORS_METHODS, strictPreflight: false }
        : refused,
    );
  };
}

const CATALOGUE_PRODUCTS_PREFIX = `${API_PREFIX}/products`;
const CATALOGUE_STORE_PREFIX = `${API_PREFIX}/storeInfo`;

/** GET/HEAD /api/v1/products… and /api/v1/storeInfo: the pre-encoded catalogue reads. */
function isCatalogueRead(request: FastifyRequest): boolean {
  const { url } = request;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (url.startsWith(CATALOGUE_PRODUCTS_PREFIX) || url.startsWith(CATALOGUE_STORE_PREFIX))
  );
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) if (headers[name] !== undefined) picked[name] = headers[name];
  return picked;
}

/** CORS, helmet's headers and the Content-Security-Policy (the docs' or the SPA's) on every answer. */
export const securityHeadersPlugin = appWide<SecurityHeadersOptions>(
  'statefront-security-headers',
  async (app, { publicUrl, gateways, corsOrigins = [], loopbackCors = true, hsts = false }) => {
    // The public origin for deployments that put the API on an api. subdomain of it, the operator's
    // CORS_ORIGINS, and in development the Vite dev server (and friends) on this machine. A
    // same-origin deployment needs none of this. First, so a preflight is answered before anything else.
    await app.register(cors, {
      hook: 'onRequest',
      delegator: corsFor(corsOriginsFor(publicUrl, corsOrigins, loopbackCors)),
    });

    const securityHeaders = await staticHelmetHeaders({
      // The policy is set below so the docs can have their own and a handler may still override it.
      contentSecurityPolicy: false,
      // Sent below, only to requests that came over https (through a trusted proxy).
      strictTransportSecurity: false,
      // Matches the CSP's frame-ancestors 'none' for browsers that only know the older header.
      frameguard: { action: 'deny' },
    });
    const spaPolicy = spaContentSecurityPolicy(publicUrl, gateways);
    const docsPolicy = contentSecurityPolicy();
    // The catalogue's JSON reads (the hottest routes) get only the headers that mean something for a
    // JSON answer; the rest (frame, opener, XSS-auditor, download, DNS-prefetch, Flash policies) only
    // apply to documents, and every header costs time on each of thousands of requests a second.
    const jsonHeaders = pick(securityHeaders, ['x-content-type-options', 'cross-origin-resource-policy']);
    // (Decided from the URL: request.routeOptions builds a new object on every read.)
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isCatalogueRead(request) ? jsonHeaders : securityHeaders);
      reply.header('content-security-policy', request.url.startsWith(DOCS_PREFIX) ? docsPolicy : spaPolicy);
      if (hsts && request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
      done();
    });
  },
);
