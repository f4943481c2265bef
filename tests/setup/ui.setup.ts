import Cookies from 'js-cookie';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearPendingToasts } from '../../src/components/ui/toast-queue';
import { toaster } from '../../src/components/ui/toaster';

// jsdom lacks the layout APIs Ark's floating parts and our scroll handling call; in a test they do
// nothing, and jsdom's own window.scrollTo only prints "Not implemented" errors.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Every screen is a lazy chunk (and some of their parts too: the deferred quantity stepper): the first
// render of a route in a file waits for vitest to transform it, which takes more than the default 1 s
// when both cores are busy. findBy* waits up to 10 s: at 5 s the clean-clone CI (the node and ui
// projects side by side) once timed out finding the product page's heading (page-titles.test.tsx).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // The toaster is a module-level store: toasts of one test must not leak into the next.
  toaster.remove();
  clearPendingToasts();
  localStorage.clear();
  sessionStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});
