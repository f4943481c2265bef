import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { providePasswordResetMachine } from '../app/actors/password-reset.live';
import { usePageActor } from '../app/app-actor';
import { Button } from '../components/ui/button';
import { ErrorAlert } from '../components/ui/error-alert';
import { InputField } from '../components/ui/field';
import { PRIVATE_FORM } from '../forms/private-form';
import { AuthHeading, authFooter, authLink } from './auth/auth-card';
import { formStack } from './auth/form-layout';

/** /forgot-password: ask for a one-time reset link by email. */
export default function ForgotPasswordPage() {
  const [state, send] = usePageActor('passwordReset', providePasswordResetMachine);
  const sending = state.hasTag('loading');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    send({ type: 'reset.request', email });
  };
  return (
    <>
      <AuthHeading title="Reset your password">
        Enter the email of your account and we will send you a link to choose a new password.
      </AuthHeading>
      {state.matches('requested') ? (
        <p role="status" className={css({ p: '4', bg: 'green.50', borderRadius: 'control', mb: '4' })}>
          {state.context.message}
        </p>
      ) : null}
      {state.context.error ? (
        <ErrorAlert className={css({ mb: '4' })}>{state.context.error}</ErrorAlert>
      ) : null}
      <form {...PRIVATE_FORM} onSubmit={onSubmit} className={formStack}>
        <InputField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
        />
        <Button type="submit" size="lg" fullWidth disabled={sending} aria-busy={sending}>
          {sending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
      <p className={authFooter}>
        Remembered it?{' '}
        <Link to="/login" className={authLink}>
          Sign in
        </Link>
      </p>
    </>
  );
}
