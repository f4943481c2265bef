/**
 * Returns and exchanges in the database (docs/returns.md): the rows of `returns`, `return_lines` and
 * `return_events`, read beside the orders they belong to and moved only as shared/return-lifecycle.ts
 * allows. Each move writes its event and its mail (the outbox) in the mover's transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { OrderActor } from '../../shared/order-lifecycle';
import {
  nextReturnStatus,
  type ReturnKind,
  type ReturnLifecycleEventType,
  type ReturnStatus,
} from '../../shared/return-lifecycle';
import type { Database } from '../context';
import { againAfterUniqueViolation, rowsOf, tableRow } from '../db/rows';
import { refunds, returnEvents, returnLines, returns } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { oweRefund, paidAttemptOf, type RefundRow } from '../payments/refunds.repository';
import { restockReturn } from '../stock/stock.repository';

type ReturnRow = typeof returns.$inferSelect;
type ReturnLineRow = typeof returnLines.$inferSelect;
type ReturnEventRow = typeof returnEvents.$inferSelect;

/** A return with its lines, its moves (oldest first) and the refund of an online-paid return. */
export interface ReturnRecord {
  row: ReturnRow;
  lines: ReturnLineRow[];
  events: ReturnEventRow[];
  refund: RefundRow | null;
}

/** Any query runner: the database or one of its transactions. */
type Runner = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>;

/** The returns of each of `orderIds`, oldest first, with their lines, moves and refunds (one statement). */
export async function returnsOfOrders(
  db: Runner,
  orderIds: readonly string[],
): Promise<Map<string, ReturnRecord[]>> {
  const byOrder = new Map<string, ReturnRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const raw = rowsOf<{
    r: Record<string, unknown>;
    lines: Record<string, unknown>[] | null;
    events: Record<string, unknown>[] | null;
    refund: Record<string, unknown> | null;
  }>(
    await db.execute(sql`
      select row_to_json(r) as r,
        (select json_agg(l) from ${returnLines} l where l.return_id = r.id) as lines,
        (select json_agg(e order by e.id) from ${returnEvents} e where e.return_id = r.id) as events,
        (select row_to_json(f) from ${refunds} f where f.return_id = r.id) as refund
      from ${returns} r
      where r.order_id in (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by r.created_at, r.id`),
  );
  for (const { r, lines, events, refund } of raw) {
    const record: ReturnRecord = {
      row: tableRow(returns, r),
      lines: (lines ?? []).map((line) => tableRow(returnLines, line)),
      events: (events ?? []).map((event) => tableRow(returnEvents, event)),
      refund: refund ? tableRow(refunds, refund) : null,
    };
    const list = byOrder.get(record.row.orderId) ?? [];
    list.push(record);
    byOrder.set(record.row.orderId, list);
  }
  return byOrder;
}

/** The mail of one move of a return, to the order's account: the outbox row, in the mover's transaction. */
async function mailMove(db: Runner, record: { orderId: string; returnId: string; eventId: number }) {
  await enqueueMail(db, {
    template: 'return.updated',
    orderId: record.orderId,
    data: { returnId: record.returnId, eventId: record.eventId },
    dedupeKey: `return-event:${record.eventId}`,
  });
}

export interface NewReturn {
  id: string;
  orderId: string;
  kind: ReturnKind;
  reason: string;
  note: string | null;
  amountPaise: number;
  refundAccount: string | null;
  refundAccountHint: string | null;
  lines: { orderItemId: string; quantity: number; size: string | null }[];
}

/** Writes a requested return, its lines, its first move and its mail (in the caller's transaction). */
export async function insertReturn(db: Runner, input: NewReturn, at: Date): Promise<void> {
  const { lines, ...row } = input;
  await db.insert(returns).values({ ...row, status: 'requested', createdAt: at, updatedAt: at });
  await db.insert(returnLines).values(lines.map((line) => ({ ...line, returnId: input.id })));
  const [event] = await db
    .insert(returnEvents)
    .values({ returnId: input.id, fromStatus: null, toStatus: 'requested', actor: 'shopper', at, note: null })
    .returning({ id: returnEvents.id });
  if (!event) throw new Error(`return ${input.id} has no first event`);
  await mailMove(db, { orderId: input.orderId, returnId: input.id, eventId: event.id });
}

