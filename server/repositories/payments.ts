import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../context';
import { OrderStatus, orders, paymentAttempts } from '../db/schema';
import type { AttemptLookup, PaymentAttempt } from '../payments/provider';

export type AttemptStatus = PaymentAttempt['status'];

const attemptColumns = {
  id: paymentAttempts.id,
  orderId: paymentAttempts.orderId,
  provider: paymentAttempts.provider,
  method: paymentAttempts.method,
  reference: paymentAttempts.reference,
  amountPaise: paymentAttempts.amountPaise,
  status: paymentAttempts.status,
};

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

export async function insertAttempt(
  db: Database,
  attempt: PaymentAttempt,
  providerPayload: Record<string, unknown>,
): Promise<void> {
  await db.insert(paymentAttempts).values({ ...attempt, providerPayload });
}

export interface SettleResult {
  /** False when another callback settled the attempt first: nothing was written. */
  changed: boolean;
  status: AttemptStatus;
  orderId: string;
  /** True when this call moved the order from Pending to Processing. */
  orderMoved: boolean;
}

/**
 * Settles a 'created' attempt exactly once. The conditional UPDATEs (`status = 'created'`,
 * `status = Pending`) inside one transaction make replayed or concurrent callbacks no-ops: the row lock
 * makes the second writer wait, then match nothing.
 */
export async function settleAttempt(
  db: Database,
  attemptId: string,
  outcome: 'success' | 'failure',
  details: Record<string, unknown>,
): Promise<SettleResult> {
  const next: AttemptStatus = outcome === 'success' ? 'succeeded' : 'failed';
  return db.transaction(async (tx) => {
    const now = new Date();
    const [settled] = await tx
      .update(paymentAttempts)
      .set({
        status: next,
        updatedAt: now,
        providerPayload: sql`coalesce(${paymentAttempts.providerPayload}, '{}'::jsonb) || ${JSON.stringify({ callback: details })}::jsonb`,
      })
      .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.status, 'created')))
      .returning({ orderId: paymentAttempts.orderId });
    if (!settled) {
      const [current] = await tx
        .select({ status: paymentAttempts.status, orderId: paymentAttempts.orderId })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.id, attemptId));
      if (!current) throw new Error(`Payment attempt ${attemptId} vanished while settling`);
      return {
        changed: false,
        status: current.status as AttemptStatus,
        orderId: current.orderId,
        orderMoved: false,
      };
    }
    if (next === 'failed')
      return { changed: true, status: next, orderId: settled.orderId, orderMoved: false };
    const moved = await tx
      .update(orders)
      .set({ status: OrderStatus.Processing, updatedAt: now })
      .where(and(eq(orders.id, settled.orderId), eq(orders.status, OrderStatus.Pending)))
      .returning({ id: orders.id });
    return { changed: true, status: next, orderId: settled.orderId, orderMoved: moved.length === 1 };
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
