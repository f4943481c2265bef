/**
 * Delivering the outbox (docs/operations.md). Every server process runs one worker; each round claims up to
 * `batch` due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so two processes never take
 * the same row and a row held by a process that died (kill -9) is taken again once its lease runs out. A row
 * is rendered when it is sent (the order as it stands, its lines, its refund), handed to the transport, then
 * marked sent. A failure is retried with exponential backoff (MAIL_RETRY_BASE_MS, doubling, at most an hour
 * apart) until MAIL_MAX_ATTEMPTS, then the row is marked failed and logged.
 *
 * Delivery is at least once: a process killed after the mail server accepted a message and before the
 * row was marked sent (a window of one UPDATE) sends it again on restart. Each message carries a
 * Message-ID made from its row id, the same on every try, so a mail provider and the recipient's client
 * recognise a repeat as the same message.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type ProductPicture, pictureOfColour } from '../../shared/product-images';
import type { Database } from '../context';
import { rowsOf, tableRow } from '../db/rows';
import {
  mailOutbox,
  OrderStatus,
  orderEvents,
  orderItems,
  orders,
  paymentAttempts,
  products,
  refunds,
  returnEvents,
  returnLines,
  returns,
  users,
} from '../db/schema';
import { COD_PROVIDER } from '../payments/cod';
import { REFUND_MAX_ATTEMPTS, refundExpectedBy } from '../payments/refunds.repository';
import type { Mailer } from './mailer';
import {
  MAIL_TEMPLATES,
  type MailContext,
  type MailInput,
  type MailOrder,
  type ReturnMail,
  renderMail,
} from './templates';

export const MAIL_MAX_ATTEMPTS = 8;
/** Rows claimed per round; they are sent side by side. */
const CLAIM_BATCH = 5;
/** Row data that must not outlive its sending (a reset link works for an hour, once). */
const SECRET_TEMPLATES = new Set(['password.reset', 'newsletter.confirmation']);

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface MailWorkerOptions {
  /** The first retry waits this long, each next one twice as long (at most an hour). */
  retryBaseMs: number;
  /** How often an idle worker looks for due rows. */
  pollMs: number;
  /**
   * A send that has not finished after this long has failed (MAIL_SEND_TIMEOUT). A claimed row is the
   * worker's for twice as long: a process killed mid-send leaves its rows to another (or its own
   * restart) once that lease has run out.
   */
  sendTimeoutMs: number;
  batch?: number;
}

/** A mail that can never be sent (its order is gone, its template unknown): not retried. */
class Undeliverable extends Error {}

/** A mail whose moment has passed (a payment reminder for an order paid or cancelled meanwhile): dropped. */
class NoLongerDue extends Error {}

/**
 * The order, its account and lines, the event that caused the mail, its refunds and its cash on
 * delivery, as mail needs them: one statement, as the worker sends two mails per paid order
 * (docs/performance.md, "Checkout under load").
 */
