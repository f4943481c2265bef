import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAGE_PARTS_ATTRIBUTE } from '../shared/first-screen';
import { App } from './app/App';
import { preloadScreens } from './app/routes';
import { loadParts } from './components/lazy-part';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The screen's chunks, then those of the lazy parts the server rendered (named on #root, defined by the
 * screen's modules or the app's): the server preloads all of them with the page, so this is the time
 * they take to run, not to download. Hydrating before they are in would leave those parts waiting as
 * server markup, and an update reaching one before its chunk (the cart's count in the header) makes
 * React throw its markup away and render it anew, with what was typed into it.
 */
async function pageCode(): Promise<void> {
  await preloadScreens(window.location);
  await loadParts(root?.getAttribute(PAGE_PARTS_ATTRIBUTE)?.split(' ').filter(Boolean) ?? []);
}

// The server rendered the page (src/entry-server.tsx): React hydrates it in place — the same nodes, no
// second page — and from then on a tap or a keystroke is React's. src/boot.ts imports this module once
// the page has painted, with the page's chunks named beside it (server/web/page-head.ts). A page without
// server markup (`npm run dev`) is rendered once the screen's chunk is in, so the first commit is the
// whole page, not a blank fallback. A chunk that failed to load does not hold the page back: its part
// throws when rendered, and the error boundary around it says so.
//
// Hydration is a transition: React then hydrates in slices, yielding to the browser between them, and
// a tap or a key meanwhile makes it hydrate the part under it at once, as its event needs. (Lighthouse's
// TBT did not move measurably with it: docs/perf-log/2026-12.md.)
const code = pageCode().catch(() => undefined);
if (root.firstElementChild) void code.then(() => startTransition(() => void hydrateRoot(root, <App />)));
else void code.then(() => createRoot(root).render(<App />));
