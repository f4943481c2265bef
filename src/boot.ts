/**
 * The page's only script before its first paint (index.html as built: scripts/defer-page-code.ts). The
 * server's HTML is the painted page (React renders it on the server and hydrates it in place); what that
 * paint needs is the stylesheet and the largest image (preloaded in the head). The app's code (the entry
 * and the screen's chunks, 120–200 KB) is asked for once the page has painted and its largest image is
 * in: on a slow phone the two share one connection, and the picture would wait for code that only
 * hydrates what is already shown. The bytes are the same, so the app is ready at about the same moment,
 * and the picture is no longer held back by it (Lighthouse's simulated LCP counted every script
 * requested before the paint: 1.9–2.7 s, docs/performance.md). A tap in between lands on plain HTML:
 * links work natively, and from hydrateRoot on React replays what arrives.
 *
 * A form that posts (one with personal data: src/forms/private-form.ts) submitted before the app runs is
 * held here, what was typed kept in its fields, instead of leaving as a page request; from the app's
 * start on, its submits are React's.
 *
 * Not bundled with the app (its own entry, importing nothing): the app's chunks stay as they were.
 */

/** The head's inert `<link rel=modulepreload>`s: the app's and the screen's (shared/first-screen.ts's PAGE_CODE_TEMPLATE_ID). */
const PAGE_CODE_TEMPLATE_ID = 'page-code';

/** How long the app waits for the first paint and the largest image at most: neither may keep it away. */
const PAINT_WAIT_MS = 1500;

const atMost = (promise: Promise<unknown>): Promise<unknown> =>
  Promise.race([promise, new Promise((done) => setTimeout(done, PAINT_WAIT_MS))]);

/** Resolves once the head's preloaded image (the page's largest) has loaded or failed. */
function largestImage(): Promise<unknown> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if (!link?.href) return Promise.resolve();
  const image = new Image();
  image.src = link.href;
  return image.decode().catch(() => undefined);
}

/** Resolves once the page has painted content (Paint Timing), or after a frame where that is unknown. */
function firstContentfulPaint(): Promise<unknown> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return nextFrame();
  return new Promise<void>((done) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** Resolves after the next frame has been painted (a task queued from an animation frame runs after it). */
function nextFrame(): Promise<void> {
  return new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
}

/** Keeps a posting form's submit from leaving the page while the app is not there to take it. */
function holdPostedForm(event: Event): void {
  if (event.target instanceof HTMLFormElement && event.target.method === 'post') event.preventDefault();
}

/** From here on React takes the submits (it hydrates as the app's module runs: src/main.tsx). */
function releaseForms(): void {
  document.removeEventListener('submit', holdPostedForm, true);
}

/** Makes the template's preloads live (the code downloads in parallel) and imports the app. */
function startApp(): void {
  const template = document.getElementById(PAGE_CODE_TEMPLATE_ID);
  if (template instanceof HTMLTemplateElement) document.head.append(template.content.cloneNode(true));
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  // An app that did not load releases them too: a posted form then reaches the server, which sends the
  // shopper back to the page (and its code is asked for again).
  if (app) void import(/* @vite-ignore */ app).finally(releaseForms);
  else releaseForms();
}

document.addEventListener('submit', holdPostedForm, true);

// A hidden tab paints nothing and runs no animation frames, and a page the server could not render
// (an empty #root: the app renders it) has nothing to paint before the app: nothing to wait for there.
if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) startApp();
else void atMost(Promise.all([firstContentfulPaint(), largestImage()]).then(nextFrame)).then(startApp);
