import { createContext, useContext, useEffect } from 'react';
import type { Params, RouteMatch, RouteObject } from 'react-router';
import type { StoreInfo } from '../../machines/store-info.machine';

/**
 * A route's document title (read by MainLayout): worked out from its params and the store, or
 * `'screen'` when the screen sets it from its machine's state with `useDocumentTitle`. A route
 * without one is titled with the store name.
 */
export type RouteHandle = {
  title?: ((args: { params: Params; store: StoreInfo | null }) => string) | 'screen';
};

/**
 * The tab's title; null leaves it as it is (a product still loading keeps the title the server sent,
 * or the page before's, rather than flashing the store name).
 */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

export type AppRouteMatch = RouteMatch<string, RouteObject>;

/** The routes matching the location, root first (AppRoutes in src/app/routes.tsx provides them). */
export const RouteMatchesContext = createContext<AppRouteMatch[]>([]);

/** What a data router's `useMatches` gives: each matching route's params and `handle`, root first. */
export function useRouteMatches(): AppRouteMatch[] {
  return useContext(RouteMatchesContext);
}
