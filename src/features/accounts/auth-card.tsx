import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { SubmitButton } from '../../components/ui/button';
import { stack, vstack } from '../../theme/layout';

export const authLink = css({
  color: 'primary.default',
  fontWeight: '600',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'primary.emphasized' },
});

const authFooter = css({ mt: '6', textAlign: 'center', fontSize: 'sm', color: 'fg.muted' });

/** The line under an auth form that leads to its neighbour ('Don't have an account? Create one'). */
export function AuthFooter({
  question,
  to,
  state,
  children,
}: {
  question: string;
  to: string;
  /** The router state to carry on (the page a sign-in was asked for), when there is one. */
  state?: unknown;
  children: ReactNode;
}) {
  return (
    <p className={authFooter}>
      {question}{' '}
      <Link to={to} state={state} className={authLink}>
        {children}
      </Link>
    </p>
  );
}

/** An auth form's submit button: disabled, and saying what it is doing, while the server works. */
export function AuthSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <SubmitButton size="lg" fullWidth disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </SubmitButton>
  );
}

/** Heading block of the sign-in and registration cards (one h1 per page). */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={css(stack, { textAlign: 'center', mb: '6', gap: '2' })}>
      <h1 className={css({ textStyle: 'h1', fontSize: { base: '2xl', md: '3xl' } })}>{title}</h1>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{children}</p>
    </div>
  );
}

/** Terms, privacy and home links under both auth forms (spec §2 Sign in / Register). */
export function AuthLegalLinks({ action }: { action: string }) {
  return (
    <div
      className={css(vstack, {
        mt: '6',
        pt: '5',
        borderTopWidth: '1px',
        borderColor: 'border.subtle',
        gap: '3',
        fontSize: 'sm',
        color: 'fg.muted',
        textAlign: 'center',
      })}
    >
      <p>
        By {action}, you agree to our{' '}
        <Link to="/terms" className={authLink}>
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className={authLink}>
          Privacy Policy
        </Link>
        .
      </p>
      <Link to="/" className={authLink}>
        Back to Home
      </Link>
    </div>
  );
}
