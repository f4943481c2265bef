import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscriptions } from '../../server/db/schema';
import {
  CONTACT_ACKS_PER_DAY,
  CONTACT_SENT,
  EMAIL_INVALID,
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_LINK_INVALID,
  NEWSLETTER_REQUESTED,
  NEWSLETTER_UNSUBSCRIBED,
} from '../../server/messages/messages.handlers';
import { API, RecordingMailer, setupTestApp, TEST_STORE, testConfig, withTestApp } from './helpers';

const PUBLIC_URL = 'https://shop.example.in';

const mailer = new RecordingMailer();
const t = setupTestApp({ publicUrl: PUBLIC_URL }, { mailer });
const deliver = () => mailer.deliverFrom(t.app);

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, payload });

/** The stored status of the newsletter subscription of `email` (undefined when there is none). */
async function subscriptionStatus(email: string) {
  const [row] = await t.ctx.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return row?.status;
}

const contact = (fields: Partial<Record<'name' | 'email' | 'subject' | 'message', string>> = {}) =>
  post('/contact', {
    name: 'Ravi Kumar',
    email: 'ravi@example.in',
    subject: 'Kurta sizes',
    message: 'Does the kurta run small?\nI am usually an L.',
    ...fields,
  });

describe('POST /contact', () => {
  it('stores the message, mails it to the store with the sender as Reply-To, and acknowledges the sender', async () => {
    const response = await contact({ email: '  Ravi.K@Example.IN ' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: CONTACT_SENT });
    const [stored] = await t.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'ravi.k@example.in'));
    expect(stored).toMatchObject({ name: 'Ravi Kumar', subject: 'Kurta sizes' });

    const mails = await deliver();
    const forward = mails.find((m) => m.to === TEST_STORE.companyEmail);
    expect(forward?.replyTo).toBe('ravi.k@example.in');
    expect(forward?.subject).toBe('Contact form: Kurta sizes');
    expect(forward?.text).toContain('> Does the kurta run small?\n> I am usually an L.');
    const ack = mails.find((m) => m.to === 'ravi.k@example.in');
    expect(ack?.subject).toBe(`We received your message to ${TEST_STORE.storeName}`);
    // The acknowledgement carries nothing the sender typed (the form cannot mail a stranger words).
    for (const typed of ['Ravi Kumar', 'Kurta sizes', 'run small'])
      expect(`${ack?.text}${ack?.html}`).not.toContain(typed);
    expect(mails).toHaveLength(2);
  });

  it('refuses what cannot be meant, with the reason', async () => {
    expect((await contact({ email: 'ravi at example' })).json()).toEqual({ error: EMAIL_INVALID });
    const blank = await contact({ name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'name is required' });
    expect((await post('/contact', { name: 'Ravi', email: 'ravi@example.in' })).statusCode).toBe(400);
    expect((await contact({ message: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect(await deliver()).toHaveLength(0);
  });

  it(`acknowledges one address at most ${CONTACT_ACKS_PER_DAY} times a day, and still forwards every message`, async () => {
    const email = 'flooded@example.in';
    for (let i = 0; i <= CONTACT_ACKS_PER_DAY; i++) expect((await contact({ email })).statusCode).toBe(202);
    const mails = await deliver();
    expect(mails.filter((m) => m.to === email)).toHaveLength(CONTACT_ACKS_PER_DAY);
    expect(mails.filter((m) => m.to === TEST_STORE.companyEmail)).toHaveLength(CONTACT_ACKS_PER_DAY + 1);
  });

  it('is rate limited per IP (RATE_LIMIT_CONTACT_MAX)', async () => {
    const limits = { rateLimit: { ...testConfig().rateLimit, contactMax: 2 } };
    await withTestApp(limits, {}, async (limited) => {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `${API}/newsletter/subscriptions`,
          payload: { email: 'limit@example.in' },
        });
      expect((await send()).statusCode).toBe(202);
      expect((await send()).statusCode).toBe(202);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/Too many requests/);
    });
  });
});