export interface ReturnEventInput {
  externalId: string;
  returnId: string;
  event: ReturnLifecycleEventType;
  actor: OrderActor;
  at: Date;
  note: string | null;
}

export type ReturnEventResult =
  | { kind: 'unknownReturn' }
  | { kind: 'idConflict'; returnId: string }
  | { kind: 'illegal'; status: ReturnStatus; returnKind: ReturnKind }
  | { kind: 'recorded'; replay: boolean; status: ReturnStatus };

const REFUNDED_NOTE = 'Refunded to the way you paid';

/**
 * Moves a return as a signed event asks, if its lifecycle allows (else 'illegal': the caller answers 409).
 * Idempotent by the sender's id. A return of an order paid online is refunded when it is received: a
 * refund row for the returned lines' amount (the refund sweep asks the gateway: server/payments/refunds.ts) and
 * the move to refunded, in the same transaction.
 */
export function applyReturnEvent(db: Database, input: ReturnEventInput): Promise<ReturnEventResult> {
  // The same event id sent twice at once: the other transaction's row won the unique index.
  return againAfterUniqueViolation(() => applyReturnEventOnce(db, input));
}

function applyReturnEventOnce(db: Database, input: ReturnEventInput): Promise<ReturnEventResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(returns).where(eq(returns.id, input.returnId)).for('update');
    const [seen] = await tx
      .select({ returnId: returnEvents.returnId })
      .from(returnEvents)
      .where(eq(returnEvents.externalId, input.externalId));
    if (seen) {
      if (seen.returnId !== input.returnId) return { kind: 'idConflict', returnId: seen.returnId };
      return { kind: 'recorded', replay: true, status: found?.status ?? 'requested' };
    }
    if (!found) return { kind: 'unknownReturn' };
    const next = nextReturnStatus(found.status, found.kind, input.event);
    if (next === null) return { kind: 'illegal', status: found.status, returnKind: found.kind };
    let status = await move(tx, found, next, input);
    // What the store got back is on sale again (stock/stock.repository.ts), a return's or an exchange's.
    if (status === 'received') await restockReturn(tx, found.id);
    if (status === 'received' && found.kind === 'return') {
      const paid = await paidAttemptOf(tx, found.orderId);
      if (paid && found.amountPaise > 0) {
        await oweRefund(tx, paid, { returnId: found.id, amountPaise: found.amountPaise });
        const refunded = nextReturnStatus('received', 'return', 'return.refunded');
        if (refunded)
          status = await move(tx, { ...found, status }, refunded, {
            externalId: null,
            actor: 'gateway',
            at: input.at,
            note: REFUNDED_NOTE,
          });
      }
    }
    return { kind: 'recorded', replay: false, status };
  });
}

/** One move of a return: its row, its event and its mail. */
async function move(
  tx: Runner,
  from: ReturnRow,
  to: ReturnStatus,
  by: { externalId: string | null; actor: OrderActor; at: Date; note: string | null },
): Promise<ReturnStatus> {
  await tx.update(returns).set({ status: to, updatedAt: new Date() }).where(eq(returns.id, from.id));
  const [event] = await tx
    .insert(returnEvents)
    .values({
      returnId: from.id,
      fromStatus: from.status,
      toStatus: to,
      actor: by.actor,
      at: by.at,
      note: by.note,
      externalId: by.externalId,
    })
    .returning({ id: returnEvents.id });
  if (!event) throw new Error(`return ${from.id} move was not recorded`);
  await mailMove(tx, { orderId: from.orderId, returnId: from.id, eventId: event.id });
  return to;
}
