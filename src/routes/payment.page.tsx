import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import { providePaymentMachine } from '../app/actors/payment.live';
import { useEmitted } from '../app/emitted';
import { usePageMachine } from '../app/machines-context';
import { h1Style, Page, StatePanel } from '../components/layout/page';
import { Button, ButtonLink } from '../components/ui/button';
import { PaymentForm } from './payment/payment-form';
import { QrPayment } from './payment/qr-payment';

/** orderId from ?orderId=… or from the navigation state (spec §2 Payment). */
function useOrderId(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { orderId?: unknown } | null)?.orderId;
  return params.get('orderId') ?? (typeof fromState === 'string' ? fromState : null);
}

function Card({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="payment-title"
      className={css({
        bg: 'bg.surface',
        borderRadius: 'card',
        boxShadow: 'card',
        p: { base: '5', md: '8' },
      })}
    >
      {children}
    </section>
  );
}

function Busy({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={css({ color: 'fg.muted', py: '12', textAlign: 'center' })}>
      {children}
    </p>
  );
}

/** /payment (spec §2 Payment, §4 Payment outcome, §5 Payment form, §8). */
export default function PaymentPage() {
  const orderId = useOrderId();
  const [state, send, actor] = useMachine(usePageMachine('payment', providePaymentMachine), {
    input: { orderId },
  });
  useEmitted(actor);
  const { fields, outcome, error } = state.context;

  // A browser that refuses the gateway form (CSP form-action) says so at once; the machine's own
  // timeout covers every other way the redirect can fail to happen. Listening all along (not only
  // once redirecting) catches a violation reported before React re-renders; other states ignore it.
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'form-action') actor.send({ type: 'payment.redirectBlocked' });
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [actor]);

  let body: ReactNode;
  if (state.matches('missingOrderId')) {
    body = (
      <StatePanel
        tone="error"
        title="Order ID missing"
        action={<ButtonLink to="/checkout">Return to checkout</ButtonLink>}
      >
        {error}
      </StatePanel>
    );
  } else if (state.matches('loadingFields')) {
    body = <Busy>Loading payment form...</Busy>;
  } else if (state.matches('fieldsFailed')) {
    body = (
      <StatePanel
        tone="error"
        title="Payment form unavailable"
        action={<Button onClick={() => send({ type: 'payment.retry' })}>Try Again</Button>}
      >
        {error}
      </StatePanel>
    );
  } else if (state.matches('failed')) {
    body = (
      <StatePanel
        tone="error"
        title="Payment failed"
        action={
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
            <Button onClick={() => send({ type: 'payment.retry' })}>Try Again</Button>
            <ButtonLink to="/checkout" variant="outline">
              Return to checkout
            </ButtonLink>
          </div>
        }
      >
        {error}
      </StatePanel>
    );
  } else if (state.matches('qr') || state.matches('qrExpired')) {
    const qr = outcome?.kind === 'qr' ? outcome : null;
    body = (
      <Card>
        <QrPayment
          qr={qr?.qr ?? null}
          qrBase64={qr?.qrBase64 ?? null}
          gatewayUrl={qr?.gatewayUrl ?? null}
          waiting={state.matches('qr')}
        />
        {state.matches('qrExpired') ? (
          <div
            className={css({
              mt: '5',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: '3',
            })}
          >
            <p role="alert">We have not received the payment yet.</p>
            <Button onClick={() => send({ type: 'payment.retry' })}>Check Again</Button>
          </div>
        ) : null}
      </Card>
    );
  } else if (state.matches('paid')) {
    body = <Busy>Payment received. Taking you to your order...</Busy>;
  } else if (state.matches('redirectPost') || state.matches('redirect')) {
    body = <Busy>Redirecting to the payment gateway...</Busy>;
  } else if (state.matches('deeplink')) {
    const url = outcome?.kind === 'deeplink' ? outcome.url : null;
    body = (
      <Card>
        <div
          className={css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: '4',
            textAlign: 'center',
          })}
        >
          <p role="status">Opening your payment app...</p>
          {url ? (
            <a
              href={url}
              className={css({ color: 'primary.default', fontWeight: '600', textDecoration: 'underline' })}
            >
              Open the payment app again
            </a>
          ) : null}
          <ButtonLink to="/orders" variant="outline">
            View My Orders
          </ButtonLink>
        </div>
      </Card>
    );
  } else if (state.matches('initiated')) {
    body = <Busy>Your payment is being processed.</Busy>;
  } else {
    body = (
      <Card>
        <PaymentForm
          key={JSON.stringify(fields)}
          fields={fields}
          submitting={state.hasTag('loading')}
          onSubmit={(submitted) => send({ type: 'payment.submit', values: submitted })}
        />
      </Card>
    );
  }

  return (
    <Page width="prose">
      <div className={css({ mb: '6', display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 id="payment-title" className={h1Style}>
          Complete Your Payment
        </h1>
        {orderId ? (
          <p className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>Order {orderId}</p>
        ) : null}
      </div>
      {body}
    </Page>
  );
}
