/**
 * The app's toast entry point, without the toaster: `showToast` is called from the shell (emitted
 * machine events) on every page, but the Ark toaster (zag's toast machine, ~20 KB) is only needed
 * once there is something to show. Toasts wait here until <AppToaster> has mounted and attached
 * itself; <LazyToaster> (./lazy-toaster.tsx) loads it on the first toast.
 */
import type { ToastEmitted } from '../../../machines/events';

export type ToastInput = {
  title: string;
  description?: string | undefined;
  type?: 'success' | 'error' | 'info' | 'warning';
  /** A button on the toast (Undo). */
  action?: { label: string; onClick: () => void } | undefined;
  /** The path of the page the toast speaks about (set when shown; a navigation it came with moves it). */
  page?: string | undefined;
};

/** Delivers a toast to the toaster; returns how to take it down again. */
type Sink = (toast: ToastInput) => (() => void) | undefined | undefined;

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
/** Toasts on screen that can be taken down, newest last (a few are enough: the toaster shows 4). */
const live = new Map<ToastInput, () => void>();
const LIVE_KEPT = 12;
/** Toasts shown in the current task: a navigation in the same task takes them along to its page. */
let recent: ToastInput[] = [];

/**
 * The router's path as the shell last reported it (`leavePage`). Before that report a toast belongs to
 * no page (the store information failing at start speaks about the whole shop) and no page change takes
 * it down. The router's path, not `window.location`: the two differ under a memory router.
 */
let currentPage: string | undefined;

function deliver(to: Sink, toast: ToastInput) {
  const dismiss = to(toast);
  if (!dismiss) return;
  live.set(toast, dismiss);
  for (const old of live.keys()) {
    if (live.size <= LIVE_KEPT) break;
    live.delete(old);
  }
}

export function showToast(input: ToastInput): void {
  const page = input.page ?? currentPage;
  const toast: ToastInput = { ...input, ...(page !== undefined ? { page } : {}) };
  recent.push(toast);
  if (recent.length === 1)
    queueMicrotask(() => {
      recent = [];
    });
  if (sink) {
    deliver(sink, toast);
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
  for (const toast of waiting) deliver(next, toast);
  return () => {
    if (sink === next) sink = null;
  };
}

/**
 * A navigation emitted together with toasts (the cart's 'Login Required', then /login) takes them
 * along: they speak about the page it leads to, so `leavePage` keeps them there.
 */
export function carryRecentToasts(to: string): void {
  const page = new URL(to, 'http://shop.invalid').pathname;
  for (const toast of recent) toast.page = page;
}

/**
 * The shopper is now on `pathname`: an error toast about another page (the checkout's 'Please fill
 * all fields' once the payment page shows) is taken down, or dropped if it has not shown yet.
 */
export function leavePage(pathname: string): void {
  currentPage = pathname;
  const stale = (toast: ToastInput) =>
    toast.type === 'error' && toast.page !== undefined && toast.page !== pathname;
  pending = pending.filter((toast) => !stale(toast));
  for (const [toast, dismiss] of live) {
    if (!stale(toast)) continue;
    live.delete(toast);
    dismiss();
  }
}

/** Drops toasts that are still waiting (tests: nothing of one test may show in the next). */
export function clearPendingToasts(): void {
  pending = [];
  recent = [];
  live.clear();
  currentPage = undefined;
}
