/**
 * A method a path does not serve (TRACE, QUERY, PATCH on a read-only path, …) is answered 405 with an
 * `Allow` header listing the methods it does serve (RFC 9110 §15.5.6), as `{ "error": "…" }`, instead
 * of a 404 or a 400 about a body nobody will read. Every route is recorded as it is added; a request
 * that found no route is checked before its body is parsed. A path no route serves stays a 404.
 *
 * One exception: a browser's form posted to a page (a form submitted without the app: its forms are inert
 * until hydrated, src/forms/private-form.ts) is sent back to that page with a 303, its body never read, so the shopper sees the
 * page again instead of a JSON error, and what the form carried (a password) goes nowhere.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '../errors';
import { MAX_PARAM_LENGTH } from '../http/api';
import { appWide } from './app-wide';

/** The order methods are listed in `Allow`. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface RecordedRoute {
  pattern: RegExp;
  /** A catch-all (`/*`): the SPA's pages and files, never an API path. */
  wildcard: boolean;
  methods: string[];
}

/** `/api/v1/products/:id` → a RegExp matching its paths (a trailing slash allowed, as the router does). */
export function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/** The methods some route serves at `path`, in METHOD_ORDER (HEAD wherever GET is); empty for none. */
export function allowedMethods(routes: readonly RecordedRoute[], path: string): string[] {
  const api = path === '/api' || path.startsWith('/api/');
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.wildcard && api) continue;
    if (!route.pattern.test(path)) continue;
    for (const method of route.methods) methods.add(method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  return METHOD_ORDER.filter((method) => methods.has(method));
}

/** The content types a browser posts a form as (HTML's form submission). */
const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\s*(;|$)/i;

/**
 * Where a form posted to a page is sent back to: the same page (path and query), always a path on this
 * shop (`//host/…` or `/\\host/…` would read as another site's address).
 */
function pageOfFormPost(url: string): string {
  const page = `/${url.replace(/^[/\\]+/, '')}`;
  // Printable ASCII only in a header (the parser's URL can hold Latin-1 bytes): else the home page.
  return /^[\x21-\x7e]*$/.test(page) ? page : '/';
}

export const methodNotAllowedPlugin = appWide('statefront-method-not-allowed', async (app) => {
  const routes: RecordedRoute[] = [];
  /** The 405 (or the 414) a request that no route really serves deserves, if any. */
  const refusal = (request: FastifyRequest, byCatchAll: boolean): HttpError | undefined => {
    const path = request.url.split('?')[0] ?? '/';
    if (byCatchAll && path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH))
      return new HttpError(414, `A path segment is longer than ${MAX_PARAM_LENGTH} characters`);
    const allowed = allowedMethods(routes, path);
    if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
    const allow = allowed.join(', ');
    return new HttpError(405, `Method ${request.method} is not allowed here (allowed: ${allow})`, {
      Allow: allow,
    });
  };
  /** A browser's form posted to a path that serves GET (a page): never an API path. */
  const isPageFormPost = (request: FastifyRequest): boolean => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'POST' || path === '/api' || path.startsWith('/api/')) return false;
    return (
      FORM_TYPES.test(request.headers['content-type'] ?? '') && allowedMethods(routes, path).includes('GET')
    );
  };
  // With the SPA built, its catch-all (`GET /*`) also matches API paths no operation serves: those are
  // as unserved as without it (the catch-all answers them 404), so they get the same 405 and 414. The
  // check is the catch-all's own hook: a hook for every request would have to read
  // request.routeOptions, which builds a new object on every read (on the hottest routes too).
  const catchAllHook = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const path = request.url.split('?')[0] ?? '/';
    // (A CORS preflight, OPTIONS, is answered by its own catch-all route: never a 405.)
    const api = path === '/api' || path.startsWith('/api/');
    if (!api || request.method === 'OPTIONS') return done();
    done(refusal(request, true));
  };
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method])
      .map((method) => String(method).toUpperCase())
      .filter((method) => method !== 'OPTIONS');
    if (methods.length > 0)
      routes.push({ pattern: routePattern(route.url), wildcard: route.url.includes('*'), methods });
    if (route.url.includes('*')) {
      const hooks = route.onRequest;
      route.onRequest = [
        ...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]),
        catchAllHook,
      ];
    }
  });
  // A request that found no route (callback style: this runs on every request).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const refused = refusal(request, false);
    if (refused?.statusCode === 405 && isPageFormPost(request)) {
      reply.code(303).header('location', pageOfFormPost(request.url)).header('cache-control', 'no-store');
      return reply.send();
    }
    done(refused);
  });
});
