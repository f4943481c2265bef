import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alreadyPast, nextStatus, ORDER_STATUS, statusName } from '../../shared/order-lifecycle';
import { pictureOfColour } from '../../shared/product-images';
import type { Database } from '../context';
import { preparedOnce } from '../db/prepared';
import { againAfterUniqueViolation, rowsOf, tableRow } from '../db/rows';
import {
  mailOutbox,
  type OrderEventActor,
  OrderStatus,
  orderEvents,
  orderItems,
  orders,
  type ProductAttributeRow,
  paymentAttempts,
  products,
  users,
} from '../db/schema';
import { EVENT_MAIL_KEY_PREFIX, orderMailTemplate } from '../mail/outbox';
import type { MailTemplate } from '../mail/templates';
import { COD_PROVIDER } from '../payments/cod';
import type { PayableOrder } from '../payments/provider';
import { oweRefund, paidAttemptOf, REFUND_LEASE_MS, type RefundRow } from '../payments/refunds.repository';
import { heldCte, releaseCtes, releaseStockOf, takingCtes, type WantedLine } from '../stock/stock.repository';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** An order line as stored, plus the product's current image when it is known. */
/** A line with its product's current image and attributes (what returns exclude, the sizes it comes in). */
export type OrderItemWithImage = OrderItemRow & {
  imgUrl?: string | null;
  attributes?: ProductAttributeRow[] | null;
};

/** What createOrder stores: the order (its id and status already chosen) and its priced lines. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'createdAt' | 'updatedAt'>;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'position'>;

/**
 * Stores an order, its lines (each keeps its place in the request), its placement on the timeline and
 * the placement's mail in one statement (atomic on its own, one round trip: docs/performance.md), which
 * also takes the stock of `stock` (the lines' sizes and colours, by position: stock/stock.repository.ts
 * takingCtes) and aborts with statefront_stock_short()'s error when a line is short. That mail is the payment reminder, due `reminderAfterMs` later: the worker
 * drops it if the order no longer waits for its payment then (server/mail/worker.ts).
 */
export async function insertOrder(
  db: Runner,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  reminderAfterMs = 0,
  stock: readonly WantedLine[] = [],
): Promise<{ order: OrderRow; items: OrderItemRow[]; timeline: OrderEventRow[] }> {
  const now = new Date();
  const placed = db
    .insert(orders)
    .values({ ...order, createdAt: now, updatedAt: now })
    .returning();
  const items = db
    .insert(orderItems)
    .values(lines.map((line, position) => ({ ...line, orderId: order.id, position })))
    .returning();
  // The stock its lines take, in the same statement (stock/stock.repository.ts): a short line aborts it.
  const counted = stock.length > 0;
  const taking = counted ? sql`${takingCtes(stock)}, ` : sql``;
  const held = counted ? sql`${heldCte}, ` : sql``;
  const short = counted ? sql`(select bool_or(raised) from guard) as short, ` : sql``;
  // The placement is the timeline's first entry (from nothing to the order's status).
  const recorded = recordedWithMail(
    db,
    {
      orderId: order.id,
      fromStatus: null,
      toStatus: order.status ?? OrderStatus.Pending,
      actor: 'shopper',
      at: now,
      note: 'Order placed',
    },
    reminderAfterMs,
  );
  const [row] = rowsOf<{ order: unknown; items: unknown[] | null; event: unknown }>(
    await db.execute(sql`with ${taking}placed as ${placed}, lines as ${items}, ${held}${recorded}
      select ${short}(select row_to_json(placed) from placed) as "order",
        (select json_agg(lines) from lines) as items,
        (select row_to_json(recorded) from recorded) as event`),
  );
  if (!row?.order || !row.event) throw new Error('order insert returned no row');
  return {
    order: tableRow(orders, row.order as Record<string, unknown>),
    items: (row.items ?? []).map((item) => tableRow(orderItems, item as Record<string, unknown>)),
    timeline: [tableRow(orderEvents, row.event as Record<string, unknown>)],
  };
}

