/**
 * `npm run check:budget`: the JS a shopper downloads before the home page can paint, compressed the
 * way the server sends it (brotli), against the budget in docs/performance.md. Reads Vite's manifest in
 * dist/.vite/manifest.json (build.manifest), takes the HTML entry and everything it imports
 * statically, plus the home route chunk (index.html preloads it) and its static imports.
 * Prints one line per file and the totals; exits 1 when the JS is over JS_BUDGET or JS + CSS over 150 KB
 * (and says how far the JS is from the 90 KB target).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** The part of a Vite manifest entry this script reads. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Issue 9's target for the home page's JS (brotli). */
export const JS_TARGET = 90 * 1024;
/**
 * What CI enforces: the home page's JS as of this change plus a little headroom, so no regression
 * lands. It is above JS_TARGET: React 19's react-dom alone is 57 KB and XState 12 KB (docs/performance.md);
 * lower it as the shell gets lighter. Raised from 122 to 124 KB when the header gained the wishlist count
 * and the search box (≈ 1.2 KB together, after the machines' descriptions were stripped from the build to
 * pay for most of them); lowered to 123.8 KB at 123.4 KB, with React Router's production build; lowered to
 * 110.3 KB at 109.9 KB when the SPA moved from React Router's data router to its declarative mode
 * (BrowserRouter + useRoutes: 13.5 KB less); 110.6 KB at 110.2 KB once the app repeats taps on the
 * prerendered frame and starts in three tasks (0.3 KB). What is left above the target is the runtime
 * itself: react-dom + scheduler ≈ 55 KB, React Router ≈ 12 KB, XState + @xstate/react ≈ 12 KB.
 */
// Raised once, 110.6 → 112.6 KB at 112.3 KB (session 8): issue 23's header on every page (the phone search row,
// the All categories trigger — its Ark Menu is lazy, 32 KB kept out —, toasts with Undo) and the sandbox banner.
// Raised 112.6 → 112.9 KB at 112.7 KB (session 10): issue 24 made the home page's newsletter block real (it
// posts the subscription and says what failed or to confirm by mail: +0.3 KB). A React Router split chunk
// that a shared/ import caused (+1.1 KB) was found and undone instead.
export const JS_BUDGET = 112.9 * 1024;
export const PAGE_BUDGET = 150 * 1024;
/** The home route's module: preloaded from index.html, so it counts against the home page. */
export const HOME_ROUTE = 'src/routes/home.page.tsx';

/**
 * The files the home page loads before its first screen: the HTML entry, the home route chunk and
 * each one's static imports, transitively (dynamic imports are not followed). JS first, then CSS,
 * each list without duplicates and in discovery order.
 */
export function homeFiles(
  manifest: Manifest,
  homeRoute: string = HOME_ROUTE,
): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('manifest has no entry chunk (is build.manifest on?)');
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    if (chunk.file.endsWith('.js')) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  if (manifest[homeRoute]) visit(homeRoute);
  return { js, css };
}

export type Sized = { file: string; bytes: number };
export type BudgetResult = {
  js: Sized[];
  css: Sized[];
  jsTotal: number;
  pageTotal: number;
  failures: string[];
};

/** Sums the compressed sizes and names every budget that is exceeded. */
export function checkBudget(
  js: Sized[],
  css: Sized[],
  budgets = { js: JS_BUDGET, page: PAGE_BUDGET },
): BudgetResult {
  const sum = (files: Sized[]) => files.reduce((total, f) => total + f.bytes, 0);
  const jsTotal = sum(js);
  const pageTotal = jsTotal + sum(css);
  const failures: string[] = [];
  if (jsTotal > budgets.js) failures.push(`home JS ${kb(jsTotal)} is over the ${kb(budgets.js)} budget`);
  if (pageTotal > budgets.page)
    failures.push(`home JS + CSS ${kb(pageTotal)} is over the ${kb(budgets.page)} budget`);
  return { js, css, jsTotal, pageTotal, failures };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function brotliSize(buffer: Buffer): number {
  return brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  }).length;
}

/** Traces of the Stately inspector, which only `npm run dev` may load (src/app/dev-inspector.ts). */
const INSPECTOR_TRACES = ['@statelyai/inspect', 'statelyai', 'createBrowserInspector', 'stately.ai/inspect'];

/** The built JavaScript files (under `dist/`) that carry inspector code: none, in a production build. */
export function inspectorLeaks(dist: string): string[] {
  const leaks: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.m?js$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        const trace = INSPECTOR_TRACES.find((t) => text.includes(t));
        if (trace) leaks.push(`${path.slice(dist.length + 1)} (${trace})`);
      }
    }
  };
  walk(dist);
  return leaks;
}

function main() {
  const dist = resolve(process.argv[2] ?? 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: run \`npm run build\` first.`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const files = homeFiles(manifest);
  const measure = (file: string): Sized => ({ file, bytes: brotliSize(readFileSync(join(dist, file))) });
  const result = checkBudget(files.js.map(measure), files.css.map(measure));
  const width = Math.max(...[...result.js, ...result.css].map((f) => f.file.length));
  console.log('Home page, brotli (q11):');
  for (const f of [...result.js, ...result.css])
    console.log(`  ${f.file.padEnd(width)}  ${kb(f.bytes).padStart(9)}`);
  console.log(
    `  ${'JS total'.padEnd(width)}  ${kb(result.jsTotal).padStart(9)}  (budget ${kb(JS_BUDGET)}, target ${kb(JS_TARGET)})`,
  );
  console.log(
    `  ${'JS + CSS'.padEnd(width)}  ${kb(result.pageTotal).padStart(9)}  (budget ${kb(PAGE_BUDGET)})`,
  );
  const leaks = inspectorLeaks(dist);
  for (const leak of leaks) console.error(`Inspector code in the production build: ${leak}`);
  if (leaks.length === 0)
    console.log('No inspector code in the build (@statelyai/inspect is development only).');
  if (result.failures.length > 0) {
    for (const failure of result.failures) console.error(`Over budget: ${failure}`);
    process.exit(1);
  }
  if (leaks.length > 0) process.exit(1);
  console.log(
    result.jsTotal <= JS_TARGET
      ? 'Within budget and target.'
      : `Within budget; ${kb(result.jsTotal - JS_TARGET)} above the ${kb(JS_TARGET)} target.`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
