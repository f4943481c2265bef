import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public catalogue reads (store info, product lists, product pages). A browser or CDN may reuse an
 * answer for a minute without asking, then keep serving it for up to ten more minutes while it
 * revalidates in the background (a 304 costs almost nothing thanks to the ETag). A price change
 * therefore reaches every shopper within about a minute; the server itself sees it within a second.
 */
const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** Anything answered to a signed-in request: personal, so no browser or shared cache may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** Bodies smaller than this are sent as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * One answer body serialized once, with its strong ETag, compressed lazily (brotli and gzip) the
 * first time a client asks for that encoding. Each encoding is its own representation, so each has
 * its own ETag (`"<hash>"`, `"<hash>-br"`, `"<hash>-gz"`).
 */
export class EncodedBody {
  readonly etag: string;
  #br: Buffer | null = null;
  #gzip: Buffer | null = null;
  #compress = true;

  constructor(
    readonly identity: Buffer,
    readonly contentType: string = JSON_TYPE,
  ) {
    this.etag = `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  }

  get compressible(): boolean {
    return this.#compress && this.identity.length >= COMPRESS_THRESHOLD;
  }

  /** For formats that are compressed already (images, fonts): always sent as they are. */
  noCompression(): this {
    this.#compress = false;
    return this;
  }

  /** Bytes held (identity plus whatever encodings were made so far): what a cache budget counts. */
  get size(): number {
    return this.identity.length + (this.#br?.length ?? 0) + (this.#gzip?.length ?? 0);
  }

  body(encoding: Encoding): Buffer {
    if (encoding === 'br') {
      this.#br ??= brotliCompressSync(this.identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
        },
      });
      return this.#br;
    }
    if (encoding === 'gzip') {
      this.#gzip ??= gzipSync(this.identity, { level: 9 });
      return this.#gzip;
    }
    return this.identity;
  }

  /** Stores already-made encodings (a build's X.br / X.gz files). */
  preset(br: Buffer | null, gzip: Buffer | null): this {
    this.#br = br;
    this.#gzip = gzip;
    return this;
  }

  etagFor(encoding: Encoding): string {
    return encoding === 'identity'
      ? this.etag
      : `${this.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  }
}

const encodingMemo = new Map<string, Encoding>();

/** br, else gzip, else identity, honouring q-values (`br;q=0` refuses brotli). */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const text = Array.isArray(header) ? header.join(',') : header;
  const known = encodingMemo.get(text);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = (rawName ?? '').trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number(value) || 0;
    }
    weights.set(name, q);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const chosen: Encoding = weight('br') > 0 ? 'br' : weight('gzip') > 0 ? 'gzip' : 'identity';
  // Browsers send a handful of distinct headers; a bounded memo keeps hostile variety harmless.
  if (encodingMemo.size > 500) encodingMemo.clear();
  encodingMemo.set(text, chosen);
  return chosen;
}

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`, and `*` matches anything. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** Adds a token to a Vary header value without repeating it. */
function varyWith(current: unknown, token: string): string {
  if (current === undefined || current === null || current === '') return token;
  const text = Array.isArray(current) ? current.join(', ') : String(current);
  const present = text.split(',').some((part) => part.trim().toLowerCase() === token.toLowerCase());
  return present ? text : `${text}, ${token}`;
}

export interface SendOptions {
  /** Cache-Control for anonymous requests (signed-in ones get PRIVATE_CACHE_CONTROL unless `shared`). */
  cacheControl?: string;
  /** The same for everyone whatever the Authorization header (static files). */
  shared?: boolean;
}

/**
 * Sends a pre-serialized body: the best encoding the client accepts, `Vary: Accept-Encoding`, and for
 * anonymous requests a strong ETag with 304 on a match. A signed-in request gets the same bytes but
 * `private, no-store` and no ETag (nothing may keep it, so there is nothing to revalidate).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  options: SendOptions = {},
): FastifyReply {
  const encoding = body.compressible ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
  reply.header('vary', varyWith(reply.getHeader('vary'), 'Accept-Encoding'));
  if (!options.shared && request.headers.authorization !== undefined) {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  } else {
    const etag = body.etagFor(encoding);
    reply.header('cache-control', options.cacheControl ?? PUBLIC_CACHE_CONTROL);
    reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(body.contentType).send(body.body(encoding));
}

/** Reference data that changes with a package upgrade at most (PIN codes): a day in any cache. */
export const REFERENCE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';
