import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import { isPasswordLongEnough } from '../../../shared/account';
import { usePageActor } from '../../app/app-actor';
import { formStack } from '../../components/form-layout';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PRIVATE_FORM } from '../../forms/private-form';
import { AuthFooter, AuthHeading, AuthSubmit, authLink } from './auth-card';
import { PasswordField } from './password-field';
import { providePasswordResetMachine } from './password-reset.live';

const PASSWORDS_DIFFER = 'The two passwords do not match.';
const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters.';

/** /reset-password?token=…: choose a new password with the emailed link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, send] = usePageActor('passwordReset', providePasswordResetMachine);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const saving = state.hasTag('loading') || state.matches('done');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirmPassword') ?? '');
    const problem = !isPasswordLongEnough(password)
      ? PASSWORD_TOO_SHORT
      : password !== confirm
        ? PASSWORDS_DIFFER
        : null;
    setMismatch(problem);
    if (!problem) send({ type: 'reset.confirm', token, password });
  };

  if (!token) {
    return (
      <>
        <AuthHeading title="Choose a new password">
          This page needs the link from the reset email.
        </AuthHeading>
        <ErrorAlert>The reset link is incomplete. Please request a new one.</ErrorAlert>
        <p className={css({ mt: '6', textAlign: 'center' })}>
          <Link to="/forgot-password" className={authLink}>
            Request a new link
          </Link>
        </p>
      </>
    );
  }
  const error = mismatch ?? state.context.error;
  return (
    <>
      <AuthHeading title="Choose a new password">
        After the change you are signed out everywhere; sign in again with the new password.
      </AuthHeading>
      {error ? <ErrorAlert className={css({ mb: '4' })}>{error}</ErrorAlert> : null}
      <form {...PRIVATE_FORM} onSubmit={onSubmit} className={formStack}>
        <PasswordField label="New password" name="password" autoComplete="new-password" required />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          required
        />
        <AuthSubmit busy={saving} label="Set new password" busyLabel="Saving..." />
      </form>
      <AuthFooter question="Link expired?" to="/forgot-password">
        Request a new one
      </AuthFooter>
    </>
  );
}
