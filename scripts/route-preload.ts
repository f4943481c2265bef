/**
 * Route preloading (issue 9, front end): index.html is the same file for every path, so it cannot
 * name one route's chunk. This plugin writes a tiny script (an asset, as CSP allows only 'self'
 * scripts) that index.html loads first: it matches `location.pathname` against the shopper's entry
 * routes and adds `<link rel=modulepreload>` for that route's chunk and its static imports (and
 * `<link rel=preload as=image>` for the route's LCP image), so they download alongside the entry
 * instead of after it has run.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

export type PreloadRoute = {
  /** Regular expression source matched against location.pathname. */
  path: string;
  /** The route module, relative to the project root. */
  module: string;
  /** Public images the route paints first (its LCP element). */
  images?: string[];
};

export const PRELOAD_ROUTES: PreloadRoute[] = [
  { path: '^/$', module: 'src/routes/home.page.tsx', images: ['/images/hero.svg'] },
  { path: '^/products/?$', module: 'src/routes/products.page.tsx' },
  { path: '^/product/[^/]+/?$', module: 'src/routes/product.page.tsx' },
];

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

/**
 * Pages on the auth layout (no header/footer): the boot script marks <html data-layout=auth> before the
 * first paint so CSS hides the prerendered storefront frame there (panda.config.ts globalCss).
 */
export const AUTH_PATHS = /^\/(login|register)\/?$/;

/**
 * The boot script: plain ES5, no module. index.html loads it as a blocking script at the top of <head>
 * (about 1 KB; the browser's preload scanner fetches the entry and CSS meanwhile), so the layout mark
 * is set before anything paints.
 */
export function preloadScript(
  base: string,
  table: { path: string; files: string[]; images: string[] }[],
): string {
  return `(function(){var t=${JSON.stringify(table)},b=${JSON.stringify(base)},p=location.pathname,h=document.head;
if(${AUTH_PATHS}.test(p))document.documentElement.setAttribute('data-layout','auth');
function l(r,u,i){var e=document.createElement('link');e.rel=r;e.href=u;if(i){e.as='image';e.setAttribute('fetchpriority','high');}else{e.crossOrigin='';}h.appendChild(e);}
for(var i=0;i<t.length;i++){if(new RegExp(t[i].path).test(p)){for(var j=0;j<t[i].images.length;j++)l('preload',t[i].images[j],1);for(var k=0;k<t[i].files.length;k++)l('modulepreload',b+t[i].files[k]);break;}}})();
`;
}

export function routePreload(routes: PreloadRoute[] = PRELOAD_ROUTES): Plugin {
  let config: ResolvedConfig;
  let scriptFile: string | undefined;
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
      const table = routes.map((route) => {
        const id = resolve(config.root, route.module);
        const chunk = chunks.find((c) => c.facadeModuleId === id);
        if (!chunk) this.error(`route-preload: no chunk for ${route.module}`);
        return {
          path: route.path,
          files: chunkClosure(chunks, chunk, entryFiles),
          images: route.images ?? [],
        };
      });
      const ref = this.emitFile({
        type: 'asset',
        name: 'route-preload.js',
        source: preloadScript(config.base, table),
      });
      scriptFile = this.getFileName(ref);
    },
    async writeBundle(options) {
      if (!scriptFile) return;
      const htmlPath = resolve(options.dir ?? resolve(config.root, config.build.outDir), 'index.html');
      const html = await readFile(htmlPath, 'utf8');
      // Before the entry's own <script>: it starts its preloads while the entry is still downloading.
      const tag = `<script src="${config.base}${scriptFile}"></script>\n    `;
      const at = html.indexOf('<script type="module"');
      if (at < 0) throw new Error('route-preload: index.html has no module entry script');
      await writeFile(htmlPath, html.slice(0, at) + tag + html.slice(at));
    },
  };
}
