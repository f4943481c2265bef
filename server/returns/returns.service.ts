/**
 * Requesting a return or a size exchange (docs/returns.md, the Return policy): one transaction locks the
 * order, checks the request against the policy (Delivered, within 7 days of delivery, lines the policy
 * does not exclude, pieces not already in a return), and writes the return, its first move and its mail.
 * The rules are the ones the order's answer shows (./return-json.ts).
 */
import type { ReturnRequest } from '../../contract/schema';
import { ORDER_STATUS_LOOK, type OrderStatusCode } from '../../shared/order-lifecycle';
import {
  EXCHANGE_REASONS,
  maskRefundAccount,
  normaliseRefundAccount,
  RETURN_REASONS,
  type RefundAccount,
  type ReturnReason,
} from '../../shared/returns';
import type { AppContext } from '../context';
import { OrderStatus } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { cashOnDeliveryOf, itemsOfOrders, lockOrder, timelinesOf } from '../orders/orders.repository';
import { newPaymentReference } from '../payments/ids';
import { sealAccount } from './account-cipher';
import { deliveredAtIn, exchangeSizesOf, notReturnableOf, returnByOf, returnedByItem } from './return-json';
import { insertReturn, type NewReturn, returnsOfOrders } from './returns.repository';

const ORDER_NOT_FOUND = 'Order not found or access denied';

/** 'RT-' + 12 Crockford base32 characters (60 random bits): not guessable, readable over the phone. */
function newReturnId(): string {
  return `RT-${newPaymentReference().slice(3, 15)}`;
}

/** '14 December 2026, 6:30 pm': when the return window closed, in India's time. */
function closedAt(deadline: Date): string {
  return deadline.toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The refund account of a return, normalised, or a 400 naming the field. */
function refundAccountOf(request: ReturnRequest, cashOnDelivery: boolean): RefundAccount | null {
  const given = request.refundTo;
  if (request.kind === 'exchange' || !cashOnDelivery) {
    if (given)
      throw badRequest('refundTo is only for the return of an order paid by cash on delivery', 'refundTo');
    return null;
  }
  if (!given)
    throw badRequest(
      'This order was paid on delivery: give a UPI ID or a bank account for the refund',
      'refundTo',
    );
  const checked = normaliseRefundAccount(given);
  if (!checked.ok) throw badRequest(checked.error, `refundTo.${checked.field}`);
  return checked.account;
}

/**
 * The shopper's return or exchange of lines of their delivered order. Throws the HTTP error to answer:
 * 404 for no such order of theirs, 409 for what the policy refuses, 400 for a request that cannot be meant.
 */
export async function requestReturn(
  ctx: Pick<AppContext, 'db' | 'config'>,
  userId: string,
  orderId: string,
  request: ReturnRequest,
): Promise<void> {
  if (!(RETURN_REASONS as readonly string[]).includes(request.reason))
    throw badRequest(`reason must be one of: ${RETURN_REASONS.join(', ')}`, 'reason');
  if (request.kind === 'exchange' && !EXCHANGE_REASONS.includes(request.reason as ReturnReason))
    throw badRequest(
      `An exchange is for a size that does not fit: ${EXCHANGE_REASONS.join(' or ')}`,
      'reason',
    );
  const seen = new Set<string>();
  request.lines.forEach((line, i) => {
    if (seen.has(line.itemId)) throw badRequest(`lines[${i}].itemId: each line once`, `lines[${i}].itemId`);
    seen.add(line.itemId);
  });
  const note = request.note?.trim() ? request.note.trim() : null;
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== OrderStatus.Delivered)
      throw conflict(
        `Only a delivered order can be returned; order ${orderId} is ${ORDER_STATUS_LOOK[order.status as OrderStatusCode]?.label ?? 'not delivered'}.`,
      );
    const now = new Date();
    // The same reads as the order's answer (server/orders/order-json.ts), so the rules see what it shows.
    const [timelines, itemsByOrder, records, cod] = await Promise.all([
      timelinesOf(tx, [orderId]),
      itemsOfOrders(tx, [orderId]),
      returnsOfOrders(tx, [orderId]),
      cashOnDeliveryOf(tx, [orderId]),
    ]);
    const deadline = returnByOf(order.status, deliveredAtIn(timelines.get(orderId) ?? []));
    if (!deadline || deadline <= now)
      throw conflict(
        deadline
          ? `Returns for order ${orderId} closed on ${closedAt(deadline)}, 7 days after delivery (Return policy).`
          : `Order ${orderId} has no delivery date, so it cannot be returned here; write to us instead.`,
      );
    const items = itemsByOrder.get(orderId) ?? [];
    const taken = returnedByItem(records.get(orderId) ?? []);
    let amountPaise = 0;
    const lines = request.lines.map((line, i) => {
      const item = items.find((candidate) => candidate.id === line.itemId);
      if (!item)
        throw badRequest(`lines[${i}].itemId: order ${orderId} has no such line`, `lines[${i}].itemId`);
      const productAttributes = item.attributes;
      const excluded = notReturnableOf(productAttributes);
      if (excluded) throw conflict(`${item.productTitle}: ${excluded}`);
      const left = item.quantity - (taken.get(item.id) ?? 0);
      if (line.quantity > left)
        throw conflict(
          left === 0
            ? `${item.productTitle} is already in a return.`
            : `Only ${left} of ${item.productTitle} can still be returned.`,
        );
      let size: string | null = null;
      if (request.kind === 'exchange') {
        const offered = exchangeSizesOf(productAttributes, item.size);
        const wanted = line.size?.trim() ?? '';
        if (offered.length === 0)
          throw conflict(`${item.productTitle} comes in one size, so it can be returned but not exchanged.`);
        size = offered.find((s) => s.toLowerCase() === wanted.toLowerCase()) ?? null;
        if (!size)
          throw badRequest(
            `lines[${i}].size: choose a new size for ${item.productTitle} (${offered.join(', ')})`,
            `lines[${i}].size`,
          );
      } else if (line.size !== undefined) {
        throw badRequest(`lines[${i}].size is only for an exchange`, `lines[${i}].size`);
      }
      amountPaise += item.unitPricePaise * line.quantity;
      return { orderItemId: item.id, quantity: line.quantity, size };
    });
    const account = refundAccountOf(request, cod.has(orderId));
    const record: NewReturn = {
      id: newReturnId(),
      orderId,
      kind: request.kind,
      reason: request.reason,
      note,
      amountPaise,
      refundAccount: account ? sealAccount(ctx.config, account) : null,
      refundAccountHint: account ? maskRefundAccount(account) : null,
      lines,
    };
    await insertReturn(tx, record, now);
  });
}
