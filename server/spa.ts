import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const SERVED_BY_META = '<meta name="api-served-by" content="statefront">';

/** Tells src/api/client.ts that the API lives on this origin (see its base-URL rule). */
export function injectServedBy(html: string): string {
  if (html.includes('name="api-served-by"')) return html;
  // Before </head>, so <meta charset> stays the first thing in the head.
  const close = html.search(/<\/head>/i);
  if (close >= 0) return `${html.slice(0, close)}  ${SERVED_BY_META}\n  ${html.slice(close)}`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return `${SERVED_BY_META}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${SERVED_BY_META}${html.slice(at)}`;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Serves the built SPA (when `staticDir` has an index.html) and answers everything unmatched:
 * unknown API paths and methods get JSON 404s; any other GET that is not a file gets index.html so
 * client-side routes (/products?category=men, /product/:id, /orders) survive a reload or a deep link.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const indexPath = staticDir ? join(staticDir, 'index.html') : null;
  const indexHtml =
    indexPath && existsSync(indexPath) ? injectServedBy(readFileSync(indexPath, 'utf8')) : null;

  if (staticDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // Vite fingerprints everything under /assets, so those never change; the rest may.
      setHeaders: (res, path) => {
        const fingerprinted = path.includes(`${join(staticDir, 'assets')}/`);
        res.setHeader('cache-control', fingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (_request: unknown, reply: import('fastify').FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    // A missing file (it has an extension, or sits under /assets) is a 404, not the page: a browser
    // asking for a script must never receive HTML.
    if (
      indexHtml &&
      isPage &&
      !isApiPath(path) &&
      !lastSegment.includes('.') &&
      !path.startsWith('/assets/')
    ) {
      return reply
        .code(200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    const message = isApiPath(path) ? `No API operation ${request.method} ${path}` : 'Not found';
    return reply.code(404).type('application/json; charset=utf-8').send({ error: message });
  });
}
