/**
 * An order's statuses as the contract numbers them (spec §4 Order status codes), how the shop names and
 * colours each, and which ones may still be cancelled: no library, so the order pages carry these lines
 * and not the lifecycle machine (shared/order-lifecycle.ts, which the server runs, re-exports them).
 */

export const ORDER_STATUS = {
  pending: 0,
  processing: 1,
  shipped: 2,
  delivered: 3,
  cancelled: 4,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusCode = (typeof ORDER_STATUS)[OrderStatusName];

/** The badge tones a status is shown in (src/theme/recipes/badge.recipe.ts generates them). */
export type StatusColor = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'gray';

/**
 * Each status as the shop names and colours it (spec §4 Order status codes): the order pages' badges
 * (machines/orders.model.ts) and the fulfilment API's refusals say the same words.
 */
export const ORDER_STATUS_LOOK: Record<OrderStatusCode, { label: string; color: StatusColor }> = {
  0: { label: 'Pending', color: 'yellow' },
  1: { label: 'Processing', color: 'blue' },
  2: { label: 'Shipped', color: 'purple' },
  3: { label: 'Delivered', color: 'green' },
  4: { label: 'Cancelled', color: 'red' },
};

/**
 * The statuses the lifecycle still lets be cancelled (Pending, Processing): its answer to
 * `order.cancelled`, written out for the pages; tests/shared/order-status.test.ts checks it against
 * the machine, so the rule stays the machine's.
 */
export const CANCELLABLE_STATUSES: readonly OrderStatusCode[] = [
  ORDER_STATUS.pending,
  ORDER_STATUS.processing,
];
