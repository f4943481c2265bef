import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { css } from 'styled-system/css';
import { EMAIL_PATTERN } from '../../../shared/email';
import { useAuth, useAuthRef } from '../../app/app-actor';
import { formStack } from '../../components/form-layout';
import { ErrorAlert } from '../../components/ui/error-alert';
import { InputField } from '../../components/ui/field';
import { registerSchema } from '../../forms/auth.schema';
import { isConformIntentSubmit } from '../../forms/conform-intent';
import { PRIVATE_FORM } from '../../forms/private-form';
import { grid } from '../../theme/layout';
import { AuthFooter, AuthHeading, AuthLegalLinks, AuthSubmit } from './auth-card';
import { EmailField } from './email-field';
import { loginOrigin } from './login-origin';
import { PasswordField } from './password-field';

const EMAIL_PROVIDER_HINT =
  'For the smoothest sign-up, use a common email provider such as gmail.com or outlook.com.';
export const REGISTRATION_FAILED_ALERT =
  'Registration failed. Please try using a different email provider (like gmail.com or outlook.com).';

/**
 * /register (spec §2 Register, §5, §8). The auth machine checks the email pattern, trims and
 * lowercases it, registers, toasts and goes home without signing in.
 */
export default function RegisterPage() {
  const auth = useAuthRef();
  const registering = useAuth((state) => state.matches('registering'));
  const failed = useAuth((state) => state.context.registrationFailed);
  // The page the sign-in gate was sending the shopper to (Login's "Create one" passes it along): the
  // auth machine keeps it for the first sign-in after registering.
  const location = useLocation();
  const origin = loginOrigin(location);
  // The machine remembers the last failure for the whole session; the alert belongs to this visit.
  const [submitted, setSubmitted] = useState(false);

  const [form, fields] = useForm({
    id: 'register',
    constraint: getZodConstraint(registerSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const { firstName, lastName, email, password } = submission.value;
      setSubmitted(true);
      auth.send({
        type: 'auth.register',
        firstName,
        lastName,
        email,
        password,
        ...(origin ? { redirectTo: origin } : {}),
      });
    },
  });

  const formProps = getFormProps(form);
  // Spec §5's client check before sending: an email failing the simple pattern also gets the auth
  // machine's 'Invalid Email' toast (the machine checks and sends nothing), beside the inline message.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    const realSubmit = !isConformIntentSubmit(event);
    formProps.onSubmit(event);
    if (realSubmit && !EMAIL_PATTERN.test(field('email').trim())) {
      auth.send({
        type: 'auth.register',
        firstName: field('firstName'),
        lastName: field('lastName'),
        email: field('email'),
        password: field('password'),
      });
    }
  };

  return (
    <>
      <AuthHeading title="Create an account">
        Join us to check out faster, pay securely and track every order.
      </AuthHeading>
      {submitted && failed && !registering ? (
        <ErrorAlert className={css({ mb: '5', fontSize: 'sm' })}>{REGISTRATION_FAILED_ALERT}</ErrorAlert>
      ) : null}
      <form {...PRIVATE_FORM} {...formProps} onSubmit={submit} className={formStack}>
        <div className={css(grid, { gap: '5', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
          <InputField meta={fields.firstName} label="First name" autoComplete="given-name" required />
          <InputField meta={fields.lastName} label="Last name" autoComplete="family-name" required />
        </div>
        <EmailField meta={fields.email} placeholder="you@gmail.com" helperText={EMAIL_PROVIDER_HINT} />
        <PasswordField
          meta={fields.password}
          label="Password"
          autoComplete="new-password"
          required
          helperText="At least 6 characters."
        />
        <PasswordField
          meta={fields.confirmPassword}
          label="Confirm password"
          autoComplete="new-password"
          required
        />
        <AuthSubmit busy={registering} label="Create Account" busyLabel="Creating account..." />
      </form>
      <AuthFooter question="Already have an account?" to="/login" state={location.state}>
        Sign in
      </AuthFooter>
      <AuthLegalLinks action="creating an account" />
    </>
  );
}
