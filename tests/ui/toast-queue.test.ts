import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachToastSink,
  clearPendingToasts,
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
    detach = attachToastSink((toast) => delivered.push(toast.title));
    expect(delivered).toEqual(['first', 'second']);
    showToast({ title: 'third' });
    expect(delivered).toEqual(['first', 'second', 'third']);
    unsubscribe();
  });

  it('queues again once the toaster has unmounted', () => {
    const delivered: string[] = [];
    const off = attachToastSink((toast) => delivered.push(toast.title));
    off();
    showToast({ title: 'while unmounted' });
    expect(delivered).toEqual([]);
    detach = attachToastSink((toast) => delivered.push(`again: ${toast.title}`));
    expect(delivered).toEqual(['again: while unmounted']);
  });
});
