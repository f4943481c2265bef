import cors from '@fastify/cors';
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
  /** The registered payment gateways, whose origins the SPA's policy allows. */
  gateways: readonly GatewayCspSources[];
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
  async (app, { publicUrl, gateways }) => {
    await app.register(cors, {
      // The Vite dev server (and friends) on this machine, plus the public origin for deployments that
      // put the API on an api. subdomain of it. A same-origin deployment needs none of this.
      origin: [
        /^http:\/\/localhost(:\d+)?$/,
        /^http:\/\/127\.0\.0\.1(:\d+)?$/,
        ...(publicUrl ? [new URL(publicUrl).origin] : []),
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
      done();
    });
  },
);
