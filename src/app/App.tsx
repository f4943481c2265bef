import { type ReactNode, StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import type { FirstAnswer } from '../../shared/first-screen';
import { firstAnswer } from './actors/first-answer';
import { liveMachines } from './actors/root.live';
import { type AppActor, type AppMachines, AppProviders, createApp, type StartAppOptions } from './app-actor';
import { devInspector } from './dev-inspector';
import { FirstAnswerContext } from './first-answer-context';
import { createNavigator } from './navigator';
import { AppRoutes } from './routes';
import { ShopOriginContext } from './shop-origin';

const { navigate, NavigatorBridge } = createNavigator();

/** The one actor system of the page: the app actor and its children, started once the page has hydrated. */
const options: StartAppOptions = { navigate };
// `npm run dev` with ?inspect: every actor in the Stately inspector. A production build drops the whole
// statement (not one byte on the home page) and with it the inspector package's dynamic import.
if (import.meta.env.DEV) options.inspect = devInspector();
let app: AppActor | null = null;

/** The browser's app actor, created once (not started: see `App`). */
function storefront(): AppActor {
  app ??= createApp(liveMachines, options);
  return app;
}

type StorefrontProps = {
  app: AppActor;
  machines: AppMachines;
  /** The router: BrowserRouter in the browser, StaticRouter at the page's URL on the server. */
  children: ReactNode;
  /** The page's first answer (server: the render's input; browser: the document's block). */
  firstAnswer: () => FirstAnswer | null;
  /** The shop's origin (server: the one the page is rendered for; browser: its own). */
  origin: string;
};

/**
 * The storefront's React tree, the same in the browser and on the server (src/entry-server.tsx), so
 * React hydrates the server's markup node for node: the app actor at the root, the router below it —
 * React Router in declarative mode (its data router would add ≈ 13.5 KB brotli to the home page, for
 * loaders and actions we do not use).
 */
export function Storefront({ app, machines, children, firstAnswer, origin }: StorefrontProps) {
  return (
    <StrictMode>
      <ShopOriginContext.Provider value={origin}>
        <FirstAnswerContext.Provider value={firstAnswer}>
          <AppProviders app={app} machines={machines}>
            {children}
          </AppProviders>
        </FirstAnswerContext.Provider>
      </ShopOriginContext.Provider>
    </StrictMode>
  );
}

/** The routes under a router, as both renders have them. */
export function StorefrontRoutes() {
  return (
    <>
      <NavigatorBridge />
      <AppRoutes />
    </>
  );
}

/**
 * The browser's storefront: hydrates the page the server rendered (src/main.tsx). The app actor is in
 * its first state during that render, as on the server, and starts right after it (StartApp, in
 * src/app/routes.tsx): then the cart, session and wishlist are read from the browser and the page
 * updates (the cart badge, the account link).
 */
export function App() {
  const actor = storefront();
  return (
    <Storefront app={actor} machines={liveMachines} firstAnswer={firstAnswer} origin={window.location.origin}>
      <BrowserRouter>
        <StorefrontRoutes />
      </BrowserRouter>
    </Storefront>
  );
}
