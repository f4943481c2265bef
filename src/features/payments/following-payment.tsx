import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ATTEMPT_VALIDITY_MS, validityText } from '../../../machines/payment.model';
import { Button } from '../../components/ui/button';
import { circle, hstack } from '../../theme/layout';

/**
 * 'Valid for 9:59': the time a followed payment has left, counting down each second from its 10
 * minutes since this screen appeared (each attempt's screen mounts anew). The machine expires the
 * payment by its own `attemptValidity` delay, started at the same moment; this only shows that clock.
 */
export function ValidFor() {
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

const spinner = css(circle, {
  w: '4',
  h: '4',
  borderWidth: '2px',
  borderColor: 'terracotta.200',
  borderTopColor: 'terracotta.600',
  animation: 'spin 1s linear infinite',
});

/** The spinner line while the page waits for the gateway's word. */
export function WaitingLine() {
  return (
    <p role="status" className={css(hstack, { gap: '2', color: 'fg.muted' })}>
      <span aria-hidden="true" className={spinner} />
      Waiting for payment confirmation...
    </p>
  );
}

/** 'I have paid — check again': looks at the payment at once instead of at the next interval. */
export function CheckAgainButton({ onCheck, checking }: { onCheck: () => void; checking: boolean }) {
  return (
    <Button variant="outline" onClick={onCheck} disabled={checking} aria-busy={checking}>
      I have paid — check again
    </Button>
  );
}

const followLink = css({ color: 'primary.default', fontWeight: '600', textDecoration: 'underline' });

/**
 * A link that takes the shopper back to where the payment is made: the payment app (same tab), or the
 * sandbox's test gateway (a tab of its own, so this page keeps following the payment).
 */
export function FollowLink({
  href,
  newTab = false,
  children,
}: {
  href: string;
  newTab?: boolean;
  children: string;
}) {
  return (
    <a href={href} className={followLink} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
      {children}
    </a>
  );
}
