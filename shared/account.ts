/**
 * The account rules, once: the sign-in, registration and reset forms use them through zod's `refine`
 * (src/forms/auth.schema.ts) and the server through server/accounts/users.handlers.ts; openapi.yaml's
 * minLength and maxLength say the same (tests/shared/account.test.ts compares them). Lengths count
 * code points, as the contract's validator does, so an emoji is one character everywhere; a name
 * counts only what a reader sees (shared/text.ts visibleText). The email rule is shared/email.ts.
 */
import { visibleLength } from './text';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

/** At least PASSWORD_MIN characters, spaces included (a passphrase may start or end with one). */
export const isPasswordLongEnough = (password: string) => [...password].length >= PASSWORD_MIN;

/** At least NAME_MIN visible characters. */
export const isNameLongEnough = (name: string) => visibleLength(name) >= NAME_MIN;
