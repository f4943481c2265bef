/**
 * The boot script (front end). index.html is the same file for every path, so it cannot name
 * one route's chunk or data. This plugin writes a tiny classic script (an asset: CSP allows only
 * 'self' scripts) that index.html loads, blocking, at the top of <head>. It
 *  - marks the sign-in pages (<html data-layout=auth>) so CSS hides the prerendered storefront frame,
 *    and the home page (<html data-page=home>) so CSS shows the prerendered hero;
 *  - matches `location.pathname` against the shopper's entry routes and adds `<link rel=modulepreload>`
 *    for the route's chunk and its static imports, `<link rel=preload as=image>` for its LCP image and
 *    `<link rel=preload as=fetch>` for the API answers its machines ask for first, so all of it
 *    downloads alongside the entry instead of after it has run;
 *  - starts the app entry (preloaded from the start) once the prerendered frame has painted, so the
 *    first paint never waits for JavaScript (scripts/prerender-shell.tsx).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

export type PreloadRoute = {
  /** Regular expression source matched against location.pathname; `$1` in `api` is its first group. */
  path: string;
  /** The route module, relative to the project root. */
  module: string;
  /** Public images the route paints first (its LCP element). */
  images?: string[];
  /**
   * The API reads the route's machines start with, exactly as src/api/client.ts requests them (same
   * URL and credentials mode, so the browser hands the preloaded answer to that fetch). Only preloaded
   * when the page has no query string (a query changes the request). tests/machines/route-preload-api.test.ts
   * runs each screen's live machine and fails when these drift from what it asks for.
   */
  api?: string[];
};

export const PRELOAD_ROUTES: PreloadRoute[] = [
  {
    path: '^/$',
    module: 'src/routes/home.page.tsx',
    images: ['/images/hero.svg'],
    api: ['/api/v1/products?filter=featured&limit=4'],
  },
  {
    path: '^/products/?$',
    module: 'src/routes/products.page.tsx',
    api: ['/api/v1/products?page=1&limit=12&facets=true', '/api/v1/products?limit=100'],
  },
  { path: '^/product/([^/]+)/?$', module: 'src/routes/product.page.tsx', api: ['/api/v1/products/$1'] },
];

/**
 * Pages on the auth layout (no header/footer): the boot script marks <html data-layout=auth> before the
 * first paint so CSS hides the prerendered storefront frame there (panda.config.ts globalCss).
 */
export const AUTH_PATHS = /^\/(login|register|forgot-password|reset-password)\/?$/;

type ChunkInfo = { fileName: string; imports: string[]; facadeModuleId: string | null; isEntry: boolean };

/** A chunk's file and its static imports, transitively, minus what the entry already loads. */
export function chunkClosure(chunks: ChunkInfo[], start: ChunkInfo, skip: Set<string>): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const visit = (chunk: ChunkInfo | undefined) => {
    if (!chunk || skip.has(chunk.fileName) || files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const imported of chunk.imports) visit(byFile.get(imported));
  };
  visit(start);
  return files;
}

type BootTable = { path: string; files: string[]; images: string[]; api: string[] }[];

/** The boot script's source: plain ES5, no module. */
export function bootScript(base: string, entry: string, table: BootTable): string {
  return `(function(){var t=${JSON.stringify(table)},b=${JSON.stringify(base)},d=document,p=location.pathname,h=d.head;
if(${AUTH_PATHS}.test(p))d.documentElement.setAttribute('data-layout','auth');
if(p==='/')d.documentElement.setAttribute('data-page','home');
function l(r,u,a,c){var e=d.createElement('link');e.rel=r;e.href=u;if(a)e.as=a;if(c!=null)e.crossOrigin=c;if(a==='image')e.setAttribute('fetchpriority','high');if(r==='modulepreload')e.setAttribute('fetchpriority','low');h.appendChild(e);}
for(var i=0;i<t.length;i++){var m=new RegExp(t[i].path).exec(p);if(!m)continue;
for(var j=0;j<t[i].images.length;j++)l('preload',t[i].images[j],'image');
if(!location.search)for(var k=0;k<t[i].api.length;k++)l('preload',t[i].api[k].replace('$1',m[1]||''),'fetch','use-credentials');
for(var n=0;n<t[i].files.length;n++)l('modulepreload',b+t[i].files[n],null,'');break;}
var s=d.createElement('script'),go=function(){if(!s.parentNode)h.appendChild(s);};s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};
requestAnimationFrame(function(){setTimeout(go,0);});setTimeout(go,200);})();
`;
}

/**
 * index.html with the boot script first in <head> and the entry's module script turned into a
 * modulepreload (the boot script runs it once the first frame has painted).
 */
export function withBootScript(
  html: string,
  base: string,
  bootFile: string,
): { html: string; entry: string } {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entryTag) throw new Error('route-preload: index.html has no module entry script');
  const entry = entryTag[1] as string;
  // The first paint does not need the JavaScript any more: fetch it at low priority, after the CSS and
  // the LCP image, rather than as a render-blocking script.
  const replaced = html
    .replace(entryTag[0], `<link rel="modulepreload" crossorigin href="${entry}">`)
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
  const at = replaced.indexOf('<link rel="modulepreload"');
  return {
    html: `${replaced.slice(0, at)}<script src="${base}${bootFile}"></script>\n    ${replaced.slice(at)}`,
    entry,
  };
}

export function routePreload(routes: PreloadRoute[] = PRELOAD_ROUTES): Plugin {
  let config: ResolvedConfig;
  let table: BootTable = [];
  return {
    name: 'statefront:route-preload',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const entryFiles = new Set(chunkClosure(chunks, entry, new Set()));
      table = routes.map((route) => {
        const id = resolve(config.root, route.module);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) this.error(`route-preload: no chunk for ${route.module}`);
        return {
          path: route.path,
          files: chunkClosure(chunks, chunk, entryFiles),
          images: route.images ?? [],
          api: route.api ?? [],
        };
      });
    },
    async writeBundle(options) {
      if (table.length === 0) return;
      const outDir = options.dir ?? resolve(config.root, config.build.outDir);
      const htmlPath = resolve(outDir, 'index.html');
      const html = await readFile(htmlPath, 'utf8');
      // The entry's URL is only final in the written HTML; the boot file is named by its content's hash
      // (assets/ are served immutable).
      const entry = withBootScript(html, config.base, 'assets/boot.js').entry;
      const source = bootScript(config.base, entry, table);
      const bootFile = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`;
      await writeFile(resolve(outDir, bootFile), source);
      await writeFile(htmlPath, withBootScript(html, config.base, bootFile).html);
    },
  };
}