/** A shopper's orders, newest first. */
export function ordersOfUser(db: Database, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One order and the email of the account that placed it (order tracking checks either). */
export async function orderWithOwnerEmail(
  db: Database,
  orderId: string,
): Promise<{ order: OrderRow; email: string } | null> {
  const [found] = await db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return found ?? null;
}

/**
 * The lines of each order (by title, then request order), each with its product's current picture in
 * the line's colour (shared/product-images.ts).
 */
export async function itemsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, OrderItemWithImage[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      item: orderItems,
      imgUrl: products.imgUrl,
      images: products.images,
      attributes: products.attributes,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.productTitle), asc(orderItems.position), asc(orderItems.id));
  return byOrderId(
    rows.map(({ item, imgUrl, images, attributes }) => ({
      ...item,
      imgUrl: imgUrl === null ? null : pictureOfColour(images ?? [], imgUrl, item.color),
      attributes,
    })),
  );
}

/** Rows grouped by their order, each group in the rows' order. */
function byOrderId<Row extends { orderId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const byOrder = new Map<string, Row[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

export async function findPayableOrder(db: Database, orderId: string): Promise<PayableOrder | null> {
  const [row] = await payableOrder(db).execute({ orderId });
  return row ?? null;
}

// Every payment request asks it (prepared: server/db/prepared.ts).
const payableOrder = preparedOnce((db) =>
  db
    .select({ id: orders.id, userId: orders.userId, status: orders.status, totalPaise: orders.totalPaise })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .limit(1)
    .prepare('payable_order'),
);

export type OrderEventRow = typeof orderEvents.$inferSelect;
export type NewOrderEvent = Omit<typeof orderEvents.$inferInsert, 'id' | 'recordedAt'>;

/** Any query runner: the database or a transaction of it. */
type Runner = Pick<Database, 'insert' | 'select' | 'update' | 'execute'>;

/**
 * Records one change of an order (or an event that changed nothing, `applied: false`) and, in the
 * same transaction, the mail it sends the shopper (server/mail/outbox.ts): a change and its mail
 * commit together or not at all.
 */
export async function recordOrderEvent(db: Runner, event: NewOrderEvent): Promise<OrderEventRow> {
  const [raw] = rowsOf(await db.execute(sql`with ${recordedWithMail(db, event)} select * from recorded`));
  if (!raw) throw new Error('order event insert returned no row');
  return tableRow(orderEvents, raw);
}

/**
 * The CTEs `recorded` (the event's row) and `mailed` (its mail, when it sends one): one statement
 * writes both, a round trip fewer on every move of every order (docs/performance.md).
 */
function recordedWithMail(db: Runner, event: NewOrderEvent, mailAfterMs = 0): SQL {
  const template = orderMailTemplate(event);
  const recorded = sql`recorded as ${db.insert(orderEvents).values(event).returning()}`;
  return template ? sql`${recorded}, ${mailedFor(template, mailAfterMs)}` : recorded;
}

/**
 * The CTE `mailed`: the outbox row of each event a CTE `recorded` wrote (returning id, order_id), due
 * now or `afterMs` later.
 */
export function mailedFor(template: MailTemplate, afterMs = 0): SQL {
  return sql`mailed as (
    insert into ${mailOutbox} (template, order_id, event_id, dedupe_key, next_attempt_at)
    select ${template}, order_id, id, ${EVENT_MAIL_KEY_PREFIX} || id,
      now() + ${`${Math.max(0, Math.round(afterMs))} milliseconds`}::interval
    from recorded
    on conflict (dedupe_key) do nothing
  )`;
}

/** The cash-on-delivery payment of an order as the API and mails show it (server/payments/cod.ts). */
export interface CashOnDelivery {
  amountPaise: number;
  /** created: due on delivery; succeeded: paid on delivery; failed: the order was cancelled. */
  status: string;
}

/** The cash-on-delivery attempt of each order that has one (an order has at most one: it left Pending). */
export async function cashOnDeliveryOf(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, CashOnDelivery>> {
  const byOrder = new Map<string, CashOnDelivery>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: paymentAttempts.orderId,
      amountPaise: paymentAttempts.amountPaise,
      status: paymentAttempts.status,
    })
    .from(paymentAttempts)
    .where(and(inArray(paymentAttempts.orderId, [...orderIds]), eq(paymentAttempts.provider, COD_PROVIDER)));
  for (const { orderId, ...cod } of rows) byOrder.set(orderId, cod);
  return byOrder;
}

/**
 * Keeps an order's cash-on-delivery attempt in step with the move just made, in the mover's transaction:
 * delivered → 'succeeded' (the courier collected it: the order counts as paid), cancelled → 'failed'
 * (nothing will be collected, and there is nothing to refund). Orders paid online have no such row.
 */
async function settleCashOnDelivery(db: Runner, orderId: string, to: number, at: Date): Promise<void> {
  const status =
    to === ORDER_STATUS.delivered ? 'succeeded' : to === ORDER_STATUS.cancelled ? 'failed' : null;
  if (!status) return;
  await db
    .update(paymentAttempts)
    .set({ status, updatedAt: at })
    .where(
      and(
        eq(paymentAttempts.orderId, orderId),
        eq(paymentAttempts.provider, COD_PROVIDER),
        eq(paymentAttempts.status, 'created'),
      ),
    );
}

/**
 * The status of order `orderId` (only if it is `userId`'s, when given), its row locked (FOR UPDATE)
 * until the transaction ends, so no other change to it interleaves; undefined when there is no such order.
 */
export async function lockOrder(
  db: Runner,
  orderId: string,
  userId?: string,
): Promise<{ status: OrderStatus } | undefined> {
  const mine = userId === undefined ? undefined : eq(orders.userId, userId);
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), mine))
    .for('update');
  return order;
}

