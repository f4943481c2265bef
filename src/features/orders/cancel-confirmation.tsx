import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
// Types only: this chunk loads when Cancel order is pressed, and a value from the orders model (XState
// behind it) here would split XState out of the app's entry (src/features/orders/return-form.tsx says so).
import type { DisplayOrder } from '../../../machines/orders.model';
import { formatRupees, paiseOf } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { stack } from '../../theme/layout';

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

/**
 * 'Cancel this order?' inside the card, with what happens to the money. Focus moves
 * to Keep order, the safe answer, when it appears; Escape keeps the order.
 */
export function CancelConfirmation({ order, controls }: { order: DisplayOrder; controls: CancelControls }) {
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
