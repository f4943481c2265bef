import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../context';

/** A Host (or X-Forwarded-Host) we are willing to echo into a URL: name or IP literal, optional port. */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the shopper reached the shop at, for gateway pages and return URLs: `PUBLIC_URL` when the
 * operator set one, else the origin of this request. Fastify reads `X-Forwarded-Proto`/`-Host` only
 * when `TRUST_PROXY` says the peer is our proxy; a malformed Host falls back to localhost.
 */
export function shopOrigin(
  config: Pick<ServerConfig, 'publicUrl' | 'port'>,
  request: FastifyRequest,
): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (!host || !HOST_PATTERN.test(host)) return `http://localhost:${config.port}`;
  return `${protocol}://${host.toLowerCase()}`;
}

/** The configured origin, or the local default when no request is at hand (direct provider calls). */
export function defaultOrigin(config: Pick<ServerConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
