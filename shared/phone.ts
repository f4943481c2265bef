/**
 * One rule for an Indian mobile number, wherever it is typed (checkout, payment) and wherever it is
 * checked (the forms, the machines, POST /orders and POST /payments): any usual way of writing it —
 * '+91 98765 43210', '098765 43210', '9876543210', '+919876543210', '91 98765 43210' — is the same
 * number, stored and sent as '+919876543210'. A mobile has 10 digits and starts with 6, 7, 8 or 9.
 */

export const MOBILE_PREFIX = '+91';
/** Spec §5's message for a phone that does not start with +91 (checkout and payment alike). */
export const PHONE_PREFIX_INVALID = 'Phone number must start with +91';
/** A mobile number as stored: +91, then 10 digits, the first 6–9 (the payment form's field pattern too). */
export const INDIAN_MOBILE_PATTERN = '^\\+91[6-9][0-9]{9}$';
const INDIAN_MOBILE = new RegExp(INDIAN_MOBILE_PATTERN);
/** The longest text a phone input takes: room for spaces, a leading 0 or +91 and separators. */
export const PHONE_INPUT_MAX_LENGTH = 20;

/**
 * What the shopper wrote, read as +91 and the national digits: a trunk 0 and a repeated country code
 * are dropped, spaces and separators ignored. Another country's '+…' stays as it is (without
 * separators) for the rules to refuse; blank text gives the bare '+91'. The result is not checked:
 * see isIndianMobile.
 */
export function phoneValueOf(raw: string): string {
  const text = raw.trim();
  // Letters or other symbols are no separators: the text goes on (without spaces) for the rules to refuse.
  if (/[^0-9+\s\-().]/.test(text)) return text.replace(/\s/g, '');
  const digits = text.replace(/\D/g, '');
  let national = digits;
  if (text.startsWith('+')) {
    if (!digits.startsWith('91')) return `+${digits}`;
    national = digits.slice(2);
  }
  // A trunk 0 ('098765 43210', '0091…') only when the digits are more than a number's ten.
  const dropTrunk = (d: string) => (d.length > 10 ? d.replace(/^0+/, '') : d);
  national = dropTrunk(national);
  // '91 98765 43210' (and '+91 91 98765…' pasted after the field's own +91): the country code again.
  if (national.length === 12 && national.startsWith('91')) national = dropTrunk(national.slice(2));
  return `${MOBILE_PREFIX}${national}`;
}

/** Digits a phone input shows after its +91: a mobile number's ten. */
const NATIONAL_DIGITS = 10;

/**
 * What a phone input shows after each keystroke or paste (spec §5: forced to +91 and digits): +91,
 * then at most ten digits; anything else typed is dropped. The field's own +91, even partly deleted,
 * stays the prefix. A country code or trunk 0 written before the number is recognised once the digits
 * pass ten, so typing or pasting '+91 98765 43210', '098765 43210' or '91 98765 43210' after the
 * field's +91 ends as +919876543210 instead of a number cut short. `caret` (where the cursor was in
 * `raw`) gives where it belongs in the result.
 */
export function forcedPhoneInput(raw: string, caret = raw.length): { value: string; caret: number } {
  let start = 0;
  if (raw[start] === '+') {
    start += 1;
    if (raw[start] === '9') start += 1;
    if (raw[start] === '1') start += 1;
  }
  let digits = raw.slice(start).replace(/\D/g, '');
  while (digits.length > NATIONAL_DIGITS) {
    if (digits.startsWith('0')) digits = digits.slice(1);
    else if (digits.startsWith('91')) digits = digits.slice(2);
    else digits = digits.slice(0, NATIONAL_DIGITS);
  }
  const value = `${MOBILE_PREFIX}${digits}`;
  const before = raw.slice(start, Math.max(start, caret)).replace(/\D/g, '').length;
  const atEnd = caret >= raw.length;
  return { value, caret: atEnd ? value.length : Math.min(value.length, MOBILE_PREFIX.length + before) };
}

export function isIndianMobile(value: string): boolean {
  return INDIAN_MOBILE.test(value);
}

/** The +91 form of a mobile number written any of the usual ways, or null when it is not one. */
export function normaliseMobile(raw: string): string | null {
  const value = phoneValueOf(raw);
  return isIndianMobile(value) ? value : null;
}
