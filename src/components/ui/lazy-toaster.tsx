import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastRequests, toastRequested } from './toast-queue';

const AppToaster = lazy(() => import('./toaster').then((module) => ({ default: module.AppToaster })));

/** Mounts the app's toaster (and downloads its code) when the first toast is requested. */
export function LazyToaster() {
  const requested = useSyncExternalStore(subscribeToastRequests, toastRequested, toastRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
