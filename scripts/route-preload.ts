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
 *  - keeps the taps on the frame's controls (they do nothing before the app runs) for the app to
 *    repeat on its own first render (shared/first-screen.ts FRAME_CLICKS, src/app/frame-clicks.ts);
 *  - starts the app entry (preloaded from the start) once the prerendered frame has painted, so the
 *    first paint never waits for JavaScript (scripts/prerender-shell.tsx); on a route whose LCP image
 *    the frame holds (the home page's hero; on /products and /product/{id} the first image of the
 *    first screen the server rendered into the frame, shared/first-screen.ts), once the browser has
 *    reported that image as the largest paint (where it reports LCP; else once it has loaded),
 *    LCP_WAIT_MS at most, and only then asks for the JavaScript and the API answers too (not for the
 *    answer the page carries): nothing else competes with the largest paint.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';
import { FIRST_ANSWER_ID, FRAME_CLICKS, FRAME_CONTROLS } from '../shared/first-screen';

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
  /**
   * The server may render this route's first screen into the frame and embed `api[0]`'s answer
   * (shared/first-screen.ts): when the page has that answer, the boot script does not preload it and
   * treats the frame's first image in <main> as the LCP image (as the hero on `/`).
   */
  firstScreen?: boolean;
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
    firstScreen: true,
  },
  {
    path: '^/product/([^/]+)/?$',
    module: 'src/routes/product.page.tsx',
    api: ['/api/v1/products/$1'],
    firstScreen: true,
  },
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

type BootTable = { path: string; files: string[]; images: string[]; api: string[]; first?: boolean }[];

/**
 * How long the boot script holds the app back, at most, for the prerendered frame's LCP image (the
 * home page's hero) to load and paint: the entry's evaluation and React's first render then come after
 * the page's largest paint instead of in front of it.
 */
export const LCP_WAIT_MS = 1000;

/**
 * The boot script's source: plain ES5, no module. `modules` are the entry's own files (its chunk and
 * static imports), preloaded by the script rather than by index.html, so that on a page whose LCP image
 * the prerendered frame holds they do not share the line with that image.
 */
export function bootScript(
  base: string,
  entry: string,
  table: BootTable,
  modules: string[] = [entry],
): string {
  return `(function(){var t=${JSON.stringify(table)},b=${JSON.stringify(base)},d=document,p=location.pathname,h=d.head,q=[],A=[],r=null;
if(${AUTH_PATHS}.test(p))d.documentElement.setAttribute('data-layout','auth');
if(p==='/')d.documentElement.setAttribute('data-page','home');
d.addEventListener('click',function(v){var S=d.querySelector('#root > [data-shell]'),c=v.target&&v.target.closest&&v.target.closest(${JSON.stringify(FRAME_CONTROLS)}),P=[],n=c;if(!S||!c||!S.contains(c))return;v.preventDefault();while(n&&n!==S){P.unshift([].indexOf.call(n.parentNode.children,n));n=n.parentNode;}(window[${JSON.stringify(FRAME_CLICKS)}]=window[${JSON.stringify(FRAME_CLICKS)}]||[]).push({path:P,name:c.tagName+' '+(c.getAttribute('aria-label')||c.textContent||'').trim()});},true);
function l(r,u,a,c,to){var e=d.createElement('link');e.rel=r;e.href=u;if(a)e.as=a;if(c!=null)e.crossOrigin=c;if(a==='image')e.setAttribute('fetchpriority','high');if(r==='modulepreload')e.setAttribute('fetchpriority','low');(to||h).appendChild(e);}
var e=${JSON.stringify(modules)};for(var x=0;x<e.length;x++)q.push(['modulepreload',e[x],null,'']);
for(var i=0;i<t.length;i++){var m=new RegExp(t[i].path).exec(p);if(!m)continue;r=t[i];
for(var j=0;j<r.images.length;j++)l('preload',r.images[j],'image');
if(!location.search)for(var k=0;k<r.api.length;k++)A.push([r.api[k].replace('$1',m[1]||''),k===0&&r.first]);
for(var n=0;n<r.files.length;n++)q.push(['modulepreload',b+r.files[n],null,'']);break;}
function f(){var a=d.getElementById('${FIRST_ANSWER_ID}'),F=d.createDocumentFragment();for(var y=0;y<A.length;y++)if(!(a&&A[y][1]))l('preload',A[y][0],'fetch','use-credentials',F);for(y=0;y<q.length;y++)l(q[y][0],q[y][1],q[y][2],q[y][3],F);h.appendChild(F);q=[];A=[];}
var s=d.createElement('script'),go=function(){d.removeEventListener('pointerdown',go,true);d.removeEventListener('keydown',go,true);f();if(!s.parentNode)h.appendChild(s);};s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};
function start(){requestAnimationFrame(function(){setTimeout(go,0);});}
var w=r?r.images[0]:null;
function lcp(){var M=d.querySelector('[data-shell] main'),g=w?d.querySelector('[data-shell] img[src="'+w+'"]'):M&&d.getElementById('${FIRST_ANSWER_ID}')&&M.querySelector('img'),P=window.PerformanceObserver,y=0,ok=function(){if(!y++)start();};if(!g){f();return start();}g.addEventListener('error',ok);
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('largest-contentful-paint')>=0)return new P(function(o){var e=o.getEntries();for(var k=0;k<e.length;k++){var x=e[k].element;if(x===g||(w&&(e[k].url||'').indexOf(w)>=0)||(!w&&x&&x.tagName==='IMG'&&M.contains(x)))ok();}}).observe({type:'largest-contentful-paint',buffered:true});
if(g.complete)return ok();g.addEventListener('load',ok);}
if(!w&&!(r&&r.first)){f();start();setTimeout(go,200);}else{d.addEventListener('pointerdown',go,true);d.addEventListener('keydown',go,true);if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',lcp);else lcp();setTimeout(go,${LCP_WAIT_MS});}})();
`;
}

