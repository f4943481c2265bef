/**
 * Refund rows (docs/operations.md). A refund is written in the transaction that makes it owed — a shopper's
 * or an operator's cancellation of a paid order, or a payment confirmed for an order that had already expired
 * — with status 'pending'; the gateway is asked after the commit (by the request, or by the refund sweep,
 * server/payments/refunds.ts), and its answer recorded here. One refund per attempt (unique index).
 */
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { CASH_ON_DELIVERY } from '../../shared/payment-fields';
import type { Database } from '../context';
import { paymentAttempts, refunds } from '../db/schema';
import { newRefundId } from './ids';
import type { RefundableAttempt, RefundOutcome } from './provider';

export type RefundRow = typeof refunds.$inferSelect;

/** Days after the cancellation by which the refunded money should be back (Refund.expectedBy). */
const REFUND_EXPECTED_DAYS = 7;

/**
 * Refund.expectedBy: the contract says "the latest day the money should be back (5–7 working days for
 * cards and UPI)". We read it as today plus 7 calendar days, today being the date in India (IST, UTC+5:30,
 * no daylight saving) since the shop and its shoppers are there. Calendar rather than working days keeps
 * it free of a holiday calendar; it is a promise shown to the shopper, not a gateway deadline.
 */
export function refundExpectedBy(now: Date = new Date()): string {
  const istMidnight = new Date(now.getTime() + 330 * 60_000);
  istMidnight.setUTCDate(istMidnight.getUTCDate() + REFUND_EXPECTED_DAYS);
  return istMidnight.toISOString().slice(0, 10);
}

/** What Order.refund shows of an order's refund. */
export type OrderRefund = Pick<RefundRow, 'amountPaise' | 'status' | 'createdAt'>;

/**
 * The refund of each of `orderIds` that has one (one statement). An order is refunded at most once in
 * practice (its one paid attempt); should two rows exist, the later one is the one shown.
 */
export async function refundsOfOrders(
  db: Pick<Database, 'select'>,
  orderIds: readonly string[],
): Promise<Map<string, OrderRefund>> {
  const byOrder = new Map<string, OrderRefund>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: refunds.orderId,
      amountPaise: refunds.amountPaise,
      status: refunds.status,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    // A return's refund is shown with its return (Return.refund), not as the order's.
    .where(and(inArray(refunds.orderId, [...orderIds]), isNull(refunds.returnId)))
    .orderBy(asc(refunds.createdAt));
  for (const { orderId, ...refund } of rows) byOrder.set(orderId, refund);
  return byOrder;
}

/** Any query runner: the database or one of its transactions. */
type Runner = Pick<Database, 'insert' | 'select' | 'update'>;

/** A refund after this many failed requests is left for the store to make by hand (and logged). */
export const REFUND_MAX_ATTEMPTS = 6;
/** How long a process holds a refund it is asking about (a gateway call takes at most ~10 s). */
export const REFUND_LEASE_MS = 120_000;

/** A payment attempt's columns as PaymentAttempt reads them (payments/payments.repository.ts uses them too). */
export const ATTEMPT_COLUMNS = {
  id: paymentAttempts.id,
  orderId: paymentAttempts.orderId,
  provider: paymentAttempts.provider,
  method: paymentAttempts.method,
  reference: paymentAttempts.reference,
  amountPaise: paymentAttempts.amountPaise,
  status: paymentAttempts.status,
};
const attemptColumns = { ...ATTEMPT_COLUMNS, payload: paymentAttempts.providerPayload };

/** The gateway's payment id kept from its callback (PayU's mihpayid), if any. */
function gatewayPaymentIdOf(payload: unknown): string | null {
  const callback = (payload as { callback?: { mihpayid?: unknown } } | null)?.callback;
  return typeof callback?.mihpayid === 'string' && callback.mihpayid !== '' ? callback.mihpayid : null;
}

