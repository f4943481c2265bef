import { MOBILE_PREFIX, normaliseMobile } from '../shared/phone';

/**
 * The phone as an order sends it, by the shared rule (shared/checkout-address.ts): any usual way of
 * writing an Indian mobile becomes +91 and 10 digits; anything else goes as typed, without spaces and
 * hyphens, for the rule to refuse; the field's own +91 with nothing after it is no phone (blank).
 */
export function shippingPhoneOf(typed: string): string {
  const mobile = normaliseMobile(typed.trim());
  if (mobile) return mobile;
  const phone = typed.trim().replace(/[\s-]/g, '');
  return phone === MOBILE_PREFIX ? '' : phone;
}
