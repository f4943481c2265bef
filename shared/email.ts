/**
 * The one email rule, for the client and the server alike: a bare address, something@somewhere.tld.
 * Nothing a mail header reads as more than one mailbox, or as a name around one: no display names
 * (`Asha <asha@…>`), comments, groups or lists, so none of `<>"(),;:[]\`, no spaces, no control or
 * invisible format characters (\p{Cc}, \p{Cf}), and one `@`. What is mailed is then exactly what is
 * stored and what every per-address cap is keyed by. A shopper's stray spaces and capitals are
 * forgiven (normaliseEmail) before the rule is applied; the server stores the normal form.
 */
export const EMAIL_PATTERN =
  /^[^\s\p{Cc}\p{Cf}<>"(),;:[\]\\@]+@(?:[^\s\p{Cc}\p{Cf}<>"(),;:[\]\\@.]+\.)+[^\s\p{Cc}\p{Cf}<>"(),;:[\]\\@.]+$/u;

/** Trimmed and lowercased: how every email is compared and stored. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
