/**
 * The payment form's rules: which fields show, what they start with, how a phone is typed, and the
 * message for every broken rule. The payment machine (machines/payment.machine.ts), the form's zod
 * schema (src/forms/payment-form.schema.ts) and POST /payments (server/payments/fields.ts) all call
 * these, so a message or a pattern cannot differ between the form and the server.
 */
import { EMAIL_PATTERN } from './email';
import { isIndianMobile, MOBILE_PREFIX, PHONE_PREFIX_INVALID, phoneValueOf } from './phone';
import { type Check, pass, reject } from './text';

type PaymentFieldType = 'text' | 'email' | 'password' | 'number' | 'tel' | 'textarea' | 'select' | 'checkbox';

/** A payment field definition as GET /payments/fields serves it (openapi.yaml PaymentField). */
export type PaymentField = {
  name: string;
  label: string;
  placeholder?: string;
  description?: string;
  type: PaymentFieldType;
  options?: { label: string; value: string }[];
  inline?: boolean;
  mask?: string;
  defaultValue?: string | boolean | null;
  rules?: { required?: boolean; minLength?: number; maxLength?: number; pattern?: string };
  rulesMessages?: string[];
  /** Says what is wrong with a filled value that breaks the length or pattern rules. */
  formatMessage?: string;
  showWhenFilled?: string[];
};

/** What the form holds: text, or a ticked/unticked box. */
export type PaymentValue = string | boolean;
export type PaymentValues = Record<string, PaymentValue>;
/** What a request may carry (the contract allows numbers too). */
export type SubmittedValue = string | boolean | number;
export type SubmittedValues = Record<string, SubmittedValue>;
export type PaymentErrors = Record<string, string>;

/**
 * The `method` value of cash on delivery (docs/payments.md): offered by the server only for an order whose
 * total is within COD_LIMIT; no gateway is involved, the courier collects the money.
 */
export const CASH_ON_DELIVERY = 'cod';
export const CASH_ON_DELIVERY_LABEL = 'Cash on delivery';

/** How long a started payment (its QR code, its UPI-app request) stays payable: 10 minutes. */
export const ATTEMPT_VALIDITY_MS = 10 * 60 * 1000;

const PHONE_MAX_LENGTH = 13;
const PHONE_PLACEHOLDER = '+91XXXXXXXXXX';
const REQUIRED_MESSAGE = 'This field is required';
const EMAIL_MESSAGE = 'Please enter a valid email address';
const PHONE_LENGTH_MESSAGE = 'Phone number must be 13 characters (including +91)';
const PHONE_FORMAT_MESSAGE = 'Invalid phone number format';
const OPTION_MESSAGE = 'Please choose one of the options';
const NUMBER_MESSAGE = 'Must be a number';
const TEXT_MESSAGE = 'Must be text';
const CHECKBOX_MESSAGE = 'Must be checked or unchecked';
const UNKNOWN_FIELD_MESSAGE = 'Unknown payment field';
const phoneMinMessage = (n: number) => `Phone number must have at least ${n} characters`;
const phoneMaxMessage = (n: number) => `Phone number must have no more than ${n} characters`;
const minLengthMessage = (n: number) => `Must be at least ${n} characters`;
const maxLengthMessage = (n: number) => `Must be no more than ${n} characters`;
const FORMAT_MESSAGE = 'Invalid format';

/** x@y.z: non-space text, @, text, dot, text. */

export function isPhoneField(field: Pick<PaymentField, 'name' | 'type'>): boolean {
  return field.type === 'tel' || field.name.toLowerCase().includes('phone');
}

export function isRequired(field: Pick<PaymentField, 'rules'>): boolean {
  return field.rules?.required === true;
}

/**
 * Blank: no value, only spaces, an unticked checkbox, a number that is not one, or a phone holding
 * nothing but its +91 prefix.
 */
function isBlank(field: Pick<PaymentField, 'name' | 'type'>, value: SubmittedValue | undefined): boolean {
  if (value === undefined || value === false) return true;
  if (value === true) return false;
  if (typeof value === 'number') return Number.isNaN(value);
  const trimmed = value.trim();
  return trimmed === '' || (isPhoneField(field) && trimmed === MOBILE_PREFIX);
}

const hasText = (value: SubmittedValue | undefined) =>
  value === true ||
  (typeof value === 'number' && !Number.isNaN(value)) ||
  (typeof value === 'string' && value.trim() !== '');

