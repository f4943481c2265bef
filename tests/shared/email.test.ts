import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, normaliseEmail } from '../../shared/email';
import { contactSchema } from '../../src/features/messages/contact.schema';
import { loginSchema } from '../../src/forms/auth.schema';

/** What a mail header reads as a name around an address, several mailboxes, or hidden text. */
const NOT_BARE = [
  'n0<v@example.in>',
  '"Asha" <asha@example.in>',
  'asha@example.in (work)',
  'asha@example.in, ravi@example.in',
  'asha@example.in;ravi@example.in',
  'group:asha@example.in;',
  'asha\\@x@example.in',
  'asha@[127.0.0.1]',
  'as ha@example.in',
  'asha@example.in\u0000',
  'as\u001bha@example.in',
  'as\u200bha@example.in',
  'asha\u202e@example.in',
  'asha@@example.in',
  'asha@example',
  'asha@.example.in',
  'asha@example..in',
  'asha@example.in.',
];

const BARE = [
  'asha@example.in',
  'a.b+tag@mail.co.in',
  "o'brien@example.in",
  'asha@exámple.in',
  'ASHA@Example.IN',
];

describe('the one email rule (shared/email.ts)', () => {
  it.each(NOT_BARE)('refuses %j', (email) => {
    expect(EMAIL_PATTERN.test(normaliseEmail(email))).toBe(false);
  });

  it.each(BARE)('takes %j', (email) => {
    expect(EMAIL_PATTERN.test(normaliseEmail(email))).toBe(true);
  });

  it('is the rule of the sign-in and contact forms, stray spaces forgiven', () => {
    const contact = { name: 'Asha', subject: 'Hi', message: 'A question' };
    for (const email of NOT_BARE) {
      expect(loginSchema.safeParse({ email, password: 'secret-42' }).success, email).toBe(false);
      expect(contactSchema.safeParse({ ...contact, email }).success, email).toBe(false);
    }
    expect(loginSchema.safeParse({ email: ' asha@example.in ', password: 'secret-42' }).success).toBe(true);
    expect(contactSchema.safeParse({ ...contact, email: ' asha@example.in ' }).success).toBe(true);
  });
});
