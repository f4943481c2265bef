import { useSyncExternalStore } from 'react';

/** Below the md breakpoint the phone layout applies (the tab bar shows; spec §2 "below 768 px"). */
const PHONE_QUERY = '(max-width: 767px)';

const query = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the phone layout applies now. For parts that must exist once only (a second Checkout button
 * hidden by CSS would still be found by tests and assistive tools that ignore styles).
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}

/**
 * Whether the wide layout is known to apply: false on the server, while hydrating and on a phone. For parts
 * that only a wide screen shows and that cost a download and a mount (the header's "All categories" menu):
 * a phone never loads them, and a wide screen mounts them just after hydration.
 */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches === false,
    () => false,
  );
}
