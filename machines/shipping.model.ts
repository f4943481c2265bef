/** What the checkout's phone field starts with: the shopper types the number after it. */
export const PHONE_PREFIX = '+91';

/** "+91 98765-43210" → "+919876543210": spaces and hyphens are only formatting (as on the server). */
export const normaliseShippingPhone = (phone: string) => phone.replace(/[\s-]/g, '');

/** The phone as an order sends it; the field's own +91 with nothing after it is no phone (blank). */
export function shippingPhoneOf(typed: string): string {
  const phone = normaliseShippingPhone(typed.trim());
  return phone === PHONE_PREFIX ? '' : phone;
}
