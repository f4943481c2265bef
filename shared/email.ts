/**
 * The one email rule (issue 26): something@somewhere.tld with no spaces. A shopper's stray spaces and
 * capitals are forgiven (normaliseEmail) before the rule is applied; the server stores the normal form.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed and lowercased: how every email is compared and stored. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
