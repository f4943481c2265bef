import { css } from 'styled-system/css';
import type { PaymentOrder } from '../../../machines/payment.machine';
import { formatRupees, paiseOf } from '../../../shared/money';
import { OrderLine } from '../orders';

/**
 * What is being paid, on every payment screen (form, QR, UPI app): the order's lines with their
 * thumbnails, sizes and colours, and the total in rupees.
 */
export function PaymentSummary({ order }: { order: PaymentOrder }) {
  return (
    <section
      aria-labelledby="payment-summary-title"
      className={css({ mb: '6', pb: '5', borderBottomWidth: '1px', borderColor: 'border.subtle' })}
    >
      <h2
        id="payment-summary-title"
        className={css({ fontSize: 'sm', fontWeight: '600', color: 'fg.muted', textTransform: 'uppercase' })}
      >
        Order summary
      </h2>
      <ul className={css({ mt: '2' })}>
        {order.items.map((item) => (
          <OrderLine key={item.id} item={item} />
        ))}
      </ul>
      <p
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          mt: '3',
          fontSize: 'lg',
        })}
      >
        <span>Amount to pay</span>
        <strong data-testid="payment-amount" className={css({ fontSize: 'xl' })}>
          {formatRupees(paiseOf(order.total))}
        </strong>
      </p>
    </section>
  );
}
