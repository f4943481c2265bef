/**
 * Writing mail (docs/operations.md): a mail is a row of `mail_outbox`, inserted by the same transaction as
 * the change that causes it, so it exists exactly when that change committed — never a mail for an order that
 * rolled back, never a change whose mail was lost because the process died before sending. The worker
 * (./worker.ts) delivers the rows. One cause, one row: `dedupeKey` is unique.
 */
import type { Database } from '../context';
import { mailOutbox, OrderStatus } from '../db/schema';
import type { MailTemplate } from './templates';

/** Any query runner: the database or one of its transactions. */
type Runner = Pick<Database, 'insert'>;

export interface NewMail {
  template: MailTemplate;
  /** The address; omitted for order mail (the order's account, read when it is sent). */
  recipient?: string;
  orderId?: string;
  eventId?: number;
  data?: Record<string, unknown>;
  /** What caused it, e.g. `event:42`: a second row for the same cause is not written. */
  dedupeKey: string;
}

/** Writes one mail to the outbox (nothing when its cause already has one). */
export async function enqueueMail(db: Runner, mail: NewMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({
      template: mail.template,
      recipient: mail.recipient ?? null,
      orderId: mail.orderId ?? null,
      eventId: mail.eventId ?? null,
      data: mail.data ?? {},
      dedupeKey: mail.dedupeKey,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/**
 * Which mail an applied order event sends: the placement (its payment reminder, due later and sent
 * only if the order still waits for its payment: ./worker.ts), the payment (or a cash-on-delivery
 * confirmation), shipping, delivery and cancellation. Events that changed nothing send none.
 */
export function orderMailTemplate(event: {
  fromStatus?: number | null;
  toStatus: number;
  applied?: boolean | null;
}): MailTemplate | null {
  if (event.applied === false) return null;
  if (event.fromStatus === null || event.fromStatus === undefined) return 'order.placed';
  if (event.fromStatus === event.toStatus) return null;
  switch (event.toStatus) {
    case OrderStatus.Processing:
      return 'order.paid';
    case OrderStatus.Shipped:
      return 'order.shipped';
    case OrderStatus.Delivered:
      return 'order.delivered';
    case OrderStatus.Cancelled:
      return 'order.cancelled';
    default:
      return null;
  }
}

/** The outbox key of an order event's mail is this prefix and the event's id (written in SQL). */
export const EVENT_MAIL_KEY_PREFIX = 'event:';
