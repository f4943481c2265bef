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

export type CheckoutValues = z.infer<typeof checkoutSchema>;

/**
 * The checkout schema once the PIN code typed has been looked up (`answer` for that PIN): the PIN must
 * be one India Post lists, in the state chosen (shared/pincode.ts, as POST /orders checks it). While
 * the PIN is not looked up (typing, asking, or the lookup failed) only the field rules apply.
 */
export function checkoutSchemaFor(answer: PinAnswer | undefined) {
  if (!answer) return checkoutSchema;
  return checkoutSchema.superRefine((value, ctx) => {
    if (value.postalCode !== answer.pin) return;
    const message = checkPinInState(answer.pin, answer.place, value.state);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['postalCode'], input: value.postalCode });
  });
}
