/**
 * The first screen of /products and /product/{id}, rendered on the server. The server (server/page-head.ts)
 * puts the markup a renderer returns into the page's prerendered frame and embeds the API answer it was
 * rendered from as a JSON data block; the client's machines start from that answer
 * (src/app/actors/first-answer.ts), so React's first render is the page already on the screen. The
 * renderer is the client's own views (src/app/first-screen.tsx), built for Node by `npm run build`
 * into dist/.ssr/ and loaded by the server from there, so server/ never imports src/.
 */

/** The id of the JSON block that carries the answer. */
export const FIRST_ANSWER_ID = 'first-answer';

/** The answer a page was rendered from, as the JSON block carries it. */
export type FirstAnswer =
  /** GET /products/{id} (the contract's Product), for /product/{id}. */
  | { route: 'product'; id: string; answer: unknown }
  /** GET /products?page=…&limit=12&facets=true and the page's filters (a ProductPage), for /products?{search}. */
  | { route: 'products'; search: string; answer: unknown };

export type FirstScreenInput = FirstAnswer & {
  /** The page's path and query, as the browser asked for it (the header marks its link as current). */
  url: string;
  /** The store information the page is served with (the contract's StoreInfo). */
  store: unknown;
};

/** The storefront frame with the page's first screen in it: the markup that goes inside #root. */
export type FirstScreenRenderer = (input: FirstScreenInput) => string;

/** Where `npm run build` writes the renderer, relative to dist/ (dot folders are not served). */
export const FIRST_SCREEN_MODULE = '.ssr/first-screen.js';

/**
 * A tap on a control of the prerendered frame (a size, Add to Cart, a filter box) before the app has
 * taken over does nothing by itself: the boot script (scripts/route-preload.ts) keeps it, as the path of
 * element-child indices from the frame to the control and the control's name (its tag and label or
 * text), in this window property, and the app clicks the same control of its own first render once
 * that is on the screen (src/app/frame-clicks.ts).
 */
export const FRAME_CLICKS = '__statefrontFrameClicks';

/** One kept tap. */
export type FrameClick = { path: number[]; name: string };

/** The controls whose taps are kept (links are left to the browser: they work as they are). */
export const FRAME_CONTROLS =
  'button,input,label,select,textarea,summary,[role=button],[role=radio],[role=checkbox],[role=tab]';
