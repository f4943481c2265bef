import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { liveMachines } from './actors/root.live';
import { AppProviders, type StartAppOptions, startApp } from './app-actor';
import { devInspector } from './dev-inspector';
import { replayFrameClicks } from './frame-clicks';
import { createNavigator } from './navigator';
import { AppRoutes, preloadScreens } from './routes';

const { navigate, NavigatorBridge } = createNavigator();

/** The one actor system of the page: the app actor and its children, started before the first render. */
const options: StartAppOptions = { navigate };
// `npm run dev` with ?inspect: every actor in the Stately inspector. A production build drops the whole
// statement (not one byte on the home page) and with it the inspector package's dynamic import.
if (import.meta.env.DEV) options.inspect = devInspector();
let app: ReturnType<typeof startApp> | null = null;

/**
 * Starts the app actor, once. src/main.tsx calls it in a task of its own after the modules have run, so
 * on a slow phone evaluating the bundle, starting the machines and React's first render are three
 * shorter tasks rather than one long one (the page stays responsive between them).
 */
export function startStorefront() {
  app ??= startApp(liveMachines, options);
  return app;
}

/** Resolves once the first screen's chunk (preloaded by the boot script) is in, or has failed to load. */
export function routerReady(): Promise<void> {
  return preloadScreens(window.location.pathname);
}

/**
 * Composition root: the app actor at the root, the router below it — React Router in declarative mode
 * (its data router would add ≈ 13.5 KB brotli to the home page, for loaders and actions we do not use).
 */
export function App() {
  // After the first commit (the frame replaced, the screen's machines started): repeat the taps the
  // frame received meanwhile.
  useEffect(() => {
    const root = document.getElementById('root');
    if (root) void replayFrameClicks(root);
  }, []);
  return (
    <AppProviders app={startStorefront()} machines={liveMachines}>
      <BrowserRouter>
        <NavigatorBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
