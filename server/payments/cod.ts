import { formatRupees } from '../../shared/money';
import { CASH_ON_DELIVERY, CASH_ON_DELIVERY_LABEL } from '../../shared/payment-fields';
import type { PaymentsConfig } from '../context';
import { badRequest, type HttpError } from '../errors';
import { DEFAULT_COD_LIMIT_RUPEES } from '../infra/config';
import type { PaymentField } from './fields';

/**
 * Cash on delivery (docs/payments.md). No gateway is involved: choosing it moves the order to Processing
 * at once (lifecycle event `payment.cashOnDelivery`) and the courier collects the money.
 *
 * The COD fact is kept as a row of payment_attempts (provider and method 'cod', amount = the order
 * total, status 'created' while the money is due) rather than as a column of orders: an order's
 * payments already live there (one row per try, each with its amount and status), so "how was this
 * order paid, and is anything still due?" keeps one answer, refunds (which look only for a 'succeeded'
 * attempt of a Processing order) never find money that was not taken, gateway callbacks (which look up
 * attempts of their own provider only) can never settle it, and no migration is needed. Delivery turns
 * it 'succeeded' (paid on delivery), a cancellation 'failed' (nothing to collect), each in the
 * transaction that moves the order. A mail template reads `provider = 'cod'` and `amount_paise`.
 */
export const COD_PROVIDER = CASH_ON_DELIVERY;

/** COD_LIMIT in paise (the default when the configuration does not say). */
export const codLimitPaise = (payments: PaymentsConfig) =>
  payments.codLimitPaise ?? DEFAULT_COD_LIMIT_RUPEES * 100;

/** Offered for a total within the limit; a limit of 0 turns cash on delivery off. */
export function isCodEligible(totalPaise: number, limitPaise: number): boolean {
  return limitPaise > 0 && totalPaise <= limitPaise;
}

/** The payment form with 'Cash on delivery' added as the last way to pay. */
export function withCashOnDelivery(fields: readonly PaymentField[]): PaymentField[] {
  return fields.map((field) =>
    field.name === 'method' && !field.options?.some((o) => o.value === CASH_ON_DELIVERY)
      ? {
          ...field,
          options: [...(field.options ?? []), { label: CASH_ON_DELIVERY_LABEL, value: CASH_ON_DELIVERY }],
          description:
            `${field.description ?? ''} Cash on delivery: pay the courier in cash or by UPI when the order arrives.`.trim(),
        }
      : field,
  );
}

/**
 * The payment form of an order above COD_LIMIT: the ways to pay say why cash on delivery is not among
 * them ('Cash on delivery is available up to ₹10,000.00; this order is ₹12,499.00.'), rather than the
 * option vanishing without a word.
 */
export function withCashOnDeliveryRefused(
  fields: readonly PaymentField[],
  totalPaise: number,
  limitPaise: number,
): PaymentField[] {
  const why = `Cash on delivery is available up to ${formatRupees(limitPaise)}; this order is ${formatRupees(totalPaise)}.`;
  return fields.map((field) =>
    field.name === 'method' ? { ...field, description: `${field.description ?? ''} ${why}`.trim() } : field,
  );
}

/** The timeline note of the move to Processing: 'Cash on delivery: pay ₹1,299.00 on delivery'. */
export const codNote = (totalPaise: number) =>
  `${CASH_ON_DELIVERY_LABEL}: pay ${formatRupees(totalPaise)} on delivery`;

/** A COD choice for an order above COD_LIMIT (the form never offered it): a 400 on the method field. */
export function codNotAvailable(totalPaise: number, limitPaise: number): HttpError {
  return badRequest(
    limitPaise > 0
      ? `Cash on delivery is available for orders up to ${formatRupees(limitPaise)}; this order is ${formatRupees(totalPaise)}. Please choose another way to pay.`
      : 'Cash on delivery is not available. Please choose another way to pay.',
    'method',
  );
}
