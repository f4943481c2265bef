import { and, eq, type SQL, sql } from 'drizzle-orm';
import { nextStatus, ORDER_STATUS, statusName } from '../../shared/order-lifecycle';
import type { Database } from '../context';
import { rowsOf } from '../db/rows';
import { type OrderStatus, orderEvents, orders, paymentAttempts } from '../db/schema';
import { enqueueMail, orderMailTemplate } from '../mail/outbox';
import { lockOrder, mailedFor, recordOrderEvent } from '../orders/orders.repository';
import type { AttemptLookup, PaymentAttempt } from './provider';
import { ATTEMPT_COLUMNS, oweRefund, refundableAttempt } from './refunds.repository';

type AttemptStatus = PaymentAttempt['status'];

const attemptColumns = ATTEMPT_COLUMNS;

// The status column is free text in SQL; only this module writes it, with AttemptStatus values.
const asAttempt = (row: { status: string } & Omit<PaymentAttempt, 'status'>) => row as PaymentAttempt;

export async function findAttempt(db: Database, attemptId: string): Promise<PaymentAttempt | null> {
  const [row] = await db
    .select(attemptColumns)
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId))
    .limit(1);
  return row ? asAttempt(row) : null;
}

/** Attempts of one provider only: a PayU callback can never settle a sandbox attempt, nor the reverse. */
export function attemptLookup(db: Database, provider: string): AttemptLookup {
  const one = async (where: ReturnType<typeof eq>) => {
    const [row] = await db
      .select(attemptColumns)
      .from(paymentAttempts)
      .where(and(where, eq(paymentAttempts.provider, provider)))
      .limit(1);
    return row ? asAttempt(row) : null;
  };
  return {
    byId: (id) => one(eq(paymentAttempts.id, id)),
    byReference: (reference) => one(eq(paymentAttempts.reference, reference)),
  };
}

/** One provider's attempt with its order's status (the sandbox page shows both): one statement. */
export async function attemptWithOrderStatus(
  db: Database,
  provider: string,
  attemptId: string,
): Promise<{ attempt: PaymentAttempt; orderStatus: OrderStatus } | null> {
  const [row] = await db
    .select({ ...attemptColumns, orderStatus: orders.status })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.provider, provider)))
    .limit(1);
  if (!row) return null;
  const { orderStatus, ...attempt } = row;
  return { attempt: asAttempt(attempt), orderStatus };
}

export async function insertAttempt(
  db: Database,
  attempt: PaymentAttempt,
  providerPayload: Record<string, unknown>,
): Promise<void> {
  await db.insert(paymentAttempts).values({ ...attempt, providerPayload });
}

/** Why a success callback was recorded as a failure: another attempt paid the order first. */
const ORDER_NO_LONGER_PENDING = 'order no longer pending';

export interface SettleResult {
  /** False when another callback settled the attempt first, or the amounts disagree: nothing was written. */
  changed: boolean;
  status: AttemptStatus;
  orderId: string;
  /** True when this call moved the order from Pending to Processing. */
  orderMoved: boolean;
  /**
   * True when this call was a success for an order that was no longer Pending: the attempt was
   * recorded as failed with reason ORDER_NO_LONGER_PENDING (a gateway that moved money owes a refund).
   */
  refused: boolean;
  /** Set when the order's total is not the attempt's amount (`known` given): nothing was written. */
  orderPaise?: number;
}

/** What the caller already read of the attempt (the callback's lookup): saves reading it again. */
export interface KnownAttempt {
  orderId: string;
  amountPaise: number;
}

/**
 * Settles a 'created' attempt exactly once, and succeeds at most one attempt per order. One
 * transaction locks the order's row first (`SELECT … FOR UPDATE`), so every settlement of any of the
 * order's attempts waits for the one before it, then reads the order as that one left it: a success
 * finds it Pending (the attempt succeeds and the order moves to Processing) or not (the attempt is
 * recorded as failed, "order no longer pending"). The conditional UPDATE (`status = 'created'`) makes a
 * replayed or concurrent callback of the same attempt a no-op. PGlite runs one transaction at a time.
 * With `known`, the order's total must still be the attempt's amount (else nothing is written).
 * A success or failure that is not refused is one statement after the lock (docs/performance.md): the
 * attempt's update, the order's move, its event and its mail, each CTE gated on the one before.
 */
