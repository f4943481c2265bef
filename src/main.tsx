import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady } from './app/App';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// #root holds the prerendered frame (scripts/prerender-shell.tsx) until React's first commit replaces
// it: render once the first screen's chunk is in, so that commit is the whole page, not a blank
// fallback; as a transition, so React renders in slices and the main thread stays responsive.
const reactRoot = createRoot(root);
void routerReady().then(() =>
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
