import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EncodedBody, sendEncoded } from '../http/cache';

const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Text-like types worth compressing; images and fonts here are already compressed formats. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.ico',
  '.wasm',
]);

export interface StaticFile {
  body: EncodedBody;
  cacheControl: string;
}

/**
 * Reads a built SPA folder into memory once: every file with its type, strong ETag, cache policy and
 * its brotli/gzip forms. The build writes `X.br` / `X.gz` next to each file (used as they are); for a
 * dist without them, eligible files are compressed here, once, at start-up. Dotfiles are skipped.
 * Keys are URL paths (`/assets/index-abc.js`); a lookup is a map read, so no path can escape the folder.
 * Without `sourceMaps` (production), *.map files are left out: the build keeps writing them, for an
 * operator to decode a stack trace, but the public never reads our sources.
 */
export function loadStaticFiles(
  root: string,
  { sourceMaps = true }: { sourceMaps?: boolean } = {},
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const assetsDir = `${join(root, 'assets')}${sep}`;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(path);
        continue;
      }
      if (!entry.isFile()) continue;
      // X.br / X.gz beside X are X's encodings, not files of their own.
      if ((path.endsWith('.br') || path.endsWith('.gz')) && existsSync(path.slice(0, -3))) continue;
      const ext = extname(entry.name).toLowerCase();
      if (ext === '.map' && !sourceMaps) continue;
      const body = new EncodedBody(readFileSync(path), TYPES[ext] ?? 'application/octet-stream');
      if (COMPRESSIBLE.has(ext) && body.compressible) {
        // A variant older than its file (the file was rewritten after compression, as the build's
        // prerender step does to index.html) is stale: compress the current bytes instead.
        const modified = statSync(path).mtimeMs;
        const variant = (file: string) =>
          existsSync(file) && statSync(file).mtimeMs >= modified ? readFileSync(file) : null;
        body.preset(variant(`${path}.br`), variant(`${path}.gz`));
        // Whatever the build did not precompress is compressed now rather than on the first request,
        // except source maps (development only, seldom read, the largest files): compressing them all
        // at start took longer than Fastify's plugin timeout on a busy host. They are compressed once,
        // on their first request.
        if (ext !== '.map') {
          body.body('br');
          body.body('gzip');
        }
      } else {
        body.noCompression();
      }
      const url = `/${relative(root, path).split(sep).join('/')}`;
      // Vite fingerprints everything under /assets, so those never change; the rest may.
      files.set(url, {
        body,
        cacheControl: path.startsWith(assetsDir) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      });
    }
  };
  if (existsSync(root) && statSync(root).isDirectory()) walk(root);
  return files;
}

/** Sends a static file: best accepted encoding, Vary, ETag/304, its cache policy. */
export function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  return sendEncoded(request, reply, file.body, { cacheControl: file.cacheControl, shared: true });
}
