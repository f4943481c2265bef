import { afterEach } from 'vitest';
import { toaster } from '../../../../src/components/ui/toaster';

// jsdom lacks the layout APIs Ark's floating parts (Select) call; they do nothing in a test anyway.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollTo ??= function scrollTo() {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};

// The toaster is a module singleton: clear it so one test's toasts never satisfy the next test.
afterEach(() => {
  toaster.remove();
});
