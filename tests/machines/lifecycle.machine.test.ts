import { expect } from 'vitest';
import { nextStatus, ORDER_STATUS, type OrderLifecycleEventType } from '../../shared/order-lifecycle';
import { modelNamed } from './support/models';
import { describeModel } from './support/suite';

// The order lifecycle emits nothing and holds no context: each step must move the status exactly as
// `nextStatus` (what the server runs) says, whoever acts.
describeModel(modelNamed('lifecycle'), () => [], {
  shows: ({ event, from, to }) => {
    if (!from) return;
    const before = ORDER_STATUS[from.value as keyof typeof ORDER_STATUS];
    expect(ORDER_STATUS[to.value as keyof typeof ORDER_STATUS]).toBe(
      nextStatus(before, event.type as OrderLifecycleEventType),
    );
  },
});
