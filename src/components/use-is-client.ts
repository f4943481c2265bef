import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and in the render that hydrates its markup, true from the next render on: for
 * the few parts only a browser can render (what needs the DOM or `window.location`), which the server
 * and the hydrating render show as a placeholder, so the two renders agree node for node.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