/**
 * index.html with the boot script first in <head>, and the entry's module script and modulepreloads
 * left to it: `modules` lists their URLs, the entry first (the boot script preloads them and runs the
 * entry once the first frame, or the frame's LCP image, has painted).
 */
export function withBootScript(
  html: string,
  base: string,
  bootFile: string,
): { html: string; entry: string; modules: string[] } {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entryTag) throw new Error('route-preload: index.html has no module entry script');
  const entry = entryTag[1] as string;
  const modules = [entry];
  // The first paint does not need the JavaScript: no script or module preload in the HTML (Vite writes
  // one tag a line), so the preload scanner fetches the CSS and the LCP image first.
  const lines: string[] = [];
  let bootAt = -1;
  for (const line of html.split('\n')) {
    const preload = /^\s*<link rel="modulepreload" crossorigin href="([^"]+)">\s*$/.exec(line);
    if (preload) modules.push(preload[1] as string);
    else if (line.trim() === entryTag[0]) bootAt = lines.length;
    else lines.push(line);
  }
  const stylesheet = lines.findIndex((line) => line.includes('<link rel="stylesheet"'));
  if (stylesheet >= 0) bootAt = stylesheet;
  if (bootAt < 0) throw new Error('route-preload: the entry script is not on a line of its own');
  lines.splice(bootAt, 0, `    <script src="${base}${bootFile}"></script>`);
  return { html: lines.join('\n'), entry, modules };
}

export function routePreload(routes: PreloadRoute[] = PRELOAD_ROUTES): Plugin {
  let config: ResolvedConfig;
  let table: BootTable = [];
  return {
    name: 'statefront:route-preload',
    // Not for the server-side bundle of the first screens (dist/.ssr/, `vite build --ssr`).
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
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
          ...(route.firstScreen ? { first: true } : {}),
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
      const { entry, modules } = withBootScript(html, config.base, 'assets/boot.js');
      const source = bootScript(config.base, entry, table, modules);
      const bootFile = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`;
      await writeFile(resolve(outDir, bootFile), source);
      await writeFile(htmlPath, withBootScript(html, config.base, bootFile).html);
    },
  };
}
