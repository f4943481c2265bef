import type { CashOnDeliveryPayment } from '../../../machines/orders.model';
import { PAID_ON_DELIVERY, payOnDeliveryText } from '../../../shared/cash-on-delivery';

/**
 * What a cash-on-delivery order says about its money: 'Pay ₹1,299.00 on delivery'
 * until the courier delivers it, 'Paid on delivery' after, and nothing to pay once cancelled. The
 * success page, My Orders and Track Order all word it here.
 */
function cashOnDeliveryText(payment: Pick<CashOnDeliveryPayment, 'status' | 'due'>): string {
  if (payment.status === 'paid') return PAID_ON_DELIVERY;
  if (payment.status === 'void') return 'Cash on delivery (cancelled, nothing to pay)';
  return payOnDeliveryText(payment.due);
}

/** The order's payment line, for an order paid by cash on delivery. */
export function CashOnDeliveryLine({ payment }: { payment: CashOnDeliveryPayment }) {
  return <>{cashOnDeliveryText(payment)}</>;
}
