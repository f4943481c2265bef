/**
 * The app's toast entry point, without the toaster: `showToast` is called from the shell (emitted
 * machine events) on every page, but the Ark toaster (zag's toast machine, ~20 KB) is only needed
 * once there is something to show. Toasts wait here until <AppToaster> has mounted and attached
 * itself; <DeferredToaster> loads it on the first toast.
 */
import type { ToastEmitted } from '../../../machines/events';

export type ToastInput = {
  title: string;
  description?: string | undefined;
  type?: 'success' | 'error' | 'info' | 'warning';
};

type Sink = (toast: ToastInput) => void;

/** A machine's emitted toast as the toaster takes it. */
export function toastInputOf(event: ToastEmitted): ToastInput {
  return {
    title: event.title,
    description: event.description,
    type: event.variant === 'error' ? 'error' : event.variant === 'success' ? 'success' : 'info',
  };
}

let sink: Sink | null = null;
let pending: ToastInput[] = [];
let requested = false;
const listeners = new Set<() => void>();

export function showToast(toast: ToastInput): void {
  if (sink) {
    sink(toast);
    return;
  }
  pending.push(toast);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Whether any toast has been asked for yet (so the toaster must load). */
export function toastRequested(): boolean {
  return requested;
}

export function subscribeToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted toaster: delivers the toasts that waited, then every later one directly. */
export function attachToastSink(next: Sink): () => void {
  sink = next;
  const waiting = pending;
  pending = [];
  for (const toast of waiting) next(toast);
  return () => {
    if (sink === next) sink = null;
  };
}

/** Drops toasts that are still waiting (tests: nothing of one test may show in the next). */
export function clearPendingToasts(): void {
  pending = [];
}
