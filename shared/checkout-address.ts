/**
 * The shipping address rules of checkout: what the checkout form checks (src/forms/checkout.schema.ts
 * wraps these in zod), what the checkout machine counts as blank, and what POST /orders enforces
 * (server/orders/orders.handlers.ts). One module, so the form and the server cannot disagree on a
 * message or on what a phone number becomes.
 */
import { INDIAN_STATES } from './indian-states';
import { isIndianMobile, MOBILE_PREFIX, PHONE_PREFIX_INVALID, phoneValueOf } from './phone';
import { PIN_CODE_INVALID, PIN_CODE_PATTERN } from './pincode';
import { type Check, isBlankText, pass, reject, visibleText } from './text';

export const SHIPPING_FIELDS = ['fullName', 'address', 'city', 'state', 'postalCode', 'phone'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingAddress = Record<ShippingField, string>;

/** The longest value of each field the contract accepts (openapi.yaml ShippingAddress). */
const SHIPPING_MAX_LENGTH: Readonly<Record<ShippingField, number>> = {
  fullName: 100,
  address: 300,
  city: 100,
  state: 100,
  postalCode: 20,
  phone: 20,
};

export const FULL_NAME_REQUIRED = 'Full name is required';
const ADDRESS_REQUIRED = 'Address is required';
const CITY_REQUIRED = 'City is required';
export const STATE_REQUIRED = 'Please select your state or union territory';
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_DIGITS_INVALID = 'Enter +91 followed by a 10-digit mobile number';
/** Spec §5's phone format message: ten digits that cannot be an Indian mobile (it starts 6–9). */
const PHONE_FORMAT_INVALID = 'Invalid phone number format';

export const REQUIRED_MESSAGES: Readonly<Record<ShippingField, string>> = {
  fullName: FULL_NAME_REQUIRED,
  address: ADDRESS_REQUIRED,
  city: CITY_REQUIRED,
  state: STATE_REQUIRED,
  postalCode: PIN_CODE_INVALID,
  phone: PHONE_REQUIRED,
};

const tooLongMessage = (max: number) => `Must be no more than ${max} characters`;

/** Blank: nothing visible, or a phone holding only the +91 the form starts with. */
export function isShippingValueBlank(name: ShippingField, value: string): boolean {
  return isBlankText(value) || (name === 'phone' && visibleText(value) === MOBILE_PREFIX);
}

export function firstBlankField(address: Readonly<ShippingAddress>): ShippingField | null {
  return SHIPPING_FIELDS.find((name) => isShippingValueBlank(name, address[name])) ?? null;
}

function checkMobile(value: string): Check<string> {
  const mobile = phoneValueOf(value);
  if (isIndianMobile(mobile)) return pass(mobile);
  // Another country's number, ten digits that are no Indian mobile, or the wrong length.
  if (!mobile.startsWith(MOBILE_PREFIX)) return reject(PHONE_PREFIX_INVALID);
  if (/^\+91[0-9]{10}$/.test(mobile)) return reject(PHONE_FORMAT_INVALID);
  return reject(PHONE_DIGITS_INVALID);
}

/** One field's value, trimmed and normalised (PIN, state, phone), or the message the form shows under it. */
export function checkShippingField(name: ShippingField, raw: string): Check<string> {
  if (isShippingValueBlank(name, raw)) return reject(REQUIRED_MESSAGES[name]);
  const value = raw.trim();
  if (value.length > SHIPPING_MAX_LENGTH[name]) return reject(tooLongMessage(SHIPPING_MAX_LENGTH[name]));
  switch (name) {
    case 'postalCode':
      return PIN_CODE_PATTERN.test(value) ? pass(value) : reject(PIN_CODE_INVALID);
    case 'phone':
      return checkMobile(value);
    case 'state': {
      const state = INDIAN_STATES.find((s) => s.toLowerCase() === value.toLowerCase());
      return state ? pass(state) : reject(STATE_REQUIRED);
    }
    default:
      return pass(value);
  }
}

export type ShippingCheck =
  | { ok: true; value: ShippingAddress }
  | { ok: false; field: ShippingField; message: string };

/** The whole address, field by field in form order; the first field that fails is named. */
export function checkShippingAddress(raw: Readonly<ShippingAddress>): ShippingCheck {
  const value = {} as ShippingAddress;
  for (const name of SHIPPING_FIELDS) {
    const result = checkShippingField(name, raw[name]);
    if (!result.ok) return { ok: false, field: name, message: result.message };
    value[name] = result.value;
  }
  return { ok: true, value };
}
