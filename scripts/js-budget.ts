/**
 * `npm run check:budget`: the JavaScript each page's route downloads before it is interactive,
 * compressed the way the server sends it (brotli q11), against a ceiling per route entry
 * (scripts/route-budgets.json). Reads Vite's manifest in dist/.vite/manifest.json (build.manifest): a
 * route is the app's entry and its static imports plus the route's screen chunk
 * (`src/features/<feature>/*.page.tsx`, which the server preloads with the page: server/web/page-assets.ts) and its
 * static imports. Prints a table, one line per route (JS as sent, JS as budgeted, its ceiling, and JS +
 * CSS); exits 1 when a route's budgeted JS is over its ceiling by more than BUDGET_TOLERANCE_KB, or it
 * has none. Within the tolerance it says so and passes: moving a module to where it belongs must never
 * be blocked by a few hundred bytes, while the ceilings themselves still only go down.
 *
 * The budgeted figure compresses each file with the content hashes in chunk names (`card-Bx3kP9aQ.js`)
 * replaced by one fixed string: the entry names about 120 chunks, and those random-looking names alone
 * moved its brotli size by ±100 B from one build to the next with no code changed (a one-character style
 * edit swung it 98,057 ↔ 98,118 B), more than the 0.1 KB steps the ceilings are kept to. Without them the
 * figure moves only with code; what is sent is a few hundred bytes more, printed beside it.
 *
 * (The home page's single 90 KB line is retired: React, React Router and the XState runtime alone are
 * ≈ 81 KB.) `npm run check:budget -- --lower` writes the ceilings
 * down to what the build measures plus 0.3 KB of headroom (never up: tests/scripts/route-budgets.test.ts
 * fails when a ceiling is above any it had in the history of that file).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { appEntry, type Manifest, staticClosure } from '../server/web/page-assets';

export type { Manifest, ManifestChunk } from '../server/web/page-assets';

/** Where the ceilings live: KB (brotli) per route module. */
export const BUDGETS_FILE = 'scripts/route-budgets.json';
/** What `--lower` leaves above a route's measured size. */
const HEADROOM = 0.3;
/** How far past its ceiling a route may go, KB brotli, before the check fails (it is noted below that). */
// 1.5 KB since returns and exchanges reached My Orders (≈ 2.4 KB; the order pages won back 0.9 KB: the
// lifecycle machine left to the server (shared/order-status.ts), the return form and the cancel question
// in chunks of their own). /orders sits over its ceiling within it until the page wins back the rest;
// the ceilings themselves still only go down.
export const BUDGET_TOLERANCE_KB = 1.5;

/** The boot module (src/boot.ts): the page's only script before its first paint, every page's. */
export const BOOT_MODULE = 'src/boot.ts';
/** Its ceiling, KB brotli: it waits for the paint and imports the app, nothing more. */
export const BOOT_CEILING_KB = 0.6;

/** The source modules the storefront's lazy parts name (`lazyPart('src/…', …)`: src/components/lazy-part.tsx). */
export function lazyPartModules(sources: readonly string[]): string[] {
  const modules = new Set<string>();
  for (const source of sources)
    for (const match of source.matchAll(/lazyPart(?:<[^(]*>)?\(\s*'([^']+)'/g))
      modules.add(match[1] as string);
  return [...modules].sort();
}

/**
 * The lazy parts whose module is not a chunk of its own in the manifest: the server names the parts a
 * page shows by module and preloads their chunks from the manifest, so such a part would be fetched
 * only when the app asks for it, after the rest of the page's code, and hydration would wait for it.
 */
export function unpreloadableParts(manifest: Manifest, modules: readonly string[]): string[] {
  return modules.filter((module) => !manifest[module]?.isDynamicEntry);
}

/** The route modules of a build: the screens (`src/features/<feature>/*.page.tsx`) the app loads per route. */
export function routeModules(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => /^src\/features\/[^/]+\/[^/]+\.page\.tsx$/.test(key) && manifest[key]?.isDynamicEntry)
    .sort();
}

/**
 * The files a route loads before its screen is interactive: the app's entry (index.html's), the route's
 * chunk and each one's static imports, transitively (dynamic imports are not followed). JS first, then CSS,
 * each list without duplicates and in discovery order.
 */
export function routeFiles(manifest: Manifest, route: string): { js: string[]; css: string[] } {
  const entryKey = appEntry(manifest);
  if (!entryKey) throw new Error('manifest has no entry chunk (is build.manifest on?)');
  const chunks = staticClosure(manifest, [entryKey, route]);
  return {
    js: chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')),
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))],
  };
}

