import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { css } from 'styled-system/css';
import { useAuth, useAuthRef, usePageActor } from '../../app/app-actor';
import { formatLongDate } from '../../components/format';
import { UserIcon } from '../../components/icons';
import { h1Style, Page } from '../../components/layout/page';
import { addressSummary, SavedAddressList } from '../../components/saved-address-list';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorAlert } from '../../components/ui/error-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { circle, grid, hstack, stack } from '../../theme/layout';
import { provideAccountMachine } from './account.live';
import { provideAddressBookMachine } from './address-book.live';

/**
 * Shown only for a field the loaded account leaves blank. While loading, skeletons stand in; after a
 * failure, the error with Try Again: made-up details are never shown as the shopper's.
 */
export const ACCOUNT_FALLBACK = { name: 'Valued Customer', memberSince: '—' } as const;

const row = css(grid, {
  gridTemplateColumns: { base: '1fr', sm: '10rem 1fr' },
  gap: { base: '0.5', sm: '4' },
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  _last: { borderBottomWidth: '0' },
});

/** A load that failed, with Try Again beside its message. */
function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <ErrorAlert className={css(hstack, { flexWrap: 'wrap', justifyContent: 'space-between', gap: '3' })}>
      <span>{children}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </ErrorAlert>
  );
}

/** /account (spec §2 Account, §4 Account page, §8 Account load failure). */
export default function AccountPage() {
  const [state, send] = usePageActor('account', provideAccountMachine);
  const [book, sendBook] = usePageActor('addressBook', provideAddressBookMachine);
  const auth = useAuthRef();
  const signingOut = useAuth((s) => s.matches('loggingOut'));
  const signedInEmail = useAuth((s) => s.context.user?.email ?? null);

  const navigate = useNavigate();
  // Signing out on /account would make the guard send the shopper to /login: the router renders the
  // way home in a transition, while the sign-out is an urgent update of the auth actor. So the page
  // leaves first and the sign-out starts as it unmounts; the machine then toasts and goes home.
  const signOutOnLeave = useRef(false);
  useEffect(
    () => () => {
      if (signOutOnLeave.current) auth.send({ type: 'auth.logout' });
    },
    [auth],
  );
  const signOut = () => {
    signOutOnLeave.current = true;
    void navigate('/');
  };
  const loading = state.hasTag('loading');
  const account = state.context.account;
  const fullName = [account?.firstName, account?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  const name = fullName || ACCOUNT_FALLBACK.name;
  const email = account?.email?.trim() || signedInEmail || '—';
  const memberSince =
    (account?.createdAt && formatLongDate(account.createdAt)) || ACCOUNT_FALLBACK.memberSince;
  const loaded = state.matches('loaded');
  const value = (text: string, width: string) =>
    loaded ? text : <Skeleton className={css({ h: '5', w: width, maxW: 'full' })} />;

  return (
    <Page width="prose">
      <h1 className={h1Style}>My Account</h1>
      <Card
        as="section"
        aria-labelledby="profile-title"
        aria-busy={loading}
        className={css(stack, { mt: '6', gap: '5' })}
      >
        <div className={css(hstack, { gap: '4' })}>
          <span
            aria-hidden="true"
            className={css(circle, { w: '14', h: '14', bg: 'terracotta.50', color: 'terracotta.700' })}
          >
            <UserIcon size={28} />
          </span>
          <div>
            <h2 id="profile-title" className={css({ textStyle: 'h3', fontSize: 'xl' })}>
              Profile
            </h2>
            {loading ? (
              <p role="status" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                Loading account information...
              </p>
            ) : null}
          </div>
        </div>
        {state.matches('error') ? (
          <RetryAlert onRetry={() => send({ type: 'account.retry' })}>{state.context.error}</RetryAlert>
        ) : null}
        {state.matches('error') ? null : (
          <dl>
            <div className={row}>
              <dt className={css({ color: 'fg.muted', fontSize: 'sm' })}>Name</dt>
              <dd className={css({ fontWeight: '600' })}>{value(name, '10rem')}</dd>
            </div>
            <div className={row}>
              <dt className={css({ color: 'fg.muted', fontSize: 'sm' })}>Email</dt>
              <dd className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>
                {value(email, '14rem')}
              </dd>
            </div>
            <div className={row}>
              <dt className={css({ color: 'fg.muted', fontSize: 'sm' })}>Member since</dt>
              <dd className={css({ fontWeight: '600' })}>{value(memberSince, '8rem')}</dd>
            </div>
          </dl>
        )}
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', sm: 'row' },
            gap: '3',
            pt: '2',
          })}
        >
          <ButtonLink to="/orders">My Orders</ButtonLink>
          <Button variant="danger" disabled={signingOut} aria-busy={signingOut} onClick={signOut}>
            Sign Out
          </Button>
          <ButtonLink to="/" variant="outline">
            Return to Home
          </ButtonLink>
        </div>
      </Card>
      <Card
        as="section"
        aria-labelledby="addresses-title"
        aria-busy={book.hasTag('loading')}
        className={css(stack, { mt: '6', gap: '4' })}
      >
        <h2 id="addresses-title" className={css({ textStyle: 'h3', fontSize: 'xl' })}>
          Saved addresses
        </h2>
        {book.matches({ saved: 'unavailable' }) ? (
          <RetryAlert onRetry={() => sendBook({ type: 'addresses.retry' })}>
            Your saved addresses could not be loaded.
          </RetryAlert>
        ) : null}
        {book.context.deleteError ? <ErrorAlert>{book.context.deleteError}</ErrorAlert> : null}
        {book.matches({ saved: 'loading' }) ? (
          <p role="status" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Loading your addresses...
          </p>
        ) : book.context.addresses.length === 0 && !book.matches({ saved: 'unavailable' }) ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            No saved addresses yet. The address of your next order is saved here (up to 5).
          </p>
        ) : (
          <SavedAddressList
            addresses={book.context.addresses}
            action={(address) => (
              <Button
                size="sm"
                variant="outline"
                disabled={book.matches({ saved: 'deleting' })}
                aria-label={`Delete ${addressSummary(address)}`}
                onClick={() => sendBook({ type: 'address.delete', id: address.id })}
              >
                Delete
              </Button>
            )}
          />
        )}
      </Card>
    </Page>
  );
}
