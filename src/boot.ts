/**
 * The page's only script before its first paint (index.html as built: scripts/defer-page-code.ts). The
 * server's HTML is the painted page (React renders it on the server and hydrates it in place); what that
 * paint needs is the stylesheet (and the largest image, preloaded in the head). The app's code — the
 * entry and the page's chunks, 120–200 KB — is asked for as soon as the page has painted, so that on a
 * slow phone it does not share the connection with the stylesheet the paint waits for. No timer and no
 * other wait: the first paint is an event the page reaches on its own. A tap in between lands on plain
 * HTML: links work natively, and a form is inert until the app has hydrated it (its submit button is
 * disabled until then: SubmitButton in src/components/ui/button.tsx; docs/architecture.md).
 *
 * Not bundled with the app (its own entry, importing nothing): the app's chunks stay as they were.
 */

/** The head's inert `<link rel=modulepreload>`s: the app's and the page's (shared/first-screen.ts's PAGE_CODE_TEMPLATE_ID). */
const PAGE_CODE_TEMPLATE_ID = 'page-code';

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

/** Makes the template's preloads live (the code downloads in parallel) and imports the app. */
function startApp(): void {
  const template = document.getElementById(PAGE_CODE_TEMPLATE_ID);
  if (template instanceof HTMLTemplateElement) document.head.append(template.content.cloneNode(true));
  const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (app) void import(/* @vite-ignore */ app);
}

// A hidden tab paints nothing and runs no animation frames, and a page the server could not render
// (an empty #root: the app renders it) has nothing to paint before the app: nothing to wait for there.
if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) startApp();
else void firstContentfulPaint().then(startApp);
