import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreens } from './app/routes';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The server rendered the page (src/entry-server.tsx): React hydrates it in place — the same nodes, no
// second page. src/boot.ts imports this module once the page has painted (and its largest image is
// in), with the screen's chunks the server named beside it (server/page-head.ts). Hydration starts as
// soon as it runs: from then on a tap or a keystroke is React's, and one that lands on a part still
// waiting for its chunk is replayed once that part has hydrated.
const screen = preloadScreens(window.location);
if (root.firstElementChild) hydrateRoot(root, <App />);
// A page without server markup (`npm run dev`): render once the screen's chunk is in, so the first
// commit is the whole page, not a blank fallback.
else void screen.then(() => createRoot(root).render(<App />));