async function loadOrder(
  db: Database,
  row: OutboxRow,
): Promise<{ order: MailOrder; to: string; status: number }> {
  if (!row.orderId) throw new Undeliverable('order mail without an order');
  const [raw] = rowsOf<{
    order: Record<string, unknown>;
    email: string;
    first_name: string;
    lines: Record<string, unknown>[] | null;
    event: Record<string, unknown> | null;
    refunds: Record<string, unknown>[] | null;
    cod: Record<string, unknown> | null;
    pictures: Record<string, { imgUrl: string; images: ProductPicture[] | null }> | null;
  }>(
    await db.execute(sql`
      select row_to_json(o) as "order", u.email, u.first_name,
        (select json_agg(i order by i.position, i.id) from ${orderItems} i where i.order_id = o.id) as lines,
        (select row_to_json(e) from ${orderEvents} e where e.id = ${row.eventId}) as event,
        (select json_agg(r order by r.created_at) from ${refunds} r
          where r.order_id = o.id and r.return_id is null) as refunds,
        (select row_to_json(a) from ${paymentAttempts} a
          where a.order_id = o.id and a.provider = ${COD_PROVIDER} limit 1) as cod,
        (select json_object_agg(p.id, json_build_object('imgUrl', p.img_url, 'images', p.images))
          from ${products} p where p.id in (select i.product_id from ${orderItems} i where i.order_id = o.id))
          as pictures
      from ${orders} o join ${users} u on u.id = o.user_id
      where o.id = ${row.orderId}`),
  );
  if (!raw) throw new Undeliverable(`order ${row.orderId} no longer exists`);
  const order = tableRow(orders, raw.order);
  const lines = (raw.lines ?? []).map((line) => tableRow(orderItems, line));
  const event = raw.event ? tableRow(orderEvents, raw.event) : null;
  const refundRows = (raw.refunds ?? []).map((refund) => tableRow(refunds, refund));
  const cod = raw.cod ? tableRow(paymentAttempts, raw.cod).amountPaise : null;
  // The refund the mail is about (data.refundId), else the order's (one per paid order).
  const refundId = (row.data as { refundId?: unknown } | null)?.refundId;
  const refund =
    refundRows.find((r) => r.id === refundId) ??
    refundRows.find((r) => r.status !== 'failed') ??
    refundRows[0];
  return {
    to: raw.email,
    status: order.status,
    order: {
      id: order.id,
      placedAt: order.createdAt.toISOString(),
      firstName: raw.first_name,
      totalPaise: order.totalPaise,
      lines: lines.map((line) => ({
        title: line.productTitle,
        quantity: line.quantity,
        unitPaise: line.unitPricePaise,
        size: line.size,
        color: line.color,
        image: pictureOf(raw.pictures?.[line.productId], line.color),
      })),
      ship: {
        fullName: order.shipFullName,
        address: order.shipAddress,
        city: order.shipCity,
        state: order.shipState,
        postalCode: order.shipPostalCode,
      },
      payOnDeliveryPaise: cod,
      carrier: event?.carrier ?? order.carrier,
      trackingNumber: event?.trackingNumber ?? order.trackingNumber,
      trackingUrl: event?.trackingUrl ?? order.trackingUrl,
      note: event?.note ?? null,
      actor: event?.actor ?? null,
      refund: refund
        ? {
            amountPaise: refund.amountPaise,
            expectedBy: refundExpectedBy(refund.createdAt),
            standing:
              refund.status !== 'failed'
                ? 'asked'
                : refund.attempts < REFUND_MAX_ATTEMPTS
                  ? 'retrying'
                  : 'by-hand',
          }
        : null,
    },
  };
}

const text = (data: Record<string, unknown>, key: string): string => {
  const value = data[key];
  if (typeof value !== 'string') throw new Undeliverable(`mail data lacks "${key}"`);
  return value;
};

/** The return a mail is about (data.returnId) as its move (data.eventId) left it, with its returned lines. */
async function loadReturnChange(db: Database, data: Record<string, unknown>): Promise<ReturnMail> {
  const returnId = text(data, 'returnId');
  const eventId = Number(data.eventId);
  const [raw] = rowsOf<{
    r: Record<string, unknown>;
    event: Record<string, unknown> | null;
    lines:
      | {
          title: string;
          quantity: number;
          unit_paise: number;
          size: string | null;
          color: string | null;
          img_url: string | null;
          images: ProductPicture[] | null;
        }[]
      | null;
  }>(
    await db.execute(sql`
      select row_to_json(r) as r,
        (select row_to_json(e) from ${returnEvents} e where e.id = ${eventId} and e.return_id = r.id) as event,
        (select json_agg(json_build_object('title', i.product_title, 'quantity', l.quantity,
            'unit_paise', i.unit_price_paise, 'size', coalesce(l.size, i.size), 'color', i.color,
            'img_url', p.img_url, 'images', p.images)
            order by i.position, i.id)
          from ${returnLines} l join ${orderItems} i on i.id = l.order_item_id
            left join ${products} p on p.id = i.product_id
          where l.return_id = r.id) as lines
      from ${returns} r where r.id = ${returnId}`),
  );
  if (!raw) throw new Undeliverable(`return ${returnId} no longer exists`);
  const found = tableRow(returns, raw.r);
  const event = raw.event ? tableRow(returnEvents, raw.event) : null;
  return {
    id: found.id,
    kind: found.kind,
    status: event?.toStatus ?? found.status,
    note: event?.note ?? null,
    amountPaise: found.amountPaise,
    refundTo: found.refundAccountHint,
    lines: (raw.lines ?? []).map((line) => ({
      title: line.title,
      quantity: line.quantity,
      unitPaise: Number(line.unit_paise),
      size: line.size,
      color: line.color,
      image:
        line.img_url === null ? null : pictureOf({ imgUrl: line.img_url, images: line.images }, line.color),
    })),
  };
}

