import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { DisplayOrder } from '../../../machines/orders.model';
import { formatRupees, paiseOf } from '../../../shared/money';
import { formatDeadline, formatLongDate } from '../../components/format';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { grid, stack } from '../../theme/layout';
import { OrderLine } from './order-line';
import { OrderTimeline } from './order-timeline';
import { factTerm, ShippingFacts } from './shipping-facts';
import { StatusBadge } from './status-badge';

/** The card's header and footer: what they hold spreads to both ends; a rule parts them from the body. */
const cardBar = css.raw({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: { base: '4', md: '6' },
  py: '4',
  borderColor: 'border.subtle',
});

/** What the card's Cancel order asks of the page (My Orders' machine); absent where it is read-only. */
export type CancelControls = {
  /** This card is asking 'Cancel this order?'. */
  confirming: boolean;
  /** The server is cancelling this card's order. */
  cancelling: boolean;
  onCancel: () => void;
  onKeep: () => void;
  onConfirm: () => void;
};

/** One order of My Orders (spec §2 My Orders): lines with size and colour, amounts in en-IN ₹. */
export function OrderCard({ order, cancel }: { order: DisplayOrder; cancel?: CancelControls }) {
  const titleId = `order-${order.id}`;
  return (
    <Card as="article" padding="none" aria-labelledby={titleId}>
      <header className={css(cardBar, { bg: 'bg.muted', borderBottomWidth: '1px' })}>
        <div className={css({ minW: '0' })}>
          <h2 id={titleId} className={css({ fontWeight: '700', overflowWrap: 'anywhere' })}>
            Order {order.id}
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Placed on {formatLongDate(order.date)}</p>
        </div>
        <StatusBadge order={order} />
      </header>
      <div
        className={css(grid, {
          gap: '6',
          gridTemplateColumns: { base: '1fr', md: '3fr 2fr' },
          px: { base: '4', md: '6' },
          py: '5',
        })}
      >
        <div>
          <h3 className={factTerm}>Items</h3>
          <ul className={css({ mt: '2' })}>
            {order.items.map((item) => (
              <OrderLine key={item.id} item={item} />
            ))}
          </ul>
        </div>
        <dl className={css(stack, { gap: '3', fontSize: 'sm' })}>
          <ShippingFacts order={order} methodTerm="Method" trackingTerm="Tracking" />
        </dl>
        <div className={css({ gridColumn: { md: '1 / -1' } })}>
          <OrderTimeline order={order} headingId={`${titleId}-history`} />
        </div>
      </div>
      <footer className={css(cardBar, { borderTopWidth: '1px' })}>
        <p className={css({ fontSize: 'lg' })}>
          Total: <strong>{formatRupees(paiseOf(order.total))}</strong>
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          {cancel && order.canCancel && !cancel.confirming && !cancel.cancelling ? (
            <Button variant="outline" onClick={cancel.onCancel} aria-describedby={titleId}>
              Cancel order
            </Button>
          ) : null}
          {order.canPay && order.payBy ? (
            <p className={css({ alignSelf: 'center', fontSize: 'sm', color: 'fg.muted' })}>
              Pay by {formatDeadline(order.payBy)}, or it is cancelled
            </p>
          ) : null}
          {order.canPay ? (
            <ButtonLink to={`/payment?orderId=${encodeURIComponent(order.id)}`} aria-describedby={titleId}>
              Pay Now
            </ButtonLink>
          ) : null}
        </div>
        {cancel && (cancel.confirming || cancel.cancelling) ? (
          <CancelConfirmation order={order} controls={cancel} />
        ) : null}
      </footer>
    </Card>
  );
}

/**
 * 'Cancel this order?' inside the card, with what happens to the money. Focus moves
 * to Keep order, the safe answer, when it appears; Escape keeps the order.
 */
function CancelConfirmation({ order, controls }: { order: DisplayOrder; controls: CancelControls }) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const headingId = `${order.id}-cancel-title`;
  // Processing means paid online; a cash-on-delivery order has taken no money yet.
  const paid = order.status === 1 && !order.cashOnDelivery;
  return (
    <fieldset
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !controls.cancelling) controls.onKeep();
      }}
      className={css(stack, {
        flexBasis: '100%',
        p: '4',
        borderRadius: 'control',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        bg: 'bg.muted',
        gap: '3',
      })}
    >
      <p id={headingId} className={css({ fontWeight: '700' })}>
        Cancel order {order.id}?
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {paid
          ? `Your payment of ${formatRupees(paiseOf(order.total))} is refunded to the way you paid, within 5–7 working days.`
          : 'Nothing has been paid for it, so there is nothing to refund.'}
      </p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button ref={keep} variant="outline" onClick={controls.onKeep} disabled={controls.cancelling}>
          Keep order
        </Button>
        <Button
          variant="danger"
          onClick={controls.onConfirm}
          disabled={controls.cancelling}
          aria-busy={controls.cancelling}
        >
          {controls.cancelling ? 'Cancelling...' : 'Yes, cancel order'}
        </Button>
      </div>
    </fieldset>
  );
}
