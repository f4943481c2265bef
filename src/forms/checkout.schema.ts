import { z } from 'zod';
import { checkShippingField, REQUIRED_MESSAGES, type ShippingField } from '../../shared/checkout-address';

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