export async function settleAttempt(
  db: Database,
  attemptId: string,
  outcome: 'success' | 'failure',
  details: Record<string, unknown>,
  known?: KnownAttempt,
): Promise<SettleResult> {
  if (outcome === 'success' && known) {
    const paid = await payPendingOrder(db, attemptId, known, details);
    if (paid) return paid;
  }
  return db.transaction(async (tx) => {
    const orderId = known?.orderId ?? (await orderIdOfAttempt(tx, attemptId));
    const [order] = await tx
      .select({ status: orders.status, totalPaise: orders.totalPaise })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    // Nothing written: the attempt's status as it stands (read, unless the caller already has it).
    const unchanged = async (
      status?: AttemptStatus,
      extra: Pick<SettleResult, 'orderPaise'> = {},
    ): Promise<SettleResult> => ({
      changed: false,
      status: status ?? (await attemptStatusOf(tx, attemptId)),
      orderId,
      orderMoved: false,
      refused: false,
      ...extra,
    });
    if (known && order && order.totalPaise !== known.amountPaise)
      return unchanged(undefined, { orderPaise: order.totalPaise });
    // The lifecycle decides (shared/order-lifecycle.ts): only a Pending order can be paid.
    const target = order ? nextStatus(order.status, 'payment.confirmed') : null;
    const refused = outcome === 'success' && target === null;
    const next: AttemptStatus = outcome === 'success' && !refused ? 'succeeded' : 'failed';
    const now = new Date();

    if (!refused && order) {
      const row = await settleStatement(tx, {
        attemptId,
        orderId,
        status: next,
        callback: details,
        from: order.status,
        to: next === 'succeeded' ? target : null,
        now,
      });
      // Another callback settled it first: its status stands (the statement read it before this one).
      if (!row.settled) return unchanged((row.current ?? 'failed') as AttemptStatus);
      return { changed: true, status: next, orderId, orderMoved: row.moved === 1, refused: false };
    }

    const [settled] = await tx
      .update(paymentAttempts)
      .set(settledAs(next, refused ? { ...details, reason: ORDER_NO_LONGER_PENDING } : details, now))
      .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'created')))
      .returning({ orderId: paymentAttempts.orderId });
    if (!settled) return unchanged();
    if (refused && order) {
      // The gateway took the money for an order that can no longer be paid (expired, cancelled, or
      // paid already by another attempt): it is owed back. The refund sweep asks the gateway; the
      // shopper is mailed why.
      const owed = await refundableAttempt(tx, attemptId);
      if (owed) {
        const refund = await oweRefund(tx, owed);
        await enqueueMail(tx, {
          template: 'payment.refunded',
          orderId,
          data: { refundId: refund.id },
          dedupeKey: `refund:${refund.id}`,
        });
      }
      // Kept on the order's record (not its timeline): money may have moved for a closed order.
      await recordOrderEvent(tx, {
        orderId,
        fromStatus: order.status,
        toStatus: order.status,
        applied: false,
        actor: 'gateway',
        at: now,
        note: `payment confirmation refused: the order is ${statusName(order.status)} (attempt ${attemptId})`,
      });
    }
    return { changed: true, status: next, orderId, orderMoved: false, refused };
  });
}

const PENDING = ORDER_STATUS.pending;
/** Where a confirmed payment moves a Pending order: the lifecycle's answer, checked once at load. */
const PAID = nextStatus(PENDING, 'payment.confirmed');
if (PAID === null) throw new Error('the order lifecycle no longer lets a Pending order be paid');

/**
 * The common case of settleAttempt, in one statement (a confirmation was eleven: docs/performance.md): a
 * success for a Pending order whose total is the attempt's amount. `locked` takes the order's row lock first
 * (`FOR UPDATE`, as the transaction does: a concurrent settlement waits, then re-reads the row), and the
 * attempt succeeds only if the locked order is Pending at that amount (then settleStatement's gates).
 * Anything else — a replay answers what the attempt already is; an order no longer Pending, another amount or
 * a vanished order — is left to the transaction (null), which writes the refusal, the refund and the event as
 * before.
 */
async function payPendingOrder(
  db: Database,
  attemptId: string,
  known: KnownAttempt,
  details: Record<string, unknown>,
): Promise<SettleResult | null> {
  const { orderId } = known;
  const row = await settleStatement(db, {
    attemptId,
    orderId,
    status: 'succeeded',
    callback: details,
    from: PENDING,
    to: PAID,
    now: new Date(),
    lock: sql`locked as (
      select ${orders.status} as status, ${orders.totalPaise} as total from ${orders}
      where ${orders.id} = ${orderId} for update
    )`,
    gate: sql`exists (select 1 from locked where status = ${PENDING} and total = ${known.amountPaise})`,
  });
  if (row.settled === 1)
    return { changed: true, status: 'succeeded', orderId, orderMoved: row.moved === 1, refused: false };
  // Settled before this statement began (a replay): its status stands and nothing was written.
  if (row.current !== null && row.current !== 'created')
    return {
      changed: false,
      status: row.current as AttemptStatus,
      orderId,
      orderMoved: false,
      refused: false,
    };
  return null;
}

/** The timeline's note for a payment that moved the order. */
const PAYMENT_RECEIVED_NOTE = 'Payment received';

/** The attempt's new status, with the callback kept beside what the attempt already holds. */
const settledAs = (status: AttemptStatus, callback: Record<string, unknown>, now: Date) => ({
  status,
  updatedAt: now,
  providerPayload: sql`coalesce(${paymentAttempts.providerPayload}, '{}'::jsonb) || ${JSON.stringify({ callback })}::jsonb`,
});

