import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One chunk of Vite's build manifest: the parts the server and `npm run check:budget` read. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
/** Vite's build manifest (dist/.vite/manifest.json): each chunk by its source, with its static imports. */
export type Manifest = Record<string, ManifestChunk>;

/**
 * The chunks `starts` load before they run: each and its static imports, transitively (dynamic imports
 * are not followed), once each, in discovery order. A key the manifest lacks is skipped. The page's
 * preloads (below) and the per-route budgets (scripts/js-budget.ts) are both this walk.
 */
export function staticClosure(manifest: Manifest, starts: readonly string[]): ManifestChunk[] {
  const chunks: ManifestChunk[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const start of starts) visit(start);
  return chunks;
}

/** A chunk's file and its static imports' files, minus those in `skip` (what the entry loads). */
const chunkClosure = (manifest: Manifest, start: string, skip: ReadonlySet<string>): string[] =>
  staticClosure(manifest, [start])
    .map((chunk) => chunk.file)
    .filter((file) => !skip.has(file));

/** The app's entry in the manifest: index.html's (src/boot.ts, the other entry, is what the page loads first). */
export function appEntry(manifest: Manifest): string | undefined {
  return Object.keys(manifest).find((key) => key.endsWith('.html') && manifest[key]?.isEntry);
}

/**
 * The module preloads of a page: for each screen module it shows (`src/features/…/….page.tsx`, as the page
 * renderer names them), its chunk and the chunks it imports statically, minus what index.html already
 * names (the app's entry, index.html's and not src/boot.ts's, and its imports, which the build lists in
 * the page-code template itself). URLs under `base`.
 */
export function pagePreloads(manifest: Manifest, base = '/'): (modules: readonly string[]) => string[] {
  const entry = appEntry(manifest);
  const entryFiles = new Set(entry ? chunkClosure(manifest, entry, new Set()) : []);
  const known = new Map<string, string[]>();
  return (modules) => {
    const files = new Set<string>();
    for (const module of modules) {
      let list = known.get(module);
      if (!list) {
        list = chunkClosure(manifest, module, entryFiles);
        known.set(module, list);
      }
      for (const file of list) files.add(file);
    }
    return [...files].map((file) => `${base}${file}`);
  };
}

/** The build's manifest in `staticDir`, or null (a build without one preloads nothing per page). */
export function readManifest(staticDir: string): Manifest | null {
  const path = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}
