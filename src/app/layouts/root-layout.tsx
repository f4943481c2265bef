import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LazyToaster } from '../../components/ui/lazy-toaster';
import { leavePage } from '../../components/ui/toast-queue';
import { dropFirstAnswer } from '../actors/first-answer';
import { QUICK_VIEW_PARAM } from '../quick-view-param';

/**
 * Every route change scrolls to the top (spec §2): instantly for a new path, smoothly when only the
 * query changes on the same screen (the products list's page change asks for a smooth scroll).
 * Opening or closing Quick View (`?quick=`) is not a change of page: the list stays where it was.
 */
function ScrollToTop() {
  const location = useLocation();
  const { pathname } = location;
  const params = new URLSearchParams(location.search);
  params.delete(QUICK_VIEW_PARAM);
  const search = params.toString();
  const previousPath = useRef(pathname);
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: search is a trigger, not an input
  useLayoutEffect(() => {
    // The page's own load is the browser's to place (the top, or where a reload or Back left it): the
    // server's page may already have been scrolled when it hydrates. Only the app's route changes scroll.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const samePath = previousPath.current === pathname;
    previousPath.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: samePath ? 'smooth' : 'instant' });
  }, [pathname, search]);
  return null;
}

/** A page's error toast does not follow the shopper to the next page (toasts sent along with the move do). */
function PageToasts() {
  const { pathname } = useLocation();
  useEffect(() => leavePage(pathname), [pathname]);
  return null;
}

/**
 * The answer the server rendered the first page with (src/app/actors/first-answer.ts) is that page's
 * only: once the shopper navigates, every screen asks the API again.
 */
function FirstAnswerScope() {
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') dropFirstAnswer();
  }, [key]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <PageToasts />
      <FirstAnswerScope />
      <Outlet />
      <LazyToaster />
    </>
  );
}
