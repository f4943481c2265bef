/**
 * What My Orders asks of an order's returns (docs/returns.md): whether it offers one, and how a return
 * is named and says where its money goes. Apart from ./orders.model.ts, which every order page loads
 * (payment, Track Order), so that only My Orders downloads them.
 */

import type { ReturnKind } from '../shared/return-status';
import { type DisplayOrder, type DisplayReturn, refundText } from './orders.model';

/** Order status 3 (spec §4). */
const DELIVERED = 3;

/**
 * Whether the order offers a return or exchange (the Return policy, docs/returns.md): Delivered, still
 * within its window (the server's `returnBy`), with a line that has pieces left to return. The server
 * has the last word (it answers 409 once the window has passed).
 */
export function offersReturn(order: Pick<DisplayOrder, 'status' | 'returnBy' | 'items'>): boolean {
  return (
    order.status === DELIVERED &&
    Boolean(order.returnBy) &&
    order.items.some((item) => (item.returnable ?? 0) > 0)
  );
}

/** `offersReturn`, and its `returnBy` not yet past at `now` (a page left open past the deadline). */
export function returnWindowOpen(
  order: Pick<DisplayOrder, 'status' | 'returnBy' | 'items'>,
  now: Date,
): boolean {
  const by = order.returnBy ? Date.parse(order.returnBy) : Number.NaN;
  return offersReturn(order) && !(by <= now.getTime());
}

/** Whether any returnable line of the order has another size to exchange for. */
export function offersExchange(order: Pick<DisplayOrder, 'items'>): boolean {
  return order.items.some((item) => (item.returnable ?? 0) > 0 && (item.exchangeSizes?.length ?? 0) > 0);
}

/** 'Return' or 'Exchange': how a return is named on the card and in its toast. */
export const returnKindWord = (kind: ReturnKind): string => (kind === 'exchange' ? 'Exchange' : 'Return');

/** The newest return of an order (the one a request just added), or null when it has none. */
export function newestReturn(order: Pick<DisplayOrder, 'returns'>): DisplayReturn | null {
  return order.returns?.at(-1) ?? null;
}

/**
 * What a return says of its money: for an order paid online the refund through its gateway once it is
 * under way (`refundText`); for cash on delivery the account it goes to ('Refund to UPI a•••@okicici').
 * Null for an exchange and a refused return.
 */
export function returnRefundText(
  r: Pick<DisplayReturn, 'kind' | 'status' | 'refund' | 'refundTo'>,
): string | null {
  if (r.kind !== 'return' || r.status === 'rejected') return null;
  if (r.refund) return refundText(r.refund);
  if (r.refundTo) return `${r.status === 'refunded' ? 'Refunded' : 'Refund'} to ${r.refundTo}`;
  return null;
}