/**
 * One statement that settles an attempt and moves its order, each CTE gated on the one before:
 * `settled` updates the attempt while it is 'created' (and `gate` holds), `moved` moves the order from
 * `from` to `to` only if the attempt moved (never when `to` is null), `recorded` and `mailed` write the
 * move and its mail (the lifecycle's template, server/mail/outbox.ts). `lock` is a CTE ahead of them.
 * Answers how many rows moved and the attempt's status as the statement began.
 */
async function settleStatement(
  db: Pick<Database, 'update' | 'execute'>,
  s: {
    attemptId: string;
    orderId: string;
    status: AttemptStatus;
    callback: Record<string, unknown>;
    from: number;
    to: number | null;
    now: Date;
    lock?: SQL;
    gate?: SQL;
  },
): Promise<{ settled: number; moved: number; current: string | null }> {
  const settled = db
    .update(paymentAttempts)
    .set(settledAs(s.status, s.callback, s.now))
    .where(and(eq(paymentAttempts.id, s.attemptId), eq(paymentAttempts.status, 'created'), s.gate))
    .returning({ orderId: paymentAttempts.orderId });
  const ctes = [...(s.lock ? [s.lock] : []), sql`settled as ${settled}`];
  if (s.to !== null) {
    const moved = db
      .update(orders)
      .set({ status: s.to as OrderStatus, updatedAt: s.now })
      .where(
        and(
          eq(orders.id, s.orderId),
          eq(orders.status, s.from as OrderStatus),
          sql`exists (select 1 from settled)`,
        ),
      )
      .returning({ id: orders.id });
    ctes.push(
      sql`moved as ${moved}`,
      sql`recorded as (
        insert into ${orderEvents} (order_id, from_status, to_status, actor, at, note)
        select id, ${s.from}::int, ${s.to}::int, 'gateway', ${s.now.toISOString()}::timestamptz,
          ${PAYMENT_RECEIVED_NOTE} from moved
        returning id, order_id
      )`,
    );
    const template = orderMailTemplate({ fromStatus: s.from, toStatus: s.to });
    if (template) ctes.push(mailedFor(template));
  }
  const movedCount = s.to !== null ? sql`(select count(*)::int from moved)` : sql`0`;
  const [row] = rowsOf<{ settled: number; moved: number; current: string | null }>(
    await db.execute(sql`with ${sql.join(ctes, sql`, `)}
      select (select count(*)::int from settled) as settled, ${movedCount} as moved,
        (select status from ${paymentAttempts} where id = ${s.attemptId}) as current`),
  );
  return row ?? { settled: 0, moved: 0, current: null };
}

/** The attempt's status as it stands ('failed' for an attempt that is gone). */
async function attemptStatusOf(tx: Pick<Database, 'select'>, attemptId: string): Promise<AttemptStatus> {
  const [current] = await tx
    .select({ status: paymentAttempts.status })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  return (current?.status ?? 'failed') as AttemptStatus;
}

async function orderIdOfAttempt(tx: Pick<Database, 'select'>, attemptId: string): Promise<string> {
  const [attempt] = await tx
    .select({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (!attempt) throw new Error(`Payment attempt ${attemptId} vanished while settling`);
  return attempt.orderId;
}

export type CashOnDeliveryResult =
  | { kind: 'placed'; attempt: PaymentAttempt }
  /** The order left Pending first (paid, cancelled or expired meanwhile): nothing was written. */
  | { kind: 'notPending'; status: number };

/**
 * The shopper chose cash on delivery (server/payments/cod.ts). One transaction locks the order's row,
 * lets the lifecycle decide (`payment.cashOnDelivery`: only a Pending order), then writes the COD
 * attempt (status 'created': the money is due on delivery), moves the order to Processing and records
 * the move (actor 'shopper', `note`). A gateway settling at the same moment waits for the lock and then
 * finds the order Processing (its success is refused, as for any second payment); the expiry job skips
 * the locked row and afterwards never touches a Processing order.
 */
export async function placeCashOnDelivery(
  db: Database,
  attempt: PaymentAttempt,
  providerPayload: Record<string, unknown>,
  note: string,
): Promise<CashOnDeliveryResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, attempt.orderId);
    const next = order ? nextStatus(order.status, 'payment.cashOnDelivery') : null;
    if (!order || next === null) return { kind: 'notPending', status: order?.status ?? -1 };
    const now = new Date();
    await tx.insert(paymentAttempts).values({ ...attempt, providerPayload, createdAt: now, updatedAt: now });
    await tx.update(orders).set({ status: next, updatedAt: now }).where(eq(orders.id, attempt.orderId));
    await recordOrderEvent(tx, {
      orderId: attempt.orderId,
      fromStatus: order.status,
      toStatus: next,
      actor: 'shopper',
      at: now,
      note,
    });
    return { kind: 'placed', attempt };
  });
}

/** One attempt with when it started and whose order it pays, for GET /payments/{attemptId}. */
export async function findAttemptWithOwner(db: Database, attemptId: string) {
  const [row] = await db
    .select({
      status: paymentAttempts.status,
      createdAt: paymentAttempts.createdAt,
      userId: orders.userId,
    })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(eq(paymentAttempts.id, attemptId))
    .limit(1);
  return row ? { ...row, status: row.status as AttemptStatus } : null;
}
