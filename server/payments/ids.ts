import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url: the sandbox page's path, so it must not be guessable. */
export function newAttemptId(): string {
  return randomBytes(16).toString('base64url');
}

// Crockford base32 without I, L, O, U: readable over the phone and safe in PayU txnid and UPI tr.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Gateway reference ('SFP' + 16 base32 characters = 80 random bits, 19 characters): within PayU's
 * 25-character txnid and UPI's 35-character tr, alphanumeric as both require.
 */
export function newPaymentReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = 'SFP';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

/** Refund id ('SFR' + 16 base32 characters): our unique request id at the gateway (PayU var2). */
export function newRefundId(): string {
  return `SFR${newPaymentReference().slice(3)}`;
}
