import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, routerReady, startStorefront } from './app/App';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// #root holds the prerendered frame (scripts/prerender-shell.tsx) until React's first commit replaces
// it: render once the first screen's chunk is in, so that commit is the whole page, not a blank
// fallback; as a transition, so React renders in slices and the main thread stays responsive.
// Each step in a task of its own (evaluating the modules, starting the machines, rendering), so a slow
// phone's main thread is never blocked by all three at once.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const reactRoot = createRoot(root);
void nextTask()
  .then(() => {
    startStorefront();
    return routerReady();
  })
  .then(nextTask)
  .then(() =>
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
