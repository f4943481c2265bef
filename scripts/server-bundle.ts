/**
 * The compiled server: `server/index.ts` and everything it imports from server/, shared/ and contract/,
 * bundled by esbuild into one ES module, `dist/.server/index.js` (with its source map), which `npm run
 * serve` and `npm start` run with plain node — no TypeScript compiler in the running process. Packages
 * stay imports of node_modules. A dot folder of dist/, so the static files never serve it (server/web/static.ts
 * skips dotfiles), and `vite build` clears it with the rest: `npm run build` writes it last.
 *
 * `npm run build:server` (or this file run by tsx) writes it.
 * The process tests and benches (tests/faults/procs.ts) call `buildServerBundle()` first, so they run
 * what users run, as it is now. The file is written beside its place and renamed over it, so a process
 * starting meanwhile never reads half a bundle.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the compiled server is written, from the repository root. */
export const SERVER_BUNDLE = 'dist/.server/index.js';

/** Builds the server bundle (a second or less) and returns its absolute path. */
export function buildServerBundle(): string {
  const target = join(ROOT, SERVER_BUNDLE);
  // Same file name in a folder of this process's own, so the map comment names `index.js.map`.
  const folder = join(dirname(target), `.build-${process.pid}`);
  const temporary = join(folder, 'index.js');
  mkdirSync(folder, { recursive: true });
  buildSync({
    entryPoints: [join(ROOT, 'server/index.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  renameSync(`${temporary}.map`, `${target}.map`);
  renameSync(temporary, target);
  rmSync(folder, { recursive: true, force: true });
  return target;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildServerBundle();