/** Visible when its showWhenFilled list is empty or any field named there has a non-blank value. */
export function isFieldVisible(
  field: PaymentField,
  values: Readonly<Record<string, SubmittedValue | undefined>>,
): boolean {
  const watched = field.showWhenFilled ?? [];
  return watched.length === 0 || watched.some((name) => hasText(values[name]));
}

export function visibleFields<F extends PaymentField>(fields: readonly F[], values: PaymentValues): F[] {
  return fields.filter((f) => isFieldVisible(f, values));
}

export function placeholderOf(field: PaymentField): string | undefined {
  return field.placeholder ?? (isPhoneField(field) ? PHONE_PLACEHOLDER : undefined);
}

/**
 * What the shopper typed or pasted, read by the one phone rule (shared/phone.ts): '+91 98765 43210',
 * '098765 43210', '9876543210' and '91 98765 43210' all become '+919876543210'. Nothing is cut off:
 * a number too long or too short is left for the rules to name.
 */
export function normalizePhoneInput(raw: string): string {
  return phoneValueOf(raw);
}

/** The value a field starts with: its default, a ticked/unticked box, '+91' for a required phone. */
function defaultValueOf(field: PaymentField): PaymentValue {
  if (field.type === 'checkbox') return field.defaultValue === true || field.defaultValue === 'true';
  const given = typeof field.defaultValue === 'string' ? field.defaultValue : '';
  if (isPhoneField(field)) {
    if (given !== '') return normalizePhoneInput(given);
    return isRequired(field) ? MOBILE_PREFIX : '';
  }
  return given;
}

export function defaultValues(fields: readonly PaymentField[]): PaymentValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultValueOf(f)]));
}

/** Apply a change the way the input does: phone fields are normalised, everything else kept. */
export function applyChange(field: PaymentField | undefined, value: PaymentValue): PaymentValue {
  if (field && isPhoneField(field) && typeof value === 'string') return normalizePhoneInput(value);
  return value;
}

/** Like HTML's pattern attribute: the whole value must match. A pattern that does not compile is ignored. */
function matchesWhole(pattern: string | undefined, value: string): boolean {
  if (!pattern) return true;
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return true;
  }
  return regex.test(value);
}

/** The spec's +91 phone rules, in the spec's words. */
function phoneError(field: PaymentField, value: string): string | null {
  const { minLength, maxLength, pattern } = field.rules ?? {};
  if (!value.startsWith(MOBILE_PREFIX)) return PHONE_PREFIX_INVALID;
  if (minLength === undefined && maxLength === undefined && value.length !== PHONE_MAX_LENGTH)
    return PHONE_LENGTH_MESSAGE;
  if (minLength !== undefined && value.length < minLength) return phoneMinMessage(minLength);
  const max = maxLength ?? PHONE_MAX_LENGTH;
  if (value.length > max) return phoneMaxMessage(max);
  if (!/^\+91[0-9]+$/.test(value) || !matchesWhole(pattern, value)) return PHONE_FORMAT_MESSAGE;
  // An Indian mobile starts with 6, 7, 8 or 9.
  if (value.length === PHONE_MAX_LENGTH && !isIndianMobile(value)) return PHONE_FORMAT_MESSAGE;
  return null;
}

/** The first of rulesMessages, else `fallback`. */
const ruleMessage = (field: PaymentField, fallback: string) => field.rulesMessages?.[0] ?? fallback;

/**
 * The first error of one field, or null. Hidden fields never err. A blank required field gives its
 * first rule message, else 'This field is required'. A filled value that breaks a length or pattern
 * rule gives the field's formatMessage when it has one (with the length it has), else a plain message
 * naming the rule ('Must be at least 2 characters'): a rule message written for a blank field
 * ('Please enter your name') would not say what is wrong.
 */
