import { createBrowserRouter, RouterProvider } from 'react-router';
import { liveMachines } from './actors/root.live';
import { AppProviders } from './root-actors';
import { appRoutes } from './routes';

export const router = createBrowserRouter(appRoutes);

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

/** Composition root: the live machines at the root, the router below them. */
export function App() {
  return (
    <AppProviders machines={liveMachines}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
