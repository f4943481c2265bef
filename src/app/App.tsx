import { createBrowserRouter, RouterProvider } from 'react-router';
import { liveMachines } from './actors/root.live';
import { AppProviders } from './root-actors';
import { appRoutes } from './routes';

const router = createBrowserRouter(appRoutes);

/** Composition root: the live machines at the root, the router below them. */
export function App() {
  return (
    <AppProviders machines={liveMachines}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