/** The applied events of each order, oldest first: the timeline the API shows. */
export async function timelinesOf(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, OrderEventRow[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, [...orderIds]), eq(orderEvents.applied, true)))
    .orderBy(asc(orderEvents.id));
  return byOrderId(rows);
}

/** The event recorded under a sender's event id, if any. */
async function eventByExternalId(db: Runner, externalId: string): Promise<OrderEventRow | null> {
  const [row] = await db.select().from(orderEvents).where(eq(orderEvents.externalId, externalId)).limit(1);
  return row ?? null;
}

/** Orders (all, or of one status) with their account's email for operators, newest first. */
/**
 * Orders for operators, newest first or (`oldest`) oldest first, at most `limit`, going on after the
 * order `after` (a keyset cursor over created_at and id: stable while orders arrive). Null when that
 * order does not exist.
 */
export async function ordersByStatus(
  db: Database,
  status: OrderStatus | null,
  limit: number,
  page: { oldest?: boolean; after?: string } = {},
): Promise<Array<{ order: OrderRow; email: string }> | null> {
  let cursor: SQL | undefined;
  if (page.after !== undefined) {
    const [from] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, page.after));
    if (!from) return null;
    // The cursor's time read in SQL: a JavaScript Date would drop created_at's microseconds.
    const at = sql`(select ${orders.createdAt}, ${orders.id} from ${orders} where ${orders.id} = ${from.id})`;
    cursor = page.oldest
      ? sql`(${orders.createdAt}, ${orders.id}) > ${at}`
      : sql`(${orders.createdAt}, ${orders.id}) < ${at}`;
  }
  const order = page.oldest ? asc : desc;
  return db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(status === null ? undefined : eq(orders.status, status), cursor))
    .orderBy(order(orders.createdAt), order(orders.id))
    .limit(limit);
}

export interface FulfilmentInput {
  externalId: string;
  orderId: string;
  event: 'fulfilment.shipped' | 'fulfilment.delivered' | 'order.cancelled';
  actor: OrderEventActor;
  at: Date;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  note?: string | null;
}

export type FulfilmentResult =
  | { kind: 'unknownOrder' }
  | { kind: 'idConflict'; orderId: string }
  | { kind: 'kindConflict' }
  | { kind: 'illegal'; status: OrderStatus }
  | { kind: 'recorded'; replay: boolean; event: OrderEventRow; status: OrderStatus };