describe('the newsletter, double opt-in', () => {
  const tokenIn = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('token') ?? '';

  it('mails a confirmation link with one-click unsubscribe headers, and subscribes only once confirmed', async () => {
    const subscribed = await post('/newsletter/subscriptions', { email: ' Meera@Example.in' });
    expect(subscribed.statusCode).toBe(202);
    expect(subscribed.json()).toEqual({ message: NEWSLETTER_REQUESTED });

    const [mail, ...more] = await deliver();
    expect(await subscriptionStatus('meera@example.in')).toBe('pending');
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe('meera@example.in');
    const confirmLink = /https:\/\/shop\.example\.in\/newsletter\/confirm\?token=\S+/.exec(
      mail?.text ?? '',
    )?.[0];
    expect(confirmLink).toBeDefined();
    const oneClick = /^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClick).toMatch(/^https:\/\/shop\.example\.in\/api\/v1\/newsletter\/unsubscribe\?token=/);
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // A confirmation token is not an unsubscribe token, nor the other way round.
    const confirmToken = tokenIn(confirmLink);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${API}/newsletter/unsubscribe?token=${encodeURIComponent(confirmToken)}`,
    });
    expect(wrong.json()).toEqual({ error: NEWSLETTER_LINK_INVALID });

    const confirmed = await post('/newsletter/confirmations', { token: confirmToken });
    expect(confirmed.json()).toEqual({ message: NEWSLETTER_CONFIRMED });
    // Asking again once confirmed: the same answer, no mail.
    expect((await post('/newsletter/subscriptions', { email: 'meera@example.in' })).json()).toEqual({
      message: NEWSLETTER_REQUESTED,
    });
    expect(await deliver()).toHaveLength(0);

    // One click in a mail client: a form POST of List-Unsubscribe=One-Click.
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: new URL(oneClick ?? '').pathname + new URL(oneClick ?? '').search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json()).toEqual({ message: NEWSLETTER_UNSUBSCRIBED });
    expect(await subscriptionStatus('meera@example.in')).toBe('unsubscribed');

    // The old confirmation link (a mail scanner opening old mail) does not subscribe them again.
    const again = await post('/newsletter/confirmations', { token: confirmToken });
    expect(again.json()).toEqual({ error: NEWSLETTER_LINK_INVALID });
    expect(await subscriptionStatus('meera@example.in')).toBe('unsubscribed');
  });

  it('answers before it looks the address up: the lookup and the mail wait in the mail queue', async () => {
    // A known address used to take longer to answer than a new one (26 ms against 17): the answer
    // waited for the lookup. Held behind another job, the sign-up has not touched the table yet.
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    t.app.mailQueue.push(() => held);
    try {
      const answer = await post('/newsletter/subscriptions', { email: 'queued@example.in' });
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: NEWSLETTER_REQUESTED });
      expect(await subscriptionStatus('queued@example.in')).toBeUndefined();
    } finally {
      release();
    }
    expect((await deliver()).map((mail) => mail.to)).toEqual(['queued@example.in']);
    expect(await subscriptionStatus('queued@example.in')).toBe('pending');
  });

  it('mails a waiting address at most 3 confirmations, and refuses a forged or malformed token', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('/newsletter/subscriptions', { email: 'asks@example.in' })).statusCode).toBe(202);
    expect((await deliver()).filter((m) => m.to === 'asks@example.in')).toHaveLength(3);
    expect((await post('/newsletter/subscriptions', { email: 'not-an-email' })).json()).toEqual({
      error: EMAIL_INVALID,
    });
    const forged = `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'a'.repeat(64)}`;
    expect((await post('/newsletter/confirmations', { token: forged })).json()).toEqual({
      error: NEWSLETTER_LINK_INVALID,
    });
    expect((await post('/newsletter/confirmations', { token: 'nonsense' })).statusCode).toBe(400);
    const noToken = await t.app.inject({ method: 'POST', url: `${API}/newsletter/unsubscribe` });
    expect(noToken.statusCode).toBe(400);
  });
});
