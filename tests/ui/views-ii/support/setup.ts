import { afterEach } from 'vitest';
import { toaster } from '../../../../src/components/ui/toaster';

// The toaster is a module singleton: clear it so one test's toasts never satisfy the next test.
afterEach(() => {
  toaster.remove();
});