export function validateField(
  field: PaymentField,
  values: Readonly<Record<string, SubmittedValue | undefined>>,
): string | null {
  if (!isFieldVisible(field, values)) return null;
  const value = values[field.name];
  if (isBlank(field, value)) return isRequired(field) ? ruleMessage(field, REQUIRED_MESSAGE) : null;
  if (typeof value === 'boolean') return null;
  const text = String(value).trim();
  if (isPhoneField(field)) return phoneError(field, normalizePhoneInput(text));
  if (field.type === 'email' && !EMAIL_PATTERN.test(text)) return EMAIL_MESSAGE;
  if (field.type === 'number' && !Number.isFinite(Number(text))) return NUMBER_MESSAGE;
  if (field.type === 'select' && !(field.options ?? []).some((option) => option.value === text))
    return OPTION_MESSAGE;
  const { minLength, maxLength, pattern } = field.rules ?? {};
  const format = field.formatMessage;
  const wrongLength = format ? `${format}; this has ${text.length}` : null;
  if (minLength !== undefined && text.length < minLength) return wrongLength ?? minLengthMessage(minLength);
  if (maxLength !== undefined && text.length > maxLength) return wrongLength ?? maxLengthMessage(maxLength);
  if (!matchesWhole(pattern, text)) return format ?? FORMAT_MESSAGE;
  return null;
}

export function validateForm(fields: readonly PaymentField[], values: PaymentValues): PaymentErrors {
  const errors: PaymentErrors = {};
  for (const field of fields) {
    const error = validateField(field, values);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** Submit is disabled while loading or while a required visible field is blank. */
export function canSubmit(fields: readonly PaymentField[], values: PaymentValues, loading = false): boolean {
  if (loading) return false;
  return visibleFields(fields, values).every((f) => !isRequired(f) || !isBlank(f, values[f.name]));
}

/** What the form sends: the visible fields' values, trimmed (hidden ones are not part of the payment). */
export function submittedFields(
  fields: readonly PaymentField[],
  values: PaymentValues,
): Record<string, PaymentValue> {
  const out: Record<string, PaymentValue> = {};
  for (const field of visibleFields(fields, values)) {
    const value = values[field.name] ?? defaultValueOf(field);
    out[field.name] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/**
 * A value as a request carries it, read the way the field's type reads it: a checkbox is a boolean
 * ('true'/'false' accepted), a number a finite number (numeric text accepted), anything else text,
 * trimmed.
 */
function readSubmittedValue(field: PaymentField, raw: SubmittedValue): Check<SubmittedValue> {
  switch (field.type) {
    case 'checkbox':
      if (typeof raw === 'boolean') return pass(raw);
      if (raw === 'true' || raw === 'false') return pass(raw === 'true');
      return reject(CHECKBOX_MESSAGE);
    case 'number': {
      if (typeof raw === 'string' && raw.trim() === '') return pass('');
      const value = typeof raw === 'string' ? Number(raw) : raw;
      return typeof value === 'number' && Number.isFinite(value) ? pass(value) : reject(NUMBER_MESSAGE);
    }
    default:
      if (typeof raw !== 'string') return reject(TEXT_MESSAGE);
      // A phone is kept as the rule reads it: '+91 98765 43210' is stored as '+919876543210'.
      return pass(isPhoneField(field) && raw.trim() !== '' ? normalizePhoneInput(raw) : raw.trim());
  }
}

export type SubmissionCheck =
  | { ok: true; values: SubmittedValues }
  /** `field` names the form field at fault; absent when the request names a field the form lacks. */
  | { ok: false; field?: string; message: string };

/**
 * A submission checked against the definitions, as POST /payments does: unknown names are refused,
 * hidden fields ignored, every visible field read by its type and validated with validateField. The
 * values kept are the visible, non-blank ones, trimmed.
 */
export function checkSubmission(
  definitions: readonly PaymentField[],
  submitted: Readonly<SubmittedValues>,
): SubmissionCheck {
  const names = new Set(definitions.map((field) => field.name));
  const unknown = Object.keys(submitted).find((name) => !names.has(name));
  if (unknown !== undefined) return { ok: false, message: `${unknown}: ${UNKNOWN_FIELD_MESSAGE}` };

  const read: Record<string, SubmittedValue> = {};
  for (const field of definitions) {
    const raw = submitted[field.name];
    if (raw === undefined) continue;
    const result = readSubmittedValue(field, raw);
    if (!result.ok) return { ok: false, field: field.name, message: result.message };
    read[field.name] = result.value;
  }
  const values: SubmittedValues = {};
  for (const field of definitions) {
    const message = validateField(field, read);
    if (message) return { ok: false, field: field.name, message };
    const value = read[field.name];
    if (isFieldVisible(field, read) && value !== undefined && !isBlank(field, value))
      values[field.name] = value;
  }
  return { ok: true, values };
}
