import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../contract/schema';
import { cookieTokenStore } from './auth-cookie';
import { BEARER_OPERATIONS } from './bearer-operations';

const API_PREFIX = '/api/v1';
const LOCAL_API_PORT = '8044';

export type ApiBaseInput = {
  /** The page's location (protocol, hostname, port). */
  location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'host'>;
  /** Build-time override, e.g. VITE_API_BASE=https://api.example.in/api/v1 */
  override?: string | undefined;
  /** Set by our server in index.html when it serves the SPA itself: the API is on the same origin. */
  servedBy?: string | null | undefined;
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Where the API lives (spec §7): an explicit override wins; a page served by our own server (or on
 * port 8044) talks to its own origin; other localhost pages (the Vite dev server) talk to
 * localhost:8044; anywhere else the API is on the `api.` subdomain of the current host.
 */
export function resolveApiBase({ location, override, servedBy }: ApiBaseInput): string {
  if (override) return override.replace(/\/+$/, '');
  if (servedBy === 'statefront' || location.port === LOCAL_API_PORT) return API_PREFIX;
  if (LOCAL_HOSTS.has(location.hostname)) return `http://localhost:${LOCAL_API_PORT}${API_PREFIX}`;
  const host = location.host.startsWith('api.') ? location.host : `api.${location.host}`;
  return `${location.protocol}//${host}${API_PREFIX}`;
}

function browserApiBase(): string {
  if (typeof window === 'undefined') return `http://localhost:${LOCAL_API_PORT}${API_PREFIX}`;
  const servedBy = document.querySelector('meta[name="api-served-by"]')?.getAttribute('content');
  return resolveApiBase({ location: window.location, override: import.meta.env.VITE_API_BASE, servedBy });
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribe to "any call answered 401" (the auth machine signs the user out). Returns an unsubscribe. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Adds the bearer token from the cookie, but only to the calls whose contract accepts one
 * (openapi.yaml `security`, generated into BEARER_OPERATIONS): the public reads go without it, so a
 * CDN may cache them. On any 401 clears the cookie and tells the listeners.
 */
const authMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (!BEARER_OPERATIONS.has(`${request.method} ${schemaPath}`)) return request;
    const token = cookieTokenStore.read();
    if (token && !request.headers.has('Authorization'))
      request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401) {
      cookieTokenStore.remove();
      for (const listener of unauthorizedListeners) listener();
    }
    return response;
  },
};

export function createApiClient(baseUrl: string = browserApiBase(), fetchImpl?: typeof fetch) {
  const client = createClient<paths>({
    baseUrl,
    credentials: 'include',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  client.use(authMiddleware);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one client of the app. */
export const api = createApiClient();
