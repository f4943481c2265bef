import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { Link, useLocation } from 'react-router';
import { css } from 'styled-system/css';
import { useAuth, useAuthRef } from '../../app/app-actor';
import { formStack } from '../../components/form-layout';
import { Checkbox } from '../../components/ui/checkbox';
import { loginSchema } from '../../forms/auth.schema';
import { PRIVATE_FORM } from '../../forms/private-form';
import { hstack } from '../../theme/layout';
import { AuthFooter, AuthHeading, AuthLegalLinks, AuthSubmit } from './auth-card';
import { EmailField } from './email-field';
import { loginOrigin } from './login-origin';
import { PasswordField } from './password-field';

/**
 * /login (spec §2 Sign in, §5 Login form). The auth machine signs in, shows the §8 toasts and then
 * navigates to the origin passed along with the credentials.
 */
export default function LoginPage() {
  const auth = useAuthRef();
  const signingIn = useAuth((state) => state.matches('loggingIn'));
  const location = useLocation();
  const origin = loginOrigin(location);

  const [form, fields] = useForm({
    id: 'login',
    constraint: getZodConstraint(loginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      const { email, password, rememberMe } = submission.value;
      auth.send({
        type: 'auth.login',
        email,
        password,
        ...(origin ? { redirectTo: origin } : {}),
        remember: rememberMe === true,
      });
    },
  });

  return (
    <>
      <AuthHeading title="Sign in to your account">
        Welcome back! Sign in to check out, pay and follow your orders.
      </AuthHeading>
      <form {...PRIVATE_FORM} {...getFormProps(form)} className={formStack}>
        <EmailField meta={fields.email} placeholder="you@example.com" />
        <PasswordField meta={fields.password} label="Password" autoComplete="current-password" required />
        <div className={css(hstack, { justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
          {/* Ticked by default: the spec's sign-in cookie lasts 30 days; unticked asks for a session cookie. */}
          <Checkbox
            key={fields.rememberMe.key}
            name={fields.rememberMe.name}
            defaultChecked
            label="Remember me"
          />
          <Link
            to="/forgot-password"
            className={css({
              fontSize: 'sm',
              color: 'primary.default',
              _hover: { textDecoration: 'underline' },
            })}
          >
            Forgot password?
          </Link>
        </div>
        <AuthSubmit busy={signingIn} label="Sign In" busyLabel="Signing in..." />
      </form>
      <AuthFooter question="Don't have an account?" to="/register" state={location.state}>
        Create one
      </AuthFooter>
      <AuthLegalLinks action="signing in" />
    </>
  );
}
