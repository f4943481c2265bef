import { createBrowserRouter, RouterProvider } from 'react-router';
import { liveMachines } from './actors/root.live';
import { AppProviders, type StartAppOptions, startApp } from './app-actor';
import { devInspector } from './dev-inspector';
import { appRoutes } from './routes';

export const router = createBrowserRouter(appRoutes);

/** The one actor system of the page: the app actor and its children, started before the first render. */
const options: StartAppOptions = { navigate: (to, navigateOptions) => router.navigate(to, navigateOptions) };
// `npm run dev` with ?inspect: every actor in the Stately inspector. A production build drops the whole
// statement (not one byte on the home page) and with it the inspector package's dynamic import.
if (import.meta.env.DEV) options.inspect = devInspector();
const app = startApp(liveMachines, options);

/** Resolves once the router has loaded the first screen's lazy route (its chunk is preloaded). */
export function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Composition root: the app actor at the root, the router below it. */
export function App() {
  return (
    <AppProviders app={app} machines={liveMachines}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
