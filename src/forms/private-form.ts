/**
 * Spread on every form that carries personal data (sign-in, registration, passwords, contact, address,
 * payment, order lookup, the newsletter's email): `method="post"`. The app submits these itself, but one
 * submitted before the app runs (Enter in the password field on a slow phone) would be the browser's own: as
 * a GET it would write the password into the address bar, the history and every proxy's log. Until the
 * app has hydrated the form its submit button is disabled (SubmitButton: src/components/ui/button.tsx),
 * so no submit leaves the page; and should one reach the server as a POST all the same, it is sent back
 * to its page unread (303: server/plugins/method-not-allowed.ts).
 */
export const PRIVATE_FORM = { method: 'post' } as const;
