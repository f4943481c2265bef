import { z } from 'zod';
import type { PinAnswer } from '../../machines/address-book.machine';
import { checkShippingField, REQUIRED_MESSAGES, type ShippingField } from '../../shared/checkout-address';
import { checkPinInState } from '../../shared/pincode';

/**
 * One shipping field for Conform: the rule and the message are shared/checkout-address.ts's (the same
 * POST /orders applies); the output is the normalised value (trimmed; phone as +91 and 10 digits).
 */
const shippingField = (name: ShippingField) =>
  z.string({ error: REQUIRED_MESSAGES[name] }).transform((value, ctx) => {
    const result = checkShippingField(name, value);
    if (result.ok) return result.value;
    ctx.issues.push({ code: 'custom', message: result.message, input: value });
    return z.NEVER;
  });

export const checkoutSchema = z.object({
  fullName: shippingField('fullName'),
  address: shippingField('address'),
  city: shippingField('city'),
  state: shippingField('state'),
  postalCode: shippingField('postalCode'),
  phone: shippingField('phone'),
});

/**
 * The checkout schema once the PIN code typed has been looked up (`answer` for that PIN): the PIN must
 * be one India Post lists, in the state chosen (shared/pincode.ts, as POST /orders checks it). While
 * the PIN is not looked up (typing, asking, or the lookup failed) only the field rules apply.
 */
export function checkoutSchemaFor(answer: PinAnswer | undefined) {
  if (!answer) return checkoutSchema;
  // The shopper's state as typed (a blank one is the state field's own message, not the PIN's).
  const verdict = (input: unknown) => {
    const raw = (input ?? {}) as Partial<Record<ShippingField, unknown>>;
    const pin = typeof raw.postalCode === 'string' ? raw.postalCode.trim() : '';
    const state = typeof raw.state === 'string' ? raw.state.trim() : '';
    if (pin !== answer.pin || (answer.place && state === '')) return null;
    return checkPinInState(pin, answer.place, state);
  };
  return checkoutSchema.refine((value) => verdict(value) === null, {
    path: ['postalCode'],
    error: (issue) => verdict(issue.input) ?? '',
    // Also while other fields are still blank: the PIN's verdict shows as soon as it is known.
    when: (payload) => verdict(payload.value) !== null,
  });
}
