/**
 * What the order pages say of a cash-on-delivery order's money (docs/payments.md). Its own module, not
 * the payment form's (./payment-fields.ts): My Orders, Track Order and the order confirmation say it
 * without loading the form's rules.
 */
import { formatRupees, paiseOf } from './money';

/** What the success page, My Orders, Track Order (and mail) say of a COD order not yet delivered. */
export const payOnDeliveryText = (rupees: number) => `Pay ${formatRupees(paiseOf(rupees))} on delivery`;
/** …and once the courier has delivered it (the order counts as paid). */
export const PAID_ON_DELIVERY = 'Paid on delivery';