/**
 * Applies one fulfilment event exactly once. One transaction locks the order's row, then: an event id
 * seen before answers what it did then (a replay adds no row); an event the order is already past (a
 * late "shipped" after "delivered") is recorded as ignored; one the lifecycle allows moves the order;
 * anything else is illegal and changes nothing (not recorded, so the sender may retry it later).
 */
/**
 * Whether a recorded event was of the kind `event`: an applied one made the move `event` makes from
 * where it started; an ignored one names its kind in its note (see below). A sender reusing an id for
 * another kind of event is refused, not answered with the first event's result as a replay.
 */
function sameKind(seen: OrderEventRow, event: FulfilmentInput['event']): boolean {
  if (!seen.applied) return seen.note?.startsWith(`ignored: ${event} `) ?? false;
  return seen.fromStatus !== null && nextStatus(seen.fromStatus, event) === seen.toStatus;
}

export function applyFulfilmentEvent(db: Database, input: FulfilmentInput): Promise<FulfilmentResult> {
  // The same event id sent for another order at the same moment: the other transaction's row won the
  // unique index. Asked again, the event is now seen (another order's: a conflict; this one's: a replay).
  return againAfterUniqueViolation(() => applyFulfilmentEventOnce(db, input));
}

function applyFulfilmentEventOnce(db: Database, input: FulfilmentInput): Promise<FulfilmentResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const seen = await eventByExternalId(tx, input.externalId);
    if (seen) {
      if (seen.orderId !== input.orderId) return { kind: 'idConflict', orderId: seen.orderId };
      if (!sameKind(seen, input.event)) return { kind: 'kindConflict' };
      return { kind: 'recorded', replay: true, event: seen, status: order?.status ?? seen.toStatus };
    }
    if (!order) return { kind: 'unknownOrder' };
    const details = {
      orderId: input.orderId,
      actor: input.actor,
      at: input.at,
      externalId: input.externalId,
      carrier: input.carrier ?? null,
      trackingNumber: input.trackingNumber ?? null,
      trackingUrl: input.trackingUrl ?? null,
    };
    if (alreadyPast(order.status, input.event)) {
      const event = await recordOrderEvent(tx, {
        ...details,
        fromStatus: order.status,
        toStatus: order.status,
        applied: false,
        note: `ignored: ${input.event} arrived after the order was already ${statusName(order.status)}${input.note ? ` (${input.note})` : ''}`,
      });
      return { kind: 'recorded', replay: false, event, status: order.status };
    }
    const next = nextStatus(order.status, input.event);
    if (next === null) return { kind: 'illegal', status: order.status };
    await tx
      .update(orders)
      .set({
        status: next,
        updatedAt: new Date(),
        ...(input.carrier ? { carrier: input.carrier } : {}),
        ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
        ...(input.trackingUrl ? { trackingUrl: input.trackingUrl } : {}),
      })
      .where(eq(orders.id, input.orderId));
    await settleCashOnDelivery(tx, input.orderId, next, input.at);
    if (next === OrderStatus.Cancelled) await releaseStockOf(tx, input.orderId);
    // An operator (or courier) cancelling a paid order owes the shopper their money: the refund is
    // written before the event, so the cancellation mail can say so; the refund sweep asks the gateway.
    if (next === OrderStatus.Cancelled && order.status === OrderStatus.Processing) {
      const paid = await paidAttemptOf(tx, input.orderId);
      if (paid) await oweRefund(tx, paid);
    }
    const event = await recordOrderEvent(tx, {
      ...details,
      fromStatus: order.status,
      toStatus: next,
      note: input.note ?? null,
    });
    return { kind: 'recorded', replay: false, event, status: next };
  });
}

/** Where the expiry job moves an unpaid order: the lifecycle's answer, checked once at load. */
const EXPIRED_STATUS = nextStatus(0, 'payment.windowExpired');
if (EXPIRED_STATUS === null) throw new Error('the order lifecycle no longer lets an unpaid order expire');
const UNPAID_EXPIRED_NOTE = 'Not paid within the payment window';
const EXPIRED_MAIL = orderMailTemplate({ fromStatus: 0, toStatus: EXPIRED_STATUS });
if (EXPIRED_MAIL === null) throw new Error('an expired order no longer sends the shopper a mail');
const EXPIRED_MAILED = mailedFor(EXPIRED_MAIL);

