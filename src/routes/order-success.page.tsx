import { useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import { CheckCircleIcon } from '../components/icons';
import { centredColumn, Page } from '../components/layout/page';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { payOnDeliveryText } from './orders/cod-payment';

/**
 * /order-success (spec §2 Order success): the gateway and the QR screen land here after paying, and the
 * payment page after cash on delivery (`payOnDelivery`: what to pay the courier).
 */
export default function OrderSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  // Set by the payment page when the shopper chose cash on delivery: the rupees to pay the courier.
  const due = Number(params.get('payOnDelivery') ?? Number.NaN);
  const payOnDelivery = Number.isFinite(due) && due > 0 ? due : null;
  return (
    <Page width="prose">
      <Card padding="lg" className={css(centredColumn)}>
        <CheckCircleIcon size={64} className={css({ color: 'fg.success' })} aria-hidden="true" />
        <h1 className={css({ textStyle: 'h1', fontSize: { base: '2xl', md: '3xl' } })}>
          Thank You for Your Order!
        </h1>
        {orderId ? (
          <p className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>Order number: {orderId}</p>
        ) : null}
        {payOnDelivery !== null ? (
          <p
            className={css({
              fontSize: 'lg',
              fontWeight: '700',
              px: '4',
              py: '2',
              borderRadius: 'control',
              bg: 'bg.muted',
            })}
          >
            {payOnDeliveryText(payOnDelivery)}
          </p>
        ) : null}
        <p className={css({ color: 'fg.muted', maxW: 'md' })}>
          Your order has been placed successfully. We will send you an email with your order details shortly.
        </p>
        <div
          className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center', mt: '2' })}
        >
          <ButtonLink to="/orders">View My Orders</ButtonLink>
          <ButtonLink to="/" variant="outline">
            Continue Shopping
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
