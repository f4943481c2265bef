/**
 * The statuses and kinds of a return, and how the pages and mail name each status: no rules and no
 * library, so a page that only shows returns (My Orders) carries these lines and nothing else
 * (shared/return-lifecycle.ts moves a return between them; shared/returns.ts holds the policy's rules).
 */

/** The statuses of a return, in the order a return goes through them. */
export const RETURN_STATUSES = [
  'requested',
  'pickupScheduled',
  'pickedUp',
  'received',
  'refunded',
  'exchanged',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** Each status as the order pages and the mail name it. */
export const RETURN_STATUS_LABEL: Record<ReturnStatus, string> = {
  requested: 'Requested',
  pickupScheduled: 'Pickup scheduled',
  pickedUp: 'Picked up',
  received: 'Received at our warehouse',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
  rejected: 'Not accepted',
};
