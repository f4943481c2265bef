import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from 'styled-system/css';

export const authLink = css({
  color: 'primary.default',
  fontWeight: '600',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _hover: { color: 'primary.emphasized' },
});

/** The line under an auth form that leads to its neighbour (Create account, Back to sign in…). */
export const authFooter = css({ mt: '6', textAlign: 'center', fontSize: 'sm', color: 'fg.muted' });

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
