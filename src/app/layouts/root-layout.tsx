import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DeferredToaster } from '../../components/ui/deferred-toaster';
import { forwardUnauthorized } from '../actors/root.live';
import { useEmitted } from '../emitted';
import { AuthContext, CartContext } from '../root-actors';

/**
 * Every route change scrolls to the top (spec §2): instantly for a new path, smoothly when only the
 * query changes on the same screen (the products list's page change asks for a smooth scroll).
 */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  const previousPath = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: search is a trigger, not an input
  useLayoutEffect(() => {
    const samePath = previousPath.current === pathname;
    previousPath.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: samePath ? 'smooth' : 'instant' });
  }, [pathname, search]);
  return null;
}

/**
 * Turns the root actors' emitted events into toasts and navigation; a 401 anywhere signs out. (Store
 * information's toasts are subscribed to in AppProviders: see StoreInfoToasts.)
 */
function RootEffects() {
  const auth = AuthContext.useActorRef();
  useEmitted(CartContext.useActorRef());
  useEmitted(auth);
  useEffect(() => forwardUnauthorized(auth), [auth]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <RootEffects />
      <Outlet />
      <DeferredToaster />
    </>
  );
}
