import { describe, expect, it } from 'vitest';
import { nextStatus } from '../../shared/order-lifecycle';
import { CANCELLABLE_STATUSES, ORDER_STATUS } from '../../shared/order-status';

describe('shared/order-status.ts', () => {
  it('lists as cancellable exactly the statuses the order lifecycle lets be cancelled', () => {
    for (const code of Object.values(ORDER_STATUS))
      expect(CANCELLABLE_STATUSES.includes(code), `status ${code}`).toBe(
        nextStatus(code, 'order.cancelled') !== null,
      );
  });
});