export type Sized = { file: string; bytes: number };
export type BudgetResult = {
  js: Sized[];
  css: Sized[];
  jsTotal: number;
  pageTotal: number;
  failures: string[];
  /** Over the ceiling but within BUDGET_TOLERANCE_KB: printed, not failed. */
  notes: string[];
};

/**
 * Sums one route's compressed sizes and names every budget it exceeds past the tolerance (`ceiling` in
 * bytes, or none), noting one exceeded within it.
 */
export function checkBudget(
  route: string,
  js: Sized[],
  css: Sized[],
  ceiling: number | undefined,
): BudgetResult {
  const sum = (files: Sized[]) => files.reduce((total, f) => total + f.bytes, 0);
  const jsTotal = sum(js);
  const pageTotal = jsTotal + sum(css);
  const failures: string[] = [];
  const notes: string[] = [];
  const tolerance = BUDGET_TOLERANCE_KB * 1024;
  if (ceiling === undefined) failures.push(`${route} has no ceiling in ${BUDGETS_FILE}`);
  else if (jsTotal > ceiling + tolerance)
    failures.push(
      `${route}: JS ${kb(jsTotal)} is over its ${kb(ceiling)} ceiling by more than the ${BUDGET_TOLERANCE_KB.toFixed(1)} KB tolerance`,
    );
  else if (jsTotal > ceiling)
    notes.push(
      `${route}: JS ${kb(jsTotal)} is ${kb(jsTotal - ceiling)} over its ${kb(ceiling)} ceiling, within the ${BUDGET_TOLERANCE_KB.toFixed(1)} KB tolerance`,
    );
  return { js, css, jsTotal, pageTotal, failures, notes };
}

/** The ceilings in KB per route, read from `text` (the budgets file). */
export function parseBudgets(text: string): Record<string, number> {
  const value = JSON.parse(text) as { routes?: Record<string, number> };
  return value.routes ?? {};
}

