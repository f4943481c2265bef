/**
 * Row 15: a display-name address (`x<victim@…>`) passed the email rule; nodemailer mailed the inner
 * address while every per-address cap was keyed by the whole string, so each variant got its own
 * allowance and one inbox was flooded with confirmations and acknowledgements. Replayed against a real
 * server mailing a loopback SMTP sink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from './client';
import { attack, setupShops, waitFor } from './harness';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const VICTIM = 'victim@inbox.example.in';

/** What a mail header or nodemailer reads as one mailbox or several, none of them a bare address. */
const HOSTILE = [
  `n0<${VICTIM}>`,
  `"Asha" <${VICTIM}>`,
  `Asha (work) ${VICTIM}`,
  `${VICTIM}, other@inbox.example.in`,
  `${VICTIM};other@inbox.example.in`,
  `group:${VICTIM};`,
  `${VICTIM}\u0000`,
  `vic\u001btim@inbox.example.in`,
];

describe('row 15: only a bare address is an address', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  // Hooks run as a stack: the shop closes before the sink does.
  afterAll(async () => {
    await sink?.close();
  });
  const shops = setupShops(() => ({
    shop: {
      SMTP_URL: sink.url,
      PUBLIC_URL: 'https://shop.example.in',
      // Room for every form below from one address: this row is about addresses, not rate limits.
      RATE_LIMIT_CONTACT_MAX: '100',
      RATE_LIMIT_REGISTER_MAX: '100',
    },
  }));

  it('refuses display names, lists and controls in every form that takes an email', async () => {
    for (const email of HOSTILE) {
      const forms = [
        ['/api/v1/newsletter/subscriptions', { email }],
        ['/api/v1/contact', { name: 'Asha', email, subject: 'Hello', message: 'A question' }],
        [
          '/api/v1/users/register',
          { email, password: 'saree-sunday-42', firstName: 'Asha', lastName: 'Verma' },
        ],
      ] as const;
      for (const [path, body] of forms) {
        const answer = await send(shops.shop.url, 'POST', path, { body });
        expect(answer.status, `${path} ${JSON.stringify(email)}`).toBe(400);
        // Control characters are refused before any handler reads the field (NUL as text no database
        // stores, the rest as control characters: server/plugins/request-validation.ts), the rest by
        // the email rule.
        expect(answer.body).toMatch(/valid email address|NUL|email must not contain control characters/);
      }
    }
    attack(
      15,
      `${HOSTILE.length} display-name, list and control-character forms of one address, to newsletter, contact and registration`,
      'each a 400 "Please enter a valid email address." (shared/email.ts: a bare address only)',
    );
  });

  it('mails one inbox no more than its caps, however the address is dressed', async () => {
    // Forgiven spellings of the same address are that address (and its caps), not new ones.
    for (const email of [VICTIM, ` ${VICTIM} `, VICTIM.toUpperCase(), VICTIM, VICTIM]) {
      const answer = await send(shops.shop.url, 'POST', '/api/v1/newsletter/subscriptions', {
        body: { email },
      });
      expect(answer.status).toBe(202);
    }
    await waitFor('the newsletter confirmations', 30_000, () => sink.messages.length >= 3);
    // Anything else queued would have been sent by now: a contact mail sent after it arrives last.
    await send(shops.shop.url, 'POST', '/api/v1/newsletter/subscriptions', {
      body: { email: 'last@example.in' },
    });
    await waitFor('the last confirmation', 30_000, () =>
      sink.messages.some((message) => message.to.includes('last@example.in')),
    );
    const toVictim = sink.messages.filter((message) =>
      message.to.some((to) => to.includes('inbox.example.in')),
    );
    expect(toVictim).toHaveLength(3);
    attack(
      15,
      '5 newsletter sign-ups for one inbox, spaced, capitalised and plain',
      '3 confirmations (its cap): the cap is keyed by the normalised bare address that is mailed',
    );
  });
});
