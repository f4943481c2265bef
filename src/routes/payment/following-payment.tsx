import { type ReactNode, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ATTEMPT_VALIDITY_MS, validityText } from '../../../machines/payment.model';
import { Button } from '../../components/ui/button';

const paymentLink = css({ color: 'primary.default', fontWeight: '600', textDecoration: 'underline' });

/**
 * 'Valid for 9:59': the time a followed payment has left, counting down each second from its 10
 * minutes since this screen appeared (each attempt's screen mounts anew). The machine expires the
 * payment by its own `attemptValidity` delay, started at the same moment; this only shows that clock.
 */
function ValidFor() {
  const [msLeft, setMsLeft] = useState(ATTEMPT_VALIDITY_MS);
  useEffect(() => {
    const until = Date.now() + ATTEMPT_VALIDITY_MS;
    const timer = setInterval(() => setMsLeft(Math.max(0, until - Date.now())), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={css({ fontWeight: '600', fontVariantNumeric: 'tabular-nums' })}>
      Valid for <span aria-live="off">{validityText(msLeft)}</span>
    </p>
  );
}

/** The spinner line while the page waits for the gateway's word. */
function WaitingLine() {
  return (
    <p role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted' })}>
      <span
        aria-hidden="true"
        className={css({
          w: '4',
          h: '4',
          borderRadius: 'full',
          borderWidth: '2px',
          borderColor: 'terracotta.200',
          borderTopColor: 'terracotta.600',
          animation: 'spin 1s linear infinite',
        })}
      />
      Waiting for payment confirmation...
    </p>
  );
}

/** 'I have paid — check again': looks at the payment at once instead of at the next interval. */
function CheckAgainButton({ onCheck, checking }: { onCheck: () => void; checking: boolean }) {
  return (
    <Button variant="outline" onClick={onCheck} disabled={checking} aria-busy={checking}>
      I have paid — check again
    </Button>
  );
}

/** A link beside a followed payment (back to the UPI app, the sandbox gateway's page). */
export function PaymentLink(props: { href: string; target?: '_blank'; rel?: 'noopener'; children: string }) {
  return <a {...props} className={paymentLink} />;
}

type FollowingPaymentProps = {
  checking: boolean;
  onCheck: () => void;
  /** The gateway's own page for this payment (the sandbox), when the answer carried one. */
  gatewayUrl: string | null | undefined;
  /** Links between the button and the gateway's page (the deeplink's 'Open the payment app again'). */
  children?: ReactNode;
};

/**
 * The foot of a payment the page follows (QR code or UPI app): the clock, the waiting line, check
 * again, and the sandbox gateway's page when there is one.
 */
export function FollowingPayment({ checking, onCheck, gatewayUrl, children }: FollowingPaymentProps) {
  return (
    <>
      <ValidFor />
      <WaitingLine />
      <CheckAgainButton onCheck={onCheck} checking={checking} />
      {children}
      {gatewayUrl ? (
        <PaymentLink href={gatewayUrl} target="_blank" rel="noopener">
          Open test gateway (sandbox)
        </PaymentLink>
      ) : null}
    </>
  );
}
