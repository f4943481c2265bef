import { createHmac } from 'node:crypto';
import { digestsEqual } from '../payments/sandbox';

/** A reset link is good for one hour. */
const RESET_TTL_MS = 60 * 60 * 1000;

export const RESET_REQUESTED =
  'If an account exists for that email, we have sent it a link to reset the password.';
export const RESET_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
export const RESET_DONE = 'Your password has been reset. Please sign in with the new password.';

function signature(secret: string, userId: string, expiresAt: number, passwordHash: string): string {
  return createHmac('sha256', secret).update(`${userId}|${expiresAt}|${passwordHash}`).digest('hex');
}

/**
 * A stateless one-time token: user id, expiry and an HMAC over both plus the current password hash.
 * Setting a new password changes the hash, so the token (and every other one issued before) stops
 * working: single use without a table.
 */
export function createResetToken(
  secret: string,
  user: { id: string; passwordHash: string },
  now = Date.now(),
): string {
  const expiresAt = now + RESET_TTL_MS;
  return `${user.id}.${expiresAt}.${signature(secret, user.id, expiresAt, user.passwordHash)}`;
}

/** The user id a token names, before it is checked against that user (null when malformed). */
export function resetTokenUserId(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([0-9]{13})\.([0-9a-f]{64})$/.exec(token.trim());
  return match?.[1] ?? null;
}

export function isResetTokenValid(
  secret: string,
  token: string,
  user: { id: string; passwordHash: string },
  now = Date.now(),
): boolean {
  const match = /^([0-9a-f-]{36})\.([0-9]{13})\.([0-9a-f]{64})$/.exec(token.trim());
  if (!match || match[1] !== user.id) return false;
  const expiresAt = Number(match[2]);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) return false;
  return digestsEqual(signature(secret, user.id, expiresAt, user.passwordHash), match[3] ?? '');
}
