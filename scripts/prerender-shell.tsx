/**
 * Build step after `vite build` (npm run build): prerenders the storefront frame — header, an empty
 * main, footer, phone tab bar — into dist/index.html, so the first paint happens as soon as the HTML
 * and CSS have arrived instead of after the JavaScript has downloaded and run. React replaces it with
 * the same frame on its first render (src/main.tsx waits until the route's chunk is ready, so there is
 * no blank frame in between). The store information the frame shows comes from store.config.json,
 * embedded as JSON for the client's first render (src/app/actors/store-snapshot.ts) and revalidated
 * from /api/v1/storeInfo as before. The home page's hero (its LCP image) is in the frame too, shown on
 * `/` only. Sign-in and registration pages use another layout. The boot script (scripts/route-preload.ts)
 * marks the page on <html> before the first paint and CSS (panda.config.ts) shows what fits it.
 *
 *   tsx scripts/prerender-shell.tsx [dist]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { StoreInfo } from '../machines/store-info.machine';
import { FRAME_END, FRAME_START, storeSnapshotBlock } from '../server/page-head';
import { loadStoreConfig } from '../server/store-config';
import { MainLayoutView } from '../src/app/layouts/main-layout';
import { Hero } from '../src/routes/home/hero';
import { precompressFile } from './precompress';

const ROOT_OPEN = '<div id="root">';

/** The store information as GET /api/v1/storeInfo serves it (without the UPI payee). */
export function storeSnapshot(configPath: string): StoreInfo {
  const { store } = loadStoreConfig(configPath);
  return store as StoreInfo;
}

export function shellMarkup(store: StoreInfo): string {
  // A path no link points to: no tab or nav link is marked current before the app knows the page.
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/__frame']}>
      <MainLayoutView store={store} cartCount={0} authStatus="checking">
        {/* The home page's first screen, where the home page's own would be; CSS shows it on `/` only. */}
        <div data-shell-page="home">
          <Hero description={store.description} imageLoading="lazy" />
        </div>
        {/* Holds the footer below the fold until the page itself renders. */}
        <div style={{ minHeight: '100dvh' }} />
      </MainLayoutView>
    </MemoryRouter>,
  );
}

/** index.html with the frame inside #root (marked data-shell) and the snapshot as a JSON data block. */
export function injectShell(html: string, markup: string, store: StoreInfo): string {
  const at = html.indexOf(`${ROOT_OPEN}</div>`);
  if (at < 0) throw new Error('prerender-shell: index.html has no empty <div id="root"></div>');
  // The same block a server with another STORE_CONFIG swaps in (server/page-head.ts).
  const snapshot = storeSnapshotBlock(store);
  // The markers let the server put a page's own first screen in the frame's place (server/page-head.ts).
  const root = `${ROOT_OPEN}<div data-shell="">${FRAME_START}${markup}${FRAME_END}</div></div>\n    ${snapshot}`;
  return html.slice(0, at) + root + html.slice(at + `${ROOT_OPEN}</div>`.length);
}

async function main() {
  const dist = resolve(process.argv[2] ?? 'dist');
  const configPath = resolve(process.env.STORE_CONFIG ?? 'store.config.json');
  const indexPath = join(dist, 'index.html');
  const store = storeSnapshot(configPath);
  const html = injectShell(readFileSync(indexPath, 'utf8'), shellMarkup(store), store);
  writeFileSync(indexPath, html);
  // The Vite build precompressed the old index.html: keep its .br/.gz in step with the new one.
  await precompressFile(indexPath);
  console.log(
    `prerendered the storefront frame into ${indexPath} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
