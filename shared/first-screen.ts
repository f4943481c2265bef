/**
 * Every page is rendered by React on the server and hydrated in the browser (docs/storefront.md). The server
 * (server/web/spa.ts, server/web/page-head.ts) asks the build's page renderer (src/entry-server.tsx, bundled for
 * Node by `npm run build` into dist/.ssr/) for the markup inside #root, so server/ never imports src/.
 * Where a page's machine starts from an API answer (/, /products, /product/{id}), the server renders from
 * the answer the machine would ask for and embeds it as a JSON data block; the client's machine starts
 * from it (src/app/actors/first-answer.ts), so the first client render is the server's, node for node.
 */

/** The id of the JSON block that carries the answer. */
export const FIRST_ANSWER_ID = 'first-answer';

/**
 * The id of the head's `<template>` holding the `<link rel=modulepreload>`s of a page's code (the app
 * and its screen's chunks): inert in the HTML, made live by src/boot.ts once the page has painted.
 */
export const PAGE_CODE_TEMPLATE_ID = 'page-code';

/**
 * The attribute of #root that names, space-separated, the source modules of the lazy parts the page
 * shows (RenderedPage's `modules`): the browser loads them before it hydrates (src/main.tsx), so the
 * hydrating render is the server's, with no part waiting for its chunk.
 */
export const PAGE_PARTS_ATTRIBUTE = 'data-parts';

/** The answer a page was rendered from, as the JSON block carries it. */
export type FirstAnswer =
  /** GET /products/{id} (the contract's Product), for /product/{id}. */
  | { route: 'product'; id: string; answer: unknown }
  /** GET /products?page=…&limit=12&facets=true and the page's filters (a ProductPage), for /products?{search}. */
  | { route: 'products'; search: string; answer: unknown }
  /** GET /products?filter=featured&limit=4 (a ProductPage), for `/` (its Featured Styles). */
  | { route: 'home'; answer: unknown };

export type PageInput = {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** The store information the page is served with (the contract's StoreInfo), as embedded for the client. */
  store: unknown;
  /** The shop's origin (PUBLIC_URL, else the request's), for the pages that name it (policies). */
  origin: string;
  /** The answer the page's machine starts from, embedded beside the markup; null for none. */
  first: FirstAnswer | null;
};

/** What the renderer gives back for a page. */
export type RenderedPage = {
  /** The markup that goes inside #root. */
  html: string;
  /**
   * The source modules of the lazy parts the page shows (its screens, e.g. `src/features/cart/cart.page.tsx`, and heavy controls), for the server
   * to preload their chunks (the build's manifest names their files) beside the entry.
   */
  modules: string[];
  /** The page is the storefront's 404 (an unknown path, a policy slug that is none): answered as such. */
  notFound: boolean;
};

/** The storefront's page renderer: React's own server rendering of the whole app at `url`. */
export type PageRenderer = (input: PageInput) => Promise<RenderedPage>;

/** Where `npm run build` writes the renderer, relative to dist/ (dot folders are not served). */
export const PAGE_RENDERER_MODULE = '.ssr/entry-server.js';
