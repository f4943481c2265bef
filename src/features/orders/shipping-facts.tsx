import { css } from 'styled-system/css';
import { type DisplayOrder, refundText } from '../../../machines/orders.model';
import { CashOnDeliveryLine } from './cod-payment';
import { factTerm } from './fact-term';
import { TrackingNumber } from './tracking-number';

export { factTerm };

/**
 * Where and how an order ships and its tracking number: rows of the order's `<dl>`, each screen naming the
 * method and tracking terms its own way.
 */
export function ShippingFacts({
  order,
  methodTerm,
  trackingTerm,
}: {
  order: DisplayOrder;
  methodTerm: string;
  trackingTerm: string;
}) {
  return (
    <>
      <div>
        <dt className={factTerm}>Shipping address</dt>
        <dd>{order.shipping.address || '—'}</dd>
      </div>
      <div>
        <dt className={factTerm}>{methodTerm}</dt>
        <dd>{order.shipping.method}</dd>
      </div>
      <div>
        <dt className={factTerm}>{trackingTerm}</dt>
        <dd className={css({ overflowWrap: 'anywhere' })}>
          <TrackingNumber order={order} />
        </dd>
      </div>
    </>
  );
}

/**
 * What the shopper waits for: when the order arrives, for cash on delivery what is paid, and for a
 * cancelled paid order its refund. Rows of a `<dl>`, none when the order has none of them; My Orders
 * shows them on the compact card, Track Order beside the shipping facts.
 */
export function WaitingFacts({ order }: { order: DisplayOrder }) {
  return (
    <>
      {order.arrival ? (
        <div>
          <dt className={factTerm}>Delivery</dt>
          <dd className={css({ fontWeight: '600' })}>{order.arrival}</dd>
        </div>
      ) : null}
      {order.cashOnDelivery ? (
        <div>
          <dt className={factTerm}>Payment</dt>
          <dd className={css({ fontWeight: '600' })}>
            <CashOnDeliveryLine payment={order.cashOnDelivery} />
          </dd>
        </div>
      ) : null}
      {order.refund ? (
        <div>
          <dt className={factTerm}>Refund</dt>
          <dd className={css({ fontWeight: '600' })}>{refundText(order.refund)}</dd>
        </div>
      ) : null}
    </>
  );
}

/** Whether `order` has any of the facts WaitingFacts shows. */
export const hasWaitingFacts = (order: DisplayOrder): boolean =>
  Boolean(order.arrival || order.cashOnDelivery || order.refund);
