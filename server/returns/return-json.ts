/**
 * What an order's answer says about returns (docs/returns.md): `Order.returnBy`, each line's `returnable`,
 * `notReturnable` and `exchangeSizes`, and `Order.returns`. The same rules decide a request
 * (./returns.service.ts), so what the page offers is what the server accepts.
 */
import type { OrderItem, Return } from '../../contract/schema';
import { ORDER_STATUS } from '../../shared/order-lifecycle';
import { optionValues } from '../../shared/product-options';
import { exclusionOf, RETURNS_ATTRIBUTE, returnDeadline } from '../../shared/returns';
import type { ProductAttributeRow } from '../db/schema';
import type { OrderEventRow } from '../orders/orders.repository';
import { toRupees } from '../payments/money';
import { refundExpectedBy } from '../payments/refunds.repository';
import type { ReturnRecord } from './returns.repository';

/** Why the Return policy excludes a product with these attributes, or null. */
export function notReturnableOf(
  attributes: readonly ProductAttributeRow[] | null | undefined,
): string | null {
  const found = (attributes ?? []).find((a) => a.key.trim().toLowerCase() === RETURNS_ATTRIBUTE);
  return exclusionOf(found?.values);
}

/** The sizes an exchange of a line in `size` may ask for: the product's others. */
export function exchangeSizesOf(
  attributes: readonly ProductAttributeRow[] | null | undefined,
  size: string | null,
): string[] {
  return optionValues(attributes ?? [], 'size').filter((offered) => offered !== size);
}

/**
 * When an order was delivered: the latest applied move to Delivered among its `events` (its timeline, as
 * `timelinesOf` reads it), or undefined.
 */
export function deliveredAtIn(events: readonly OrderEventRow[]): Date | undefined {
  let at: Date | undefined;
  for (const event of events)
    if (event.toStatus === ORDER_STATUS.delivered && event.applied && (!at || event.at > at)) at = event.at;
  return at;
}

/** The moment returns close for an order: 7 days after delivery, or null when it is not Delivered. */
export function returnByOf(status: number, deliveredAt: Date | undefined): Date | null {
  if (status !== ORDER_STATUS.delivered || !deliveredAt) return null;
  return returnDeadline(deliveredAt);
}

/** Pieces of each line in the order's returns that were not rejected. */
export function returnedByItem(records: readonly ReturnRecord[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const record of records) {
    if (record.row.status === 'rejected') continue;
    for (const line of record.lines)
      taken.set(line.orderItemId, (taken.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return taken;
}

/** The return fields of one order line. */
export function itemReturnJson(
  item: { id: string; quantity: number; size: string | null; attributes?: ProductAttributeRow[] | null },
  open: boolean,
  taken: ReadonlyMap<string, number>,
): Pick<OrderItem, 'returnable' | 'notReturnable' | 'exchangeSizes'> {
  const notReturnable = notReturnableOf(item.attributes);
  const left = Math.max(0, item.quantity - (taken.get(item.id) ?? 0));
  return {
    returnable: open && notReturnable === null ? left : 0,
    notReturnable,
    exchangeSizes: exchangeSizesOf(item.attributes, item.size),
  };
}

/** A return as the contract shows it. */
export function toReturnJson(record: ReturnRecord): Return {
  const { row, refund } = record;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    lines: record.lines.map((line) => ({
      itemId: line.orderItemId,
      quantity: line.quantity,
      size: line.size,
    })),
    amount: toRupees(row.amountPaise),
    refund: refund
      ? {
          amount: toRupees(refund.amountPaise),
          status: refund.status as NonNullable<Return['refund']>['status'],
          expectedBy: refundExpectedBy(refund.createdAt),
        }
      : null,
    refundTo: row.refundAccountHint,
    timeline: record.events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      at: event.at.toISOString(),
      actor: event.actor,
      note: event.note,
    })),
  };
}