function toRefundable(row: { payload: unknown } & Record<string, unknown>): RefundableAttempt {
  const { payload, ...attempt } = row;
  return {
    ...(attempt as unknown as Omit<RefundableAttempt, 'gatewayPaymentId'>),
    gatewayPaymentId: gatewayPaymentIdOf(payload),
  };
}

/** An attempt by id, as a refund needs it. */
export async function refundableAttempt(db: Runner, attemptId: string): Promise<RefundableAttempt | null> {
  const [row] = await db
    .select(attemptColumns)
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  return row ? toRefundable(row) : null;
}

/** The online attempt that paid an order (settleAttempt succeeds at most one per order), if any. */
export async function paidAttemptOf(db: Runner, orderId: string): Promise<RefundableAttempt | null> {
  const [row] = await db
    .select(attemptColumns)
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.status, 'succeeded'),
        // Cash on delivery took no money online: nothing to refund through a gateway.
        ne(paymentAttempts.provider, CASH_ON_DELIVERY),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(1);
  return row ? toRefundable(row) : null;
}

/**
 * Writes the refund of `attempt` ('pending'), or finds the one it already has. `leaseMs` holds the row
 * for the caller that asks the gateway at once (the shopper's cancel request), so the sweep leaves it
 * alone meanwhile; without it the sweep asks on its next run.
 */
export async function oweRefund(
  db: Runner,
  attempt: RefundableAttempt,
  options: { id?: string; leaseMs?: number; returnId?: string; amountPaise?: number } = {},
): Promise<RefundRow> {
  const returnId = options.returnId ?? null;
  // A cancellation refunds the whole attempt, once; a return refunds its lines' amount, once per return.
  const target =
    returnId === null
      ? { target: refunds.attemptId, where: isNull(refunds.returnId) }
      : { target: refunds.returnId };
  await db
    .insert(refunds)
    .values({
      id: options.id ?? newRefundId(),
      orderId: attempt.orderId,
      attemptId: attempt.id,
      returnId,
      provider: attempt.provider,
      amountPaise: options.amountPaise ?? attempt.amountPaise,
      status: 'pending',
      ...(options.leaseMs ? { lockedUntil: new Date(Date.now() + options.leaseMs), attempts: 1 } : {}),
    })
    .onConflictDoNothing(target);
  const [row] = await db
    .select()
    .from(refunds)
    .where(
      returnId === null
        ? and(eq(refunds.attemptId, attempt.id), isNull(refunds.returnId))
        : eq(refunds.returnId, returnId),
    );
  if (!row) throw new Error(`refund of attempt ${attempt.id} was not written`);
  return row;
}

/**
 * Takes up to `batch` refunds that are due (pending, or failed with tries left, next try reached, not
 * held), holding each for `leaseMs` and counting the try. SKIP LOCKED: processes take disjoint rows.
 */
export async function claimDueRefunds(db: Database, leaseMs: number, batch = 10): Promise<RefundRow[]> {
  const claimed = await db.execute(sql`
    update ${refunds} set locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
      attempts = attempts + 1
    where id in (
      select id from ${refunds}
      where status in ('pending', 'failed') and attempts < ${REFUND_MAX_ATTEMPTS}
        and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id`);
  const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(
      sql`${refunds.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}

/**
 * Records the gateway's answer and frees the row; a failure is tried again at `retryAt` (null: no
 * more tries). A refund already recorded or queued is never changed back.
 */
export async function settleRefund(
  db: Database,
  refundId: string,
  outcome: RefundOutcome,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(refunds)
    .set({
      status: outcome.status,
      gatewayReference: outcome.gatewayReference ?? null,
      error: outcome.error ?? null,
      updatedAt: new Date(),
      lockedUntil: null,
      ...(outcome.status === 'failed' && retryAt ? { nextAttemptAt: retryAt } : {}),
      ...(outcome.status === 'failed' && !retryAt ? { attempts: REFUND_MAX_ATTEMPTS } : {}),
    })
    .where(and(eq(refunds.id, refundId), sql`${refunds.status} in ('pending', 'failed')`));
}
