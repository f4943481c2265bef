import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { css } from 'styled-system/css';
import { Button } from '../../components/ui/button';

export const authLink = css({
  color: 'primary.default',
  fontWeight: '600',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'primary.emphasized' },
});

/** Heading block of the sign-in and registration cards (one h1 per page). */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      className={css({ textAlign: 'center', mb: '6', display: 'flex', flexDirection: 'column', gap: '2' })}
    >
      <h1 className={css({ textStyle: 'h1', fontSize: { base: '2xl', md: '3xl' } })}>{title}</h1>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{children}</p>
    </div>
  );
}

/** Terms, privacy and home links under both auth forms (spec §2 Sign in / Register). */
export function AuthLegalLinks({ action }: { action: string }) {
  return (
    <div
      className={css({
        mt: '6',
        pt: '5',
        borderTopWidth: '1px',
        borderColor: 'border.subtle',
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        alignItems: 'center',
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

/** The full-width submit button of an auth form, saying what it is doing while `busy`. */
export function AuthSubmit({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: string;
}) {
  return (
    <Button type="submit" size="lg" fullWidth disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/** The line under an auth form pointing to its neighbour ('Remembered it? Sign in'). */
export function AuthSwitchLink({
  prompt,
  children,
  ...link
}: Pick<LinkProps, 'to' | 'state'> & { prompt: ReactNode; children: string }) {
  return (
    <p className={css({ mt: '6', textAlign: 'center', fontSize: 'sm', color: 'fg.muted' })}>
      {prompt}{' '}
      <Link {...link} className={authLink}>
        {children}
      </Link>
    </p>
  );
}
