import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoreInfo } from '../../contract/schema';
import { PAGE_RENDERER_MODULE, type PageRenderer } from '../../shared/first-screen';
import type { CatalogueReadModel } from '../catalogue/read-model';
import type { ServerConfig } from '../context';
import { EncodedBody } from '../http/cache';
import { shopOrigin } from '../payments/origin';
import { pagePreloads, readManifest } from './page-assets';
import { injectStoreSnapshot, type Page, StorefrontPages } from './page-head';
import { loadStaticFiles, REVALIDATE_CACHE_CONTROL, type StaticFile, sendStatic } from './static';

const SERVED_BY_META = '<meta name="api-served-by" content="statefront">';

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

/** The words of the sandbox banner (docs/security.md row 6). */
export const SANDBOX_BANNER_TEXT = 'Sandbox — no money moves';

/**
 * The banner every page shows when production runs the sandbox gateway (PAYMENTS=sandbox): written by
 * the server before #root, so it is there before any script runs, on every route, and React never
 * touches it. Theme colours through Panda's CSS variables (with system colours until the CSS loads).
 */
export const SANDBOX_BANNER =
  `<div id="sandbox-banner" role="note" style="padding:6px 12px;text-align:center;font:600 14px/1.4 system-ui,sans-serif;` +
  'background:var(--colors-amber-200,Mark);color:var(--colors-amber-950,MarkText);' +
  `border-bottom:1px solid var(--colors-amber-400,MarkText)">${SANDBOX_BANNER_TEXT}: payments are approved without charging anyone</div>`;

