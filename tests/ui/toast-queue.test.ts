import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachToastSink,
  carryRecentToasts,
  clearPendingToasts,
  leavePage,
  showToast,
  subscribeToastRequests,
  toastRequested,
} from '../../src/components/ui/toast-queue';

describe('toast queue (the toaster loads on the first toast)', () => {
  let detach: (() => void) | undefined;
  afterEach(() => {
    detach?.();
    clearPendingToasts();
  });

  it('keeps toasts until the toaster attaches, then delivers them in order and later ones at once', () => {
    const delivered: string[] = [];
    const listener = vi.fn();
    const unsubscribe = subscribeToastRequests(listener);
    showToast({ title: 'first' });
    showToast({ title: 'second', type: 'error' });
    expect(delivered).toEqual([]);
    expect(toastRequested()).toBe(true);
    detach = attachToastSink((toast) => void delivered.push(toast.title));
    expect(delivered).toEqual(['first', 'second']);
    showToast({ title: 'third' });
    expect(delivered).toEqual(['first', 'second', 'third']);
    unsubscribe();
  });

  it('queues again once the toaster has unmounted', () => {
    const delivered: string[] = [];
    const off = attachToastSink((toast) => void delivered.push(toast.title));
    off();
    showToast({ title: 'while unmounted' });
    expect(delivered).toEqual([]);
    detach = attachToastSink((toast) => void delivered.push(`again: ${toast.title}`));
    expect(delivered).toEqual(['again: while unmounted']);
  });

  it("takes a page's error toast down when the shopper reaches another page, and keeps the rest", () => {
    window.history.replaceState(null, '', '/checkout');
    leavePage('/checkout'); // the shell reports the page it shows
    const dismissed: string[] = [];
    detach = attachToastSink((toast) => () => void dismissed.push(toast.title));
    showToast({ title: 'Please fill all fields', type: 'error' });
    showToast({ title: 'Cart updated', type: 'success' });
    leavePage('/checkout');
    expect(dismissed).toEqual([]);
    window.history.replaceState(null, '', '/payment');
    leavePage('/payment');
    expect(dismissed).toEqual(['Please fill all fields']);
  });

  it('keeps an error toast sent along with a navigation on the page it leads to', async () => {
    window.history.replaceState(null, '', '/product/p1');
    leavePage('/product/p1'); // the shell reports the page it shows
    const dismissed: string[] = [];
    detach = attachToastSink((toast) => () => void dismissed.push(toast.title));
    showToast({ title: 'Session expired', type: 'error' });
    carryRecentToasts('/login?from=%2Fcheckout');
    leavePage('/login');
    expect(dismissed).toEqual([]);
    // A later navigation in another task does not take the earlier toast along.
    await Promise.resolve();
    carryRecentToasts('/cart');
    leavePage('/cart');
    expect(dismissed).toEqual(['Session expired']);
  });

  it('drops a waiting error toast of a page the shopper already left', () => {
    window.history.replaceState(null, '', '/checkout');
    leavePage('/checkout'); // the shell reports the page it shows
    showToast({ title: 'Please fill all fields', type: 'error' });
    leavePage('/payment');
    const delivered: string[] = [];
    detach = attachToastSink((toast) => void delivered.push(toast.title));
    expect(delivered).toEqual([]);
  });
});
