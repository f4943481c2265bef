/**
 * Signed links in newsletter mail: `<subscription id>.<HMAC-SHA256>` over the id and what the link
 * does (confirm or unsubscribe), keyed by RESET_SECRET (the server's link secret, the one password-reset
 * links use; a different purpose string keeps each kind of link from working as another). Stateless:
 * the link works until the secret changes.
 */
import { createHmac } from 'node:crypto';
import { digestsEqual } from '../payments/sandbox';

export type LinkPurpose = 'newsletter.confirm' | 'newsletter.unsubscribe';

const digest = (secret: string, purpose: LinkPurpose, id: string) =>
  createHmac('sha256', secret).update(`${purpose}|${id}`).digest('hex');

export const signLink = (secret: string, purpose: LinkPurpose, id: string) =>
  `${id}.${digest(secret, purpose, id)}`;

/** The id a token names when its signature holds for `purpose`, else null. */
export function verifyLink(secret: string, purpose: LinkPurpose, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([0-9a-f]{64})$/.exec(token.trim());
  if (!match?.[1] || !match[2]) return null;
  return digestsEqual(digest(secret, purpose, match[1]), match[2]) ? match[1] : null;
}