/** `html` with the sandbox banner as the body's first element. */
function injectSandboxBanner(html: string): string {
  if (html.includes('id="sandbox-banner"')) return html;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return `${SANDBOX_BANNER}${html}`;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}\n    ${SANDBOX_BANNER}${html.slice(at)}`;
}

/** A rendered page, with the 404 status when it is the storefront's 404. */
const sendPage = (request: FastifyRequest, reply: FastifyReply, page: Page) =>
  sendStatic(request, reply.code(page.notFound ? 404 : 200), page.file);

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export interface SpaOptions {
  /** This server's store information, embedded in index.html as the first render's snapshot. */
  store?: StoreInfo;
  /** The catalogue read model, for each page's head and LCP image preload, and the sitemap. */
  catalogue?: CatalogueReadModel;
  /** PUBLIC_URL and the port, for absolute URLs (canonical, Open Graph, sitemap): see shopOrigin. */
  origin?: Pick<ServerConfig, 'publicUrl' | 'port'>;
  /**
   * React's server rendering of every page (shared/first-screen.ts). By default the one the build wrote
   * to dist/.ssr/; null renders none (the browser renders every page, as under `npm run dev`).
   */
  pageRenderer?: PageRenderer | null;
  /** Every page carries the "Sandbox — no money moves" banner (production running the sandbox). */
  sandboxBanner?: boolean;
  /** Serve the build's *.map files (false in production: server/infra/config.ts httpHardeningFrom). */
  sourceMaps?: boolean;
}

/** The build's page renderer in `staticDir`, or null when this build has none. */
async function loadPageRenderer(staticDir: string): Promise<PageRenderer | null> {
  const path = join(staticDir, PAGE_RENDERER_MODULE);
  if (!existsSync(path)) return null;
  const module = (await import(pathToFileURL(path).href)) as { renderPage?: PageRenderer };
  return typeof module.renderPage === 'function' ? module.renderPage : null;
}

/** The SPA's pages a mail links to, with a token in the query (password reset, newsletter links). */
const TOKEN_PAGES = ['/reset-password', '/newsletter/confirm', '/newsletter/unsubscribe'] as const;
const NOINDEX = 'noindex, nofollow';

/**
 * Serves the built SPA (when `staticDir` has an index.html) from memory, precompressed (server/web/static.ts),
 * and answers everything unmatched: unknown API paths and methods get JSON 404s; any other GET that is
 * not a file gets index.html so client-side routes (/products?category=men, /product/:id, /orders)
 * survive a reload or a deep link. /products and /product/{id} get index.html with their LCP image
 * preloaded (server/web/page-head.ts).
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string | null,
  options: SpaOptions = {},
): Promise<void> {
  const indexPath = staticDir ? join(staticDir, 'index.html') : null;
  const builtHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const servedHtml =
    builtHtml === null
      ? null
      : injectServedBy(options.store ? injectStoreSnapshot(builtHtml, options.store) : builtHtml);
  const indexHtml =
    servedHtml !== null && options.sandboxBanner ? injectSandboxBanner(servedHtml) : servedHtml;
  const index: StaticFile | null = indexHtml
    ? {
        body: new EncodedBody(Buffer.from(indexHtml), 'text/html; charset=utf-8'),
        cacheControl: REVALIDATE_CACHE_CONTROL,
      }
    : null;

  let pageAt: ((request: FastifyRequest) => Promise<Page>) | null = null;
  if (staticDir && index) {
    const files = loadStaticFiles(staticDir, { sourceMaps: options.sourceMaps ?? true });
    // The served index.html carries the api-served-by meta, so it is never the file on disk.
    files.set('/index.html', index);
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => sendStatic(request, reply, index);
    // Files come from memory at no cost to the database, and one page view asks for dozens (scripts,
    // images): they do not count against the per-IP rate limit.
    const routeConfig = { config: { rateLimit: false as const }, compress: false as const };
    app.get('/index.html', routeConfig, sendIndex);
    const { catalogue } = options;
    if (catalogue && indexHtml) {
      let render = options.pageRenderer ?? null;
      if (options.pageRenderer === undefined) {
        try {
          render = await loadPageRenderer(staticDir);
        } catch (error) {
          // A renderer that cannot load (a partial build, a missing package) costs the server's markup
          // only: the browser renders every page instead.
          app.log.warn({ err: error }, 'page renderer not loaded: the browser renders every page');
        }
      }
      const manifest = readManifest(staticDir);
      const site = new StorefrontPages(indexHtml, index, catalogue, options.store ?? null, {
        render,
        ...(manifest ? { preloads: pagePreloads(manifest) } : {}),
      });
      site.onRenderError = (error) => app.log.error({ err: error }, 'page not rendered on the server');
      const originConfig = options.origin ?? { publicUrl: null, port: 80 };
      const origin = (request: FastifyRequest) => shopOrigin(originConfig, request);
      app.get('/', routeConfig, async (request, reply) =>
        sendPage(request, reply, await site.home(origin(request))),
      );
      app.get('/products', routeConfig, async (request, reply) => {
        const at = request.url.indexOf('?');
        const page = await site.list(at < 0 ? '' : request.url.slice(at + 1), origin(request));
        return sendPage(request, reply, page);
      });
      app.get('/product/:id', routeConfig, async (request, reply) => {
        const { id } = request.params as { id: string };
        // Like any path whose last segment has an extension: a missing file, not the page.
        if (id.includes('.')) return reply.callNotFound();
        return sendPage(request, reply, await site.product(id, origin(request)));
      });
      app.get('/robots.txt', routeConfig, (request, reply) =>
        sendStatic(request, reply, site.robots(origin(request))),
      );
      app.get('/sitemap.xml', routeConfig, (request, reply) =>
        sendStatic(request, reply, site.sitemap(origin(request)) as StaticFile),
      );
      app.get('/sitemap-:part', routeConfig, (request, reply) => {
        const match = /^(\d{1,6})\.xml$/.exec((request.params as { part: string }).part);
        const part = match ? Number(match[1]) : 0;
        const file = Number.isInteger(part) && part >= 1 ? site.sitemap(origin(request), part) : null;
        return file ? sendStatic(request, reply, file) : reply.callNotFound();
      });
      // Pages opened from a mailed link carry its token in the address: answered like any page (and not
      // remembered: the server keeps no page holding a token), never indexed (a crawler that found one
      // must not list it).
      for (const path of TOKEN_PAGES)
        app.get(path, routeConfig, async (request, reply) =>
          sendPage(
            request,
            reply.header('x-robots-tag', NOINDEX),
            await site.page(request.url, origin(request), { remembered: false }),
          ),
        );
      pageAt = (request) => site.page(request.url, origin(request));
    } else {
      app.get('/', routeConfig, sendIndex);
      for (const path of TOKEN_PAGES)
        app.get(path, routeConfig, (request, reply) =>
          sendIndex(request, reply.header('x-robots-tag', NOINDEX)),
        );
    }
    app.get('/*', routeConfig, (request, reply) => {
      const path = `/${(request.params as { '*': string })['*']}`;
      const file = files.get(path);
      if (!file) return reply.callNotFound();
      return sendStatic(request, reply, file);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    // A missing file (it has an extension, or sits under /assets) is a 404, not the page: a browser
    // asking for a script must never receive HTML.
    if (index && isPage && !isApiPath(path) && !lastSegment.includes('.') && !path.startsWith('/assets/')) {
      // A route of the app (/cart, a policy), or the storefront's 404 page, sent with that status.
      if (pageAt) return pageAt(request).then((page) => sendPage(request, reply, page));
      return sendStatic(request, reply.code(200), index);
    }
    const message = isApiPath(path) ? `No API operation ${request.method} ${path}` : 'Not found';
    return reply.code(404).type('application/json; charset=utf-8').send({ error: message });
  });
}
