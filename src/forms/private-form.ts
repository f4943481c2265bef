/**
 * Spread on every form that carries personal data (sign-in, registration, passwords, contact, address,
 * payment, order lookup, the newsletter's email): `method="post"`. The app submits these itself, but one
 * submitted before the app runs (Enter in the password field on a slow phone) is the browser's own: as
 * a GET it would write the password into the address bar, the history and every proxy's log. As a
 * POST, src/boot.ts holds it until the app runs (what was typed stays in the fields), and one that
 * still reaches the server is sent back to its page unread (303: server/plugins/method-not-allowed.ts).
 */
export const PRIVATE_FORM = { method: 'post' } as const;
