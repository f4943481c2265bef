import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DeferredToaster } from '../../components/ui/deferred-toaster';

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

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <DeferredToaster />
    </>
  );
}
