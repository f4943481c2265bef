import { useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import { arrivalText, variantLabel } from '../../../machines/order-text';
import type { ApiOrder } from '../../../machines/orders.model';
import { payOnDeliveryText } from '../../../shared/cash-on-delivery';
import { formatRupees, paiseOf } from '../../../shared/money';
import { usePageActor } from '../../app/app-actor';
import { CheckCircleIcon, TruckIcon } from '../../components/icons';
import { centredColumn, Page } from '../../components/layout/page';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { stack } from '../../theme/layout';
import { provideOrderSuccessMachine } from './order-success.live';

const row = { display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' } as const;
const muted = { color: 'fg.muted', fontSize: 'sm' } as const;

/**
 * What the confirmation adds once the order is in: when it should arrive, each line (quantity × unit
 * price, and the line's total) and the order's total. Read from the API's order as it is: the order
 * pages' model stays out of this page's code.
 */
function OrderConfirmation({ order }: { order: ApiOrder }) {
  return (
    <section
      aria-labelledby="confirmed-title"
      className={css(stack, { w: 'full', textAlign: 'start', gap: '3' })}
    >
      {order.expectedDelivery ? (
        <p className={css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: '600' })}>
          <TruckIcon size={20} aria-hidden="true" /> {arrivalText(order.expectedDelivery)}
        </p>
      ) : null}
      <h2 id="confirmed-title" className={css(muted, { fontWeight: '600' })}>
        Order summary
      </h2>
      <ul className={css(stack, { gap: '2' })}>
        {order.items.map((item) => {
          const unit = paiseOf(item.price);
          const details = [variantLabel(item.size, item.color), `${item.quantity} × ${formatRupees(unit)}`];
          return (
            <li key={item.id} className={css(row)}>
              <span>
                <strong>{item.productTitle}</strong>
                <span className={css({ display: 'block' }, muted)}>
                  {details.filter(Boolean).join(' · ')}
                </span>
              </span>
              <span>{formatRupees(unit * item.quantity)}</span>
            </li>
          );
        })}
      </ul>
      <p
        className={css(row, { borderTopWidth: '1px', borderColor: 'border.subtle', pt: '3', fontSize: 'lg' })}
      >
        <span>Order total</span>
        <strong>{formatRupees(paiseOf(order.total))}</strong>
      </p>
    </section>
  );
}

/**
 * /order-success (spec §2 Order success): the gateway and the QR screen land here after paying, and the
 * payment page after cash on delivery (`payOnDelivery`: what to pay the courier). Once the order is in
 * (machines/order-success.machine.ts) it shows what was ordered, the amount and when it should arrive.
 */
export default function OrderSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const [state] = usePageActor('orderSuccess', provideOrderSuccessMachine, { orderId });
  const { order } = state.context;
  const loading = state.hasTag('loading');
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
        {loading ? <Skeleton className={css({ w: 'full', h: '24' })} /> : null}
        {order ? <OrderConfirmation order={order} /> : null}
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
