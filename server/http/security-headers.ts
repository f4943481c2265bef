import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/** A Content-Security-Policy as directive → sources, in the order it is sent. */
export type CspDirectives = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

/** `directive source source; directive …`, leaving out any directive given no sources. */
export function formatCsp(directives: CspDirectives): string {
  return directives
    .filter(([, sources]) => sources.length > 0)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}

/**
 * The shop's policy, the one list every page's policy is derived from: our own files only (scripts
 * never inline), styles inline as Panda and Swagger UI write them, images and fonts also from data:
 * URLs, forms only to ourselves, never framed.
 */
const SHOP_POLICY: CspDirectives = [
  ['default-src', ["'self'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['script-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['font-src', ["'self'", 'data:']],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
];

/** Sources a page adds to the shop's policy (duplicates are dropped). */
export interface CspAdditions {
  formAction?: readonly string[];
  connect?: readonly string[];
}

/** The shop's policy plus `additions`. Without additions it is the policy of the API docs. */
export function contentSecurityPolicy(additions: CspAdditions = {}): string {
  const extra: Record<string, readonly string[] | undefined> = {
    'form-action': additions.formAction,
    'connect-src': additions.connect,
  };
  return formatCsp(
    SHOP_POLICY.map(([directive, sources]) => [
      directive,
      [...new Set([...sources, ...(extra[directive] ?? [])])],
    ]),
  );
}

/** What a payment gateway adds to the SPA's policy (server/payments/provider.ts PaymentGateway). */
export interface GatewayCspSources {
  readonly formActionOrigins: readonly string[];
  readonly connectOrigins: readonly string[];
}

/**
 * The SPA's policy: the shop's, plus PUBLIC_URL's origin as a form target (gateway pages and return
 * addresses are built on it, server/payments/origin.ts) and each registered gateway's origins.
 */
export function spaContentSecurityPolicy(
  publicUrl: string | null,
  gateways: readonly GatewayCspSources[],
): string {
  return contentSecurityPolicy({
    formAction: [
      ...(publicUrl ? [new URL(publicUrl).origin] : []),
      ...gateways.flatMap((gateway) => gateway.formActionOrigins),
    ],
    connect: gateways.flatMap((gateway) => gateway.connectOrigins),
  });
}

const NOT_HELMETS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sends with these options, worked out once at start-up. With CSP and
 * HSTS handled elsewhere they are the same on every answer, so the app sets them from one object in
 * a single hook instead of running helmet's middleware chain on every request (that chain was a
 * large share of a cached catalogue answer's cost). Derived from helmet itself, so an upgrade or an
 * option change still applies.
 */
export async function staticHelmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send(''));
    const response = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (!NOT_HELMETS.has(name) && typeof value === 'string') headers[name] = value;
    }
    return headers;
  } finally {
    await probe.close();
  }
}
