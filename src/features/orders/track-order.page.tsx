import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { css, cx } from 'styled-system/css';
import { useAuth, usePageActor } from '../../app/app-actor';
import { formStack } from '../../components/form-layout';
import { formatLongDate } from '../../components/format';
import { TruckIcon } from '../../components/icons';
import { h1Style, Page } from '../../components/layout/page';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InputField } from '../../components/ui/field';
import { PRIVATE_FORM } from '../../forms/private-form';
import { grid, hstack, stack } from '../../theme/layout';
import { OrderItemsTable } from './order-items-table';
import { OrderTimeline } from './order-timeline';
import { provideOrderTrackingMachine } from './order-tracking.live';
import { factTerm, ShippingFacts, WaitingFacts } from './shipping-facts';
import { StatusBadge } from './status-badge';

const ACCOUNT_EMAIL_HINT = 'Using your account email by default';

/**
 * /track-order (spec §2 Track order, §5, §8). The machine owns the required-fields check and the
 * toasts, so the inputs carry no client validation of their own.
 */
export default function TrackOrderPage() {
  const [params] = useSearchParams();
  const accountEmail = useAuth((s) => s.context.user?.email ?? '');
  const [state, send] = usePageActor('orderTracking', provideOrderTrackingMachine, {
    orderId: params.get('id') ?? '',
    contactInfo: accountEmail,
  });
  const tracking = state.hasTag('loading');
  const order = state.matches('found') ? state.context.order : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({
      type: 'tracking.submit',
      orderId: String(data.get('orderId') ?? ''),
      contactInfo: String(data.get('contactInfo') ?? ''),
    });
  };

  return (
    <Page width="prose">
      <div className={css(hstack, { gap: '3' })}>
        <TruckIcon size={32} aria-hidden="true" />
        <h1 className={h1Style}>Track Your Order</h1>
      </div>
      <p className={css({ mt: '2', color: 'fg.muted' })}>
        Enter your order number and the email or phone number used for the order.
      </p>
      <Card
        as="form"
        {...PRIVATE_FORM}
        padding="sm"
        onSubmit={submit}
        noValidate
        aria-label="Track order"
        className={cx(formStack, css({ mt: '6' }))}
      >
        <InputField
          label="Order number"
          name="orderId"
          defaultValue={state.context.orderId}
          placeholder="SF-XXXXXXXXXXXXXXXX"
          autoComplete="off"
          required
        />
        <InputField
          label="Email or phone"
          name="contactInfo"
          defaultValue={state.context.contactInfo}
          placeholder="you@example.com or +91XXXXXXXXXX"
          autoComplete="email"
          required
          helperText={accountEmail ? ACCOUNT_EMAIL_HINT : undefined}
        />
        <SubmitButton size="lg" disabled={tracking} aria-busy={tracking}>
          {tracking ? 'Tracking...' : 'Track Order'}
        </SubmitButton>
      </Card>
      {order ? (
        <Card
          as="section"
          padding="sm"
          aria-labelledby="tracked-order"
          className={css(stack, { mt: '8', gap: '5' })}
        >
          <div className={css(hstack, { flexWrap: 'wrap', justifyContent: 'space-between', gap: '3' })}>
            <h2 id="tracked-order" className={css({ textStyle: 'h3', overflowWrap: 'anywhere' })}>
              Order {order.id}
            </h2>
            <StatusBadge order={order} />
          </div>
          <dl className={css(grid, { gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
            <div>
              <dt className={factTerm}>Order date</dt>
              <dd>{formatLongDate(order.date)}</dd>
            </div>
            <div>
              <dt className={factTerm}>Status</dt>
              <dd>{order.statusLabel}</dd>
            </div>
            <ShippingFacts order={order} methodTerm="Shipping method" trackingTerm="Tracking number" />
            <WaitingFacts order={order} />
          </dl>
          <OrderTimeline order={order} headingId="tracked-order-history" />
          <OrderItemsTable order={order} />
        </Card>
      ) : null}
    </Page>
  );
}