/** A line's picture in its colour (shared/product-images.ts); null when the product is gone. */
function pictureOf(
  product: { imgUrl: string; images: ProductPicture[] | null } | undefined,
  colour: string | null,
): string | null {
  return product ? pictureOfColour(product.images ?? [], product.imgUrl, colour) : null;
}

/** What the row's template is given, and where it goes. */
async function inputOf(
  db: Database,
  row: OutboxRow,
): Promise<{ input: MailInput; to: string; replyTo?: string }> {
  const data = (row.data ?? {}) as Record<string, unknown>;
  const to = () => {
    if (!row.recipient) throw new Undeliverable('mail without a recipient');
    return row.recipient;
  };
  switch (row.template) {
    case 'order.placed':
    case 'order.paid':
    case 'order.shipped':
    case 'order.delivered':
    case 'order.cancelled':
    case 'payment.refunded': {
      const { order, to: email, status } = await loadOrder(db, row);
      if (row.template === 'order.placed' && status !== OrderStatus.Pending)
        throw new NoLongerDue('the order no longer waits for its payment');
      return { input: { template: row.template, order }, to: row.recipient ?? email };
    }
    case 'return.updated': {
      const { order, to: email } = await loadOrder(db, row);
      const change = await loadReturnChange(db, data);
      return { input: { template: row.template, order, change }, to: row.recipient ?? email };
    }
    case 'password.reset':
      return {
        input: { template: row.template, firstName: text(data, 'firstName'), link: text(data, 'link') },
        to: to(),
      };
    case 'contact.forward':
      return {
        input: {
          template: row.template,
          name: text(data, 'name'),
          email: text(data, 'email'),
          subject: text(data, 'subject'),
          message: text(data, 'message'),
        },
        to: to(),
        replyTo: text(data, 'email'),
      };
    case 'contact.acknowledgement':
      return { input: { template: row.template }, to: to() };
    case 'newsletter.confirmation':
      return {
        input: {
          template: row.template,
          confirmLink: text(data, 'confirmLink'),
          unsubscribeLink: text(data, 'unsubscribeLink'),
        },
        to: to(),
      };
    default:
      throw new Undeliverable(`unknown template "${row.template}" (known: ${MAIL_TEMPLATES.join(', ')})`);
  }
}

/** Rejects when `work` has not settled within `ms` (the send may still finish: at least once). */
async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the mail server did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The delay before try `attempts + 1`: base, 2×base, 4×base, … at most an hour. */
const retryDelayMs = (attempts: number, baseMs: number) =>
  Math.min(60 * 60_000, baseMs * 2 ** Math.max(0, attempts - 1));