/** `current` lowered to each route's measured KB plus headroom, never raised; new routes get theirs. */
export function loweredBudgets(
  current: Record<string, number>,
  measured: Record<string, number>,
): Record<string, number> {
  const next: Record<string, number> = {};
  for (const [route, bytes] of Object.entries(measured)) {
    const wanted = Math.ceil((bytes / 1024 + HEADROOM) * 10) / 10;
    const had = current[route];
    next[route] = had === undefined ? wanted : Math.min(had, wanted);
  }
  return next;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A content hash in a chunk or style sheet's name, as the build writes it (`-` and 8 characters). */
const CHUNK_HASH = /-[A-Za-z0-9_-]{8}\.(js|css)\b/g;

/** `code` with every chunk name's hash replaced by one fixed string (what the budget compresses). */
export function withoutChunkHashes(code: string): string {
  return code.replace(CHUNK_HASH, '-########.$1');
}

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
  const dist = resolve(process.argv.find((arg, i) => i >= 2 && !arg.startsWith('--')) ?? 'dist');
  const lower = process.argv.includes('--lower');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`No ${manifestPath}: run \`npm run build\` first.`);
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const budgets = parseBudgets(readFileSync(BUDGETS_FILE, 'utf8'));
  const sizes = new Map<string, { sent: number; budgeted: number }>();
  const sized = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      const bytes = readFileSync(join(dist, file));
      const sentBytes = brotliSize(bytes);
      const budgeted = file.endsWith('.js')
        ? brotliSize(Buffer.from(withoutChunkHashes(bytes.toString('utf8'))))
        : sentBytes;
      size = { sent: sentBytes, budgeted };
      sizes.set(file, size);
    }
    return size;
  };
  const measure = (file: string): Sized => ({ file, bytes: sized(file).budgeted });
  const sent = (file: string) => sized(file).sent;
  const failures: string[] = [];
  const notes: string[] = [];
  const measured: Record<string, number> = {};
  const width = Math.max(...routeModules(manifest).map((route) => route.length));
  console.log(`JS per route, brotli (q11): entry + route chunk + their static imports`);
  console.log(
    `  ${'route'.padEnd(width)}  ${'JS sent'.padStart(9)}  ${'budgeted'.padStart(9)}  ${'ceiling'.padStart(9)}  ${'JS+CSS'.padStart(9)}`,
  );
  for (const route of routeModules(manifest)) {
    const files = routeFiles(manifest, route);
    const ceiling = budgets[route];
    const result = checkBudget(
      route,
      files.js.map(measure),
      files.css.map(measure),
      ceiling === undefined ? undefined : ceiling * 1024,
    );
    measured[route] = result.jsTotal;
    failures.push(...result.failures);
    notes.push(...result.notes);
    const jsSent = files.js.reduce((total, file) => total + sent(file), 0);
    const cssSent = files.css.reduce((total, file) => total + sent(file), 0);
    console.log(
      `  ${route.padEnd(width)}  ${kb(jsSent).padStart(9)}  ${kb(result.jsTotal).padStart(9)}  ${(ceiling === undefined ? '—' : `${ceiling.toFixed(1)} KB`).padStart(9)}  ${kb(jsSent + cssSent).padStart(9)}`,
    );
  }
  const sources = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(join('src', file), 'utf8'));
  for (const part of unpreloadableParts(manifest, lazyPartModules(sources)))
    failures.push(`the lazy part ${part} has no chunk of its own in the build: no page can preload it`);
  const boot = manifest[BOOT_MODULE];
  if (!boot) failures.push(`the build has no ${BOOT_MODULE} entry`);
  else {
    const bytes = measure(boot.file).bytes;
    if (boot.imports?.length) failures.push(`${BOOT_MODULE} imports other chunks: it must stay alone`);
    if (bytes > BOOT_CEILING_KB * 1024)
      failures.push(`${BOOT_MODULE}: JS ${kb(bytes)} is over its ${BOOT_CEILING_KB} KB ceiling`);
    console.log(
      `  ${BOOT_MODULE.padEnd(width)}  ${kb(sent(boot.file)).padStart(9)}  ${kb(bytes).padStart(9)}  ${`${BOOT_CEILING_KB.toFixed(1)} KB`.padStart(9)}  (every page, before the app)`,
    );
  }
  const leaks = inspectorLeaks(dist);
  for (const leak of leaks) console.error(`Inspector code in the production build: ${leak}`);
  if (leaks.length === 0)
    console.log('No inspector code in the build (@statelyai/inspect is development only).');
  if (lower) {
    const routes = loweredBudgets(budgets, measured);
    writeFileSync(BUDGETS_FILE, `${JSON.stringify({ routes }, null, 2)}\n`);
    console.log(`Ceilings written down to what this build measures (+${HEADROOM} KB): ${BUDGETS_FILE}`);
    return;
  }
  for (const note of notes) console.log(`Within tolerance: ${note}`);
  for (const failure of failures) console.error(`Over budget: ${failure}`);
  if (failures.length > 0 || leaks.length > 0) process.exit(1);
  console.log('Every route within its ceiling.');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
