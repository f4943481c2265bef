import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { usePageActor } from '../../app/app-actor';
import { formStack } from '../../components/form-layout';
import { ErrorAlert } from '../../components/ui/error-alert';
import { InputField } from '../../components/ui/field';
import { PRIVATE_FORM } from '../../forms/private-form';
import { AuthFooter, AuthHeading, AuthSubmit } from './auth-card';
import { providePasswordResetMachine } from './password-reset.live';

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
        <AuthSubmit busy={sending} label="Send reset link" busyLabel="Sending..." />
      </form>
      <AuthFooter question="Remembered it?" to="/login">
        Sign in
      </AuthFooter>
    </>
  );
}
