/**
 * The storefront's page renderer (shared/first-screen.ts): React's own server rendering of the whole
 * app at a URL — the same tree, routes, views and machines the browser hydrates (src/app/App.tsx). The
 * machines are created and never started: each page renders the state its machine starts in, given
 * the answer the page embeds (first answer), as the browser's first render does. Nothing reads the
 * browser's storage or cookie here: the cart, session and wishlist render as loading (their first
 * state) until the browser's app actor starts after hydrating. `npm run build` bundles this module for
 * Node into dist/.ssr/ (vite.config.ts), and the server loads it from there.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { StoreInfo } from '../machines/store-info.machine';
import type { PageInput, PageRenderer } from '../shared/first-screen';
import { api } from './api/client';
import { Storefront, StorefrontRoutes } from './app/App';
import type { LiveDeps } from './app/actors/live-deps';
import { createRootMachines } from './app/actors/root.live';
import { createApp } from './app/app-actor';
import { isNotFoundPage, preloadScreens } from './app/routes';
import { RenderedModules } from './components/lazy-part';

const nothingStored = { getItem: () => null, setItem: () => {} };

/** What the machines reach on the server: nothing of a shopper's (never called: nothing is started). */
const serverDeps: LiveDeps = {
  client: api,
  storage: () => nothingStored,
  token: { read: () => null, write: () => {}, remove: () => {} },
  logError: () => {},
};

const ignoreNavigation = () => {};

async function markupOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The markup of the page at `input.url`, the screen modules it shows and whether it is the 404. Every
 * page is the same for every visitor (nothing personal is rendered), so the server keeps it per URL and
 * catalogue version: `prerenderToNodeStream` waits for the whole page rather than streaming parts.
 */
export const renderPage: PageRenderer = async (input: PageInput) => {
  const location = new URL(input.url, 'http://localhost');
  const path = { pathname: location.pathname, search: location.search };
  // The screens' chunks are in before the render, so nothing suspends: the page, never a fallback.
  await preloadScreens(path);
  const machines = createRootMachines(serverDeps, (input.store as StoreInfo | null) ?? null);
  const app = createApp(machines, { navigate: ignoreNavigation });
  const first = input.first;
  // The lazy parts this page shows (its screen, the heavy controls on it) name themselves here as they
  // render (src/components/lazy-part.tsx): their chunks are preloaded with the page.
  const rendered = new Set<string>();
  const { prelude } = await prerenderToNodeStream(
    <RenderedModules.Provider value={rendered}>
      <Storefront app={app} machines={machines} firstAnswer={() => first} origin={input.origin}>
        <StaticRouter location={`${location.pathname}${location.search}`}>
          <StorefrontRoutes />
        </StaticRouter>
      </Storefront>
    </RenderedModules.Provider>,
    {
      // One piece: a boundary outlined for progressive display would need an inline script to reveal it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that throws is left to the browser to render (React marks its boundary); say so here.
      onError: (error) => console.error('page renderer:', input.url, error),
    },
  );
  const html = await markupOf(prelude);
  return { html, modules: [...rendered], notFound: isNotFoundPage(path) };
};
