import { z } from 'zod';
import {
  EMAIL_MAX,
  isNameLongEnough,
  isPasswordLongEnough,
  NAME_MAX,
  PASSWORD_MAX,
} from '../../shared/account';
import { EMAIL_PATTERN } from '../../shared/email';

const INVALID_EMAIL = 'Invalid email address';
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
const FIRST_NAME_TOO_SHORT = 'First name must be at least 2 characters';
const LAST_NAME_TOO_SHORT = 'Last name must be at least 2 characters';
const PASSWORDS_DIFFER = 'Passwords do not match';

// Each schema carries its message as the catch-all `error`, so an empty (missing) field shows the
// same text as a too-short one: the spec gives one message per field. The rules are the server's
// (shared/account.ts, shared/email.ts): lengths in code points, a bare address with no display name.
const email = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .pipe(z.string().max(EMAIL_MAX).regex(EMAIL_PATTERN, { error: INVALID_EMAIL }));
const password = z
  .string({ error: PASSWORD_TOO_SHORT })
  .refine(isPasswordLongEnough, { error: PASSWORD_TOO_SHORT })
  .max(PASSWORD_MAX);

/** Sign in (spec §5 Login form): rememberMe is optional. */
export const loginSchema = z.object({
  email,
  password,
  rememberMe: z.boolean().optional(),
});

const registerFields = z.object({
  firstName: z
    .string({ error: FIRST_NAME_TOO_SHORT })
    .trim()
    .refine(isNameLongEnough, { error: FIRST_NAME_TOO_SHORT })
    .max(NAME_MAX),
  lastName: z
    .string({ error: LAST_NAME_TOO_SHORT })
    .trim()
    .refine(isNameLongEnough, { error: LAST_NAME_TOO_SHORT })
    .max(NAME_MAX),
  email,
  password,
  confirmPassword: z.string({ error: PASSWORDS_DIFFER }),
});

/**
 * Registration (spec §5 Registration form). The mismatch is reported on confirmPassword and checked as
 * soon as both passwords are valid, even while another field (say, the last name) is still wrong.
 */
export const registerSchema = registerFields.refine((v) => v.password === v.confirmPassword, {
  error: PASSWORDS_DIFFER,
  path: ['confirmPassword'],
  when: (payload) =>
    registerFields.pick({ password: true, confirmPassword: true }).safeParse(payload.value).success,
});