export class MailWorker {
  #timer: NodeJS.Timeout | null = null;
  #round: Promise<number> | null = null;
  #stopped = false;
  readonly #batch: number;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly context: MailContext,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly options: MailWorkerOptions,
  ) {
    this.#batch = options.batch ?? CLAIM_BATCH;
  }

  /** Polls for due mail every `pollMs` until stop(). */
  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => this.kick(), this.options.pollMs);
    this.#timer.unref();
    this.kick();
  }

  /** Runs a round now unless one is running. */
  kick(): void {
    if (this.#round || this.#stopped) return;
    this.#round = this.#deliverDue()
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'mail round failed; retrying on the next one');
        return 0;
      })
      .finally(() => {
        this.#round = null;
      });
  }

  /** Delivers rounds until nothing is due (tests, and a last round at shutdown). Returns how many were tried. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      while (this.#round) await this.#round;
      const tried = await this.#deliverDue();
      total += tried;
      if (tried === 0) return total;
    }
  }

  /** Stops polling and waits for the round in flight (its rows are marked; nothing is half-done). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    while (this.#round) await this.#round;
  }

  /** Claims the due rows (lease, attempts + 1) and delivers each. */
  async #deliverDue(): Promise<number> {
    const claimed = await this.db.execute(sql`
      update ${mailOutbox} set locked_until = now() + ${`${2 * this.options.sendTimeoutMs} milliseconds`}::interval,
        attempts = attempts + 1
      where id in (
        select id from ${mailOutbox}
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, created_at
        limit ${this.#batch}
        for update skip locked
      )
      returning *`);
    const rows = rowsOf(claimed)
      .map((raw) => tableRow(mailOutbox, raw))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    if (rows.length === 0) return 0;
    const sent = (await Promise.all(rows.map((row) => this.#deliver(row)))).filter((row) => row !== null);
    if (sent.length > 0) await this.#markSent(sent);
    return rows.length;
  }

  /**
   * Marks the round's sent mails sent, in one statement (one per mail was a write per order mail on the
   * checkout's path: docs/performance.md). Until it runs they stay leased (twice the send timeout from the
   * claim; each send is cut off at one); a process that dies before it leaves them to be sent again once the
   * lease is out, as one that died between a send and its own mark did. Secret mails' data (a reset or
   * confirmation link) goes with the mark.
   */
  async #markSent(sent: OutboxRow[]): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({
        sentAt: new Date(),
        lockedUntil: null,
        lastError: null,
        data: sql`case when ${mailOutbox.template} in (${sql.join(
          [...SECRET_TEMPLATES].map((template) => sql`${template}`),
          sql`, `,
        )}) then '{}'::jsonb else ${mailOutbox.data} end`,
      })
      .where(
        inArray(
          mailOutbox.id,
          sent.map((row) => row.id),
        ),
      );
    for (const row of sent)
      this.log.info({ mail: row.id, template: row.template, attempts: row.attempts }, 'mail sent');
  }

  /** Sends one claimed mail: the row when it went out (marked by the round), null when it did not. */
  async #deliver(row: OutboxRow): Promise<OutboxRow | null> {
    try {
      const { input, to, replyTo } = await inputOf(this.db, row);
      const rendered = renderMail(input, this.context);
      const host = new URL(this.context.origin).hostname || 'statefront.invalid';
      await withTimeout(
        this.mailer.send({
          to,
          ...rendered,
          ...(replyTo ? { replyTo } : {}),
          messageId: `<${row.id}@${host}>`,
          headers: (row.data as { headers?: Record<string, string> } | null)?.headers ?? {},
        }),
        this.options.sendTimeoutMs,
      );
      return row;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof NoLongerDue) {
        await this.db
          .delete(mailOutbox)
          .where(and(eq(mailOutbox.id, row.id), sql`${mailOutbox.sentAt} is null`));
        this.log.info({ mail: row.id, template: row.template, reason: message }, 'mail dropped');
        return null;
      }
      const giveUp = error instanceof Undeliverable || row.attempts >= MAIL_MAX_ATTEMPTS;
      await this.db
        .update(mailOutbox)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 500),
          ...(giveUp
            ? { failedAt: new Date() }
            : { nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts, this.options.retryBaseMs)) }),
        })
        .where(and(eq(mailOutbox.id, row.id), sql`${mailOutbox.sentAt} is null`));
      const log = { mail: row.id, template: row.template, attempts: row.attempts, err: message };
      if (giveUp) this.log.error(log, 'mail given up');
      else this.log.warn(log, 'mail not sent; retrying later');
      return null;
    }
  }
}
