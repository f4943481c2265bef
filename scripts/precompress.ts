/**
 * Build-time precompression (delivery): after `vite build` writes dist/, every compressible
 * file over 1 KB gets a brotli (quality 11) `X.br` and a gzip (level 9) `X.gz` next to it, so the
 * server sends the smallest encoding the browser accepts without compressing per request. Source maps
 * and dot-folders (dist/.vite) are left alone.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;

/** Whether a built file gets `.br`/`.gz` siblings. */
export function shouldPrecompress(path: string, bytes: number): boolean {
  return COMPRESSIBLE.test(path) && !path.endsWith('.map') && bytes > MIN_BYTES;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `X.br` and `X.gz` next to the file `X` (brotli quality 11 in text mode, gzip level 9). */
async function precompressFile(path: string): Promise<string> {
  const body = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return path;
}

/** Writes `.br` and `.gz` next to every compressible file under `dir`; returns the files it compressed. */
async function precompressDir(dir: string): Promise<string[]> {
  const jobs: Promise<string>[] = [];
  for await (const path of walk(dir)) {
    const { size } = await stat(path);
    if (shouldPrecompress(path, size)) jobs.push(precompressFile(path));
  }
  return Promise.all(jobs);
}

/** Vite plugin: precompress the output folder once the bundle (and public/) has been written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'statefront:precompress',
    // Not for the server-side bundle of the first screens (dist/.ssr/, `vite build --ssr`).
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const files = await precompressDir(outDir);
      config.logger.info(`precompressed ${files.length} files (.br q11, .gz 9) in ${config.build.outDir}/`);
    },
  };
}
