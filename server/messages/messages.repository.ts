/**
 * The contact form's messages and the newsletter's subscriptions. Each change and the mail
 * it causes are written in one transaction (server/mail/outbox.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../context';
import { contactMessages, newsletterSubscriptions } from '../db/schema';
import { enqueueMail } from '../mail/outbox';

/** Confirmation mails one address may be sent (asking again after that sends nothing). */
const NEWSLETTER_CONFIRMATIONS_MAX = 3;

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Stores a contact message with its mail to the store (Reply-To the sender) and, when `acknowledge`,
 * the sender's acknowledgement.
 */
export async function storeContactMessage(
  db: Database,
  input: ContactInput,
  storeEmail: string,
  acknowledge: boolean,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message insert returned no row');
    await enqueueMail(tx, {
      template: 'contact.forward',
      recipient: storeEmail,
      data: { ...input },
      dedupeKey: `contact:${row.id}:forward`,
    });
    if (acknowledge)
      await enqueueMail(tx, {
        template: 'contact.acknowledgement',
        recipient: input.email,
        dedupeKey: `contact:${row.id}:acknowledgement`,
      });
    return row.id;
  });
}

/**
 * Asks for the newsletter at `email`: a new address becomes 'pending', an unsubscribed one 'pending'
 * again; while pending, each request mails a confirmation link, at most NEWSLETTER_CONFIRMATIONS_MAX
 * times. A confirmed address is left alone. `links` makes the confirmation and unsubscribe links for
 * the subscription's id. Returns whether a mail was written.
 */
export async function requestSubscription(
  db: Database,
  email: string,
  links: (id: string) => { confirmLink: string; unsubscribeLink: string; oneClick: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for('update');
    if (!row || row.status === 'confirmed') return false;
    if (row.status === 'unsubscribed')
      await tx
        .update(newsletterSubscriptions)
        .set({ status: 'pending', confirmationsSent: 0 })
        .where(eq(newsletterSubscriptions.id, row.id));
    const sent = row.status === 'unsubscribed' ? 0 : row.confirmationsSent;
    if (sent >= NEWSLETTER_CONFIRMATIONS_MAX) return false;
    await tx
      .update(newsletterSubscriptions)
      .set({ confirmationsSent: sql`${newsletterSubscriptions.confirmationsSent} + 1` })
      .where(eq(newsletterSubscriptions.id, row.id));
    const { confirmLink, unsubscribeLink, oneClick } = links(row.id);
    await enqueueMail(tx, {
      template: 'newsletter.confirmation',
      recipient: email,
      data: {
        confirmLink,
        unsubscribeLink,
        // RFC 8058 one-click unsubscribe: mail clients POST to this address.
        headers: {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      dedupeKey: `newsletter:${row.id}:${row.unsubscribedAt?.getTime() ?? 0}:${sent + 1}`,
    });
    return true;
  });
}

/** Moves a subscription to `status` (confirmed or unsubscribed); false when it does not exist. */
export async function setSubscriptionStatus(
  db: Database,
  id: string,
  status: 'confirmed' | 'unsubscribed',
): Promise<boolean> {
  const now = new Date();
  const changed = await db
    .update(newsletterSubscriptions)
    .set(
      status === 'confirmed'
        ? { status, confirmedAt: now }
        : { status, unsubscribedAt: now, confirmationsSent: 0 },
    )
    .where(
      and(
        eq(newsletterSubscriptions.id, id),
        // An unsubscribed address is confirmed only by signing up again: an old confirmation link
        // (a mail scanner opening old mail) must not subscribe someone who has left.
        status === 'confirmed'
          ? inArray(newsletterSubscriptions.status, ['pending', 'confirmed'])
          : undefined,
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  return changed.length === 1;
}
