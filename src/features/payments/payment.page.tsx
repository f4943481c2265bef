import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import { card } from 'styled-system/recipes';
import { startingValues } from '../../../machines/payment.machine';
import { isSandboxPayee } from '../../../machines/payment.model';
import { usePageActor } from '../../app/app-actor';
import { centredColumn, h1Style, Page, StatePanel } from '../../components/layout/page';
import { Button, ButtonLink } from '../../components/ui/button';
import { stack } from '../../theme/layout';
import { CheckAgainButton, FollowLink, ValidFor, WaitingLine } from './following-payment';
import { providePaymentMachine } from './payment.live';
import { PaymentForm } from './payment-form';
import { PaymentSummary } from './payment-summary';
import { QrPayment } from './qr-payment';

/** orderId from ?orderId=… or from the navigation state (spec §2 Payment). */
function useOrderId(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  const fromState = (location.state as { orderId?: unknown } | null)?.orderId;
  return params.get('orderId') ?? (typeof fromState === 'string' ? fromState : null);
}

function Card({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="payment-title" className={card()}>
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

/** Spec §9: below 768 px is a phone, which cannot scan a QR code shown on its own screen. */
function isPhoneScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(max-width: 767px)').matches
    : false;
}

const ordersLink = (
  <ButtonLink to="/orders" variant="outline">
    View My Orders
  </ButtonLink>
);

/** /payment (spec §2 Payment, §4 Payment outcome, §5 Payment form, §8). */
export default function PaymentPage() {
  const orderId = useOrderId();
  const [state, send, actor] = usePageActor('payment', providePaymentMachine, {
    orderId,
    isPhone: isPhoneScreen(),
  });
  const { fields, outcome, error, order, isPhone } = state.context;
  // The form starts on the checkout's name and phone and the device's method (the machine's rule).
  const formFields = useMemo(() => {
    const start = startingValues(fields, order, isPhone);
    return fields.map((field) =>
      start[field.name] !== undefined ? { ...field, defaultValue: start[field.name] } : field,
    );
  }, [fields, order, isPhone]);

  // Back on the tab (from the UPI app, or the gateway on another tab): look at the payment at once.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'payment.check' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
  const checking = state.matches({ qr: 'polling' }) || state.matches({ deeplink: 'polling' });
  const check = () => send({ type: 'payment.check' });
  const tryAgainOrOther = (
    <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
      <Button onClick={() => send({ type: 'payment.retry' })}>Try again</Button>
      <Button variant="outline" onClick={() => send({ type: 'payment.changeMethod' })}>
        Choose another method
      </Button>
    </div>
  );

  // The QR code or the UPI-app notice replaces the form: bring it into view and to the screen reader.
  const resultRef = useRef<HTMLDivElement>(null);
  const showsResult = state.matches('qr') || state.matches('deeplink');
  useEffect(() => {
    if (!showsResult) return;
    const node = resultRef.current;
    node?.focus({ preventScroll: true });
    node?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [showsResult]);

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
  } else if (state.matches('loadingOrder') || state.matches('loadingFields')) {
    body = <Busy>Loading payment form...</Busy>;
  } else if (state.matches('notPayable')) {
    body = (
      <StatePanel title="Nothing to pay" action={ordersLink}>
        {error}
      </StatePanel>
    );
  } else if (state.matches('orderNotFound')) {
    body = (
      <StatePanel tone="error" title="Order not found" action={ordersLink}>
        {error}
      </StatePanel>
    );
  } else if (state.matches('orderFailed')) {
    body = (
      <StatePanel
        tone="error"
        title="Order unavailable"
        action={<Button onClick={() => send({ type: 'payment.retry' })}>Try Again</Button>}
      >
        {error}
      </StatePanel>
    );
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
  } else if (state.matches('qr')) {
    const qr = outcome?.kind === 'qr' ? outcome : null;
    body = (
      <Card>
        {order ? <PaymentSummary order={order} /> : null}
        <div ref={resultRef} tabIndex={-1} className={css({ outline: 'none', scrollMarginTop: '20' })}>
          <QrPayment
            qr={qr?.qr ?? null}
            qrBase64={qr?.qrBase64 ?? null}
            gatewayUrl={qr?.gatewayUrl ?? null}
            checking={checking}
            onCheck={check}
            sandbox={isSandboxPayee(qr?.qr)}
          />
        </div>
      </Card>
    );
  } else if (state.matches('declined')) {
    body = (
      <StatePanel tone="error" title="Payment failed" action={tryAgainOrOther}>
        Your bank or UPI app says this payment did not go through. Try again, or choose another method.
      </StatePanel>
    );
  } else if (state.matches('expired')) {
    body = (
      <StatePanel tone="error" title="Payment time ran out" action={tryAgainOrOther}>
        We did not receive the payment within 10 minutes, so this request has expired. Try again for a new
        one, or choose another method.
      </StatePanel>
    );
  } else if (state.matches('paid')) {
    body = <Busy>Payment received. Taking you to your order...</Busy>;
  } else if (state.matches('cashOnDelivery')) {
    body = <Busy>Order confirmed for cash on delivery. Taking you to your order...</Busy>;
  } else if (state.matches('redirectPost') || state.matches('redirect')) {
    body = <Busy>Redirecting to the payment gateway...</Busy>;
  } else if (state.matches('deeplink')) {
    const app = outcome?.kind === 'deeplink' ? outcome : null;
    body = (
      <Card>
        {order ? <PaymentSummary order={order} /> : null}
        <div
          ref={resultRef}
          tabIndex={-1}
          className={css(centredColumn, { outline: 'none', scrollMarginTop: '20' })}
        >
          <h2 className={css({ textStyle: 'h3', fontSize: 'xl' })}>Complete the payment in your UPI app</h2>
          <p className={css({ color: 'fg.muted', maxW: 'sm' })}>
            Approve the request in your UPI app, then come back here: we check the payment as soon as you
            return.
          </p>
          <ValidFor />
          <WaitingLine />
          <CheckAgainButton onCheck={check} checking={checking} />
          {app?.url ? <FollowLink href={app.url}>Open the payment app again</FollowLink> : null}
          {app?.gatewayUrl ? (
            <FollowLink href={app.gatewayUrl} newTab>
              Open test gateway (sandbox)
            </FollowLink>
          ) : null}
          {state.can({ type: 'payment.payByQr' }) ? (
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              Didn't open?{' '}
              <Button variant="ghost" size="sm" onClick={() => send({ type: 'payment.payByQr' })}>
                Pay by QR code instead
              </Button>
            </p>
          ) : null}
        </div>
      </Card>
    );
  } else if (state.matches('initiated')) {
    body = <Busy>Your payment is being processed.</Busy>;
  } else {
    body = (
      <Card>
        {order ? <PaymentSummary order={order} /> : null}
        <PaymentForm
          key={JSON.stringify(fields)}
          fields={formFields}
          submitting={state.hasTag('loading')}
          serverErrors={state.context.serverErrors}
          onSubmit={(submitted) => send({ type: 'payment.submit', values: submitted })}
        />
      </Card>
    );
  }

  return (
    <Page width="prose">
      <div className={css(stack, { mb: '6', gap: '1' })}>
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