/**
 * Cancels (actor 'timer') up to `batch` orders still Pending that were placed before `cutoff`, and
 * records each move and its mail to the shopper (the outbox's `order.cancelled`), in one statement.
 * `FOR UPDATE SKIP LOCKED` makes it safe across processes: two servers running it at once take
 * disjoint orders, and an order whose payment is being settled (its row locked by settleAttempt) is skipped until the next run, which finds it Processing. The same statement gives back the stock the
 * expired orders held (stock/stock.repository.ts). Returns the ids.
 */
export async function expireUnpaidOrders(db: Database, cutoff: Date, batch = 100): Promise<string[]> {
  const pending = 0;
  const result = await db.execute(sql`
    with due as (
      select id from ${orders}
      where ${orders.status} = ${pending} and ${orders.createdAt} < ${cutoff.toISOString()}::timestamptz
      order by ${orders.createdAt}
      limit ${batch}
      for update skip locked
    ), moved as (
      update ${orders} set status = ${EXPIRED_STATUS}, updated_at = now()
      from due where ${orders.id} = due.id and ${orders.status} = ${pending}
      returning ${orders.id} as id
    ), ${releaseCtes('moved')}, recorded as (
      insert into ${orderEvents} (order_id, from_status, to_status, actor, note)
      select id, ${pending}, ${EXPIRED_STATUS}, 'timer', ${UNPAID_EXPIRED_NOTE} from moved
      returning id, order_id
    ), ${EXPIRED_MAILED}
    select order_id from recorded`);
  return rowsOf<{ order_id: string }>(result).map((row) => row.order_id);
}

export type CancelResult =
  | { kind: 'notFound' }
  | { kind: 'refused'; status: OrderStatus }
  | {
      kind: 'cancelled';
      order: OrderRow;
      /** The refund written for a paid order (status 'pending' until the gateway is asked), else null. */
      refund: RefundRow | null;
    };

const SHOPPER_CANCELLED_NOTE = 'Cancelled by the shopper';

/**
 * The shopper cancels their own order. One transaction locks the order's row (`FOR UPDATE`, so a
 * payment settling or a courier's "shipped" waits, then finds it Cancelled) and lets the lifecycle
 * decide. A paid (Processing) order gets a refund row for its succeeded attempt, status 'pending': the
 * gateway is asked after the commit (server/payments/refunds.ts records its answer). The unique index on
 * refunds.attempt_id means one attempt is never refunded twice. Someone else's order is 'notFound'.
 */
export async function cancelOrderOfUser(
  db: Database,
  userId: string,
  orderId: string,
  refundId: string,
): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (!order) return { kind: 'notFound' };
    const next = nextStatus(order.status, 'order.cancelled');
    if (next === null) return { kind: 'refused', status: order.status };
    const now = new Date();
    const [moved] = await tx
      .update(orders)
      .set({ status: next, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    if (!moved) throw new Error(`order ${orderId} vanished while cancelling`);
    await recordOrderEvent(tx, {
      orderId,
      fromStatus: order.status,
      toStatus: next,
      actor: 'shopper',
      at: now,
      note: SHOPPER_CANCELLED_NOTE,
    });
    // A cash-on-delivery order took no money: its attempt is voided, never refunded.
    await settleCashOnDelivery(tx, orderId, next, now);
    // What the order held goes back on sale with the cancellation.
    await releaseStockOf(tx, orderId);
    if (order.status !== 1) return { kind: 'cancelled', order: moved, refund: null };
    // Processing means paid (online; cash on delivery is not refunded, paidAttemptOf skips it): the
    // refund is owed in this transaction, asked for by the request after it.
    const paid = await paidAttemptOf(tx, orderId);
    if (!paid) return { kind: 'cancelled', order: moved, refund: null };
    const row = await oweRefund(tx, paid, { id: refundId, leaseMs: REFUND_LEASE_MS });
    return { kind: 'cancelled', order: moved, refund: row };
  });
}
