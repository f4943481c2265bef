/**
 * Payment form rules (spec §4 Payment form, §5 Payment form). Pure TypeScript so the payment machine
 * (which may not import zod) and the zod schema of the view (src/forms/payment-form.schema.ts) share
 * one implementation and one set of messages.
 */
import type { components } from '../src/api/schema';

export type PaymentField = components['schemas']['PaymentField'];
export type PaymentValue = string | boolean;
export type PaymentValues = Record<string, PaymentValue>;

export const PHONE_PREFIX = '+91';
export const PHONE_DIGITS = 10;
export const PHONE_MAX_LENGTH = 13;
export const PHONE_PLACEHOLDER = '+91XXXXXXXXXX';
export const REQUIRED_MESSAGE = 'This field is required';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const PHONE_PREFIX_MESSAGE = 'Phone number must start with +91';
export const PHONE_LENGTH_MESSAGE = 'Phone number must be 13 characters (including +91)';
export const PHONE_FORMAT_MESSAGE = 'Invalid phone number format';
export const phoneMinMessage = (n: number) => `Phone number must have at least ${n} characters`;
export const phoneMaxMessage = (n: number) => `Phone number must have no more than ${n} characters`;

/** x@y.z */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPhoneField(field: Pick<PaymentField, 'name' | 'type'>): boolean {
  return field.type === 'tel' || field.name.toLowerCase().includes('phone');
}

export function isRequired(field: PaymentField): boolean {
  return field.rules?.required === true;
}

/** Blank: no value, only spaces, an unticked checkbox, or a phone holding nothing but its +91 prefix. */
export function isBlank(
  field: Pick<PaymentField, 'name' | 'type'>,
  value: PaymentValue | undefined,
): boolean {
  if (value === undefined || value === false) return true;
  if (value === true) return false;
  const trimmed = value.trim();
  return trimmed === '' || (isPhoneField(field) && trimmed === PHONE_PREFIX);
}

const hasText = (value: PaymentValue | undefined) =>
  value === true || (typeof value === 'string' && value.trim() !== '');

/** Visible when its showWhenFilled list is empty or any field named there has a non-blank value. */
export function isFieldVisible(field: PaymentField, values: PaymentValues): boolean {
  const watched = field.showWhenFilled ?? [];
  return watched.length === 0 || watched.some((name) => hasText(values[name]));
}

export function visibleFields(fields: readonly PaymentField[], values: PaymentValues): PaymentField[] {
  return fields.filter((f) => isFieldVisible(f, values));
}

export function phoneMaxLength(field: PaymentField): number {
  return field.rules?.maxLength ?? PHONE_MAX_LENGTH;
}

export function placeholderOf(field: PaymentField): string | undefined {
  return field.placeholder ?? (isPhoneField(field) ? PHONE_PLACEHOLDER : undefined);
}

/**
 * What the shopper typed, forced into +91 followed by at most 10 digits and capped at the field's
 * maxLength (default 13). A pasted '+91 98765-43210' becomes '+919876543210'.
 */
export function normalizePhoneInput(raw: string, maxLength: number = PHONE_MAX_LENGTH): string {
  const text = raw.trim();
  const rest = text.startsWith(PHONE_PREFIX) ? text.slice(PHONE_PREFIX.length) : text;
  const digits = rest.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  return `${PHONE_PREFIX}${digits}`.slice(0, Math.max(maxLength, PHONE_PREFIX.length));
}

/** The value a field starts with: its default, a ticked/unticked box, '+91' for a required phone. */
export function defaultValueOf(field: PaymentField): PaymentValue {
  if (field.type === 'checkbox') return field.defaultValue === true || field.defaultValue === 'true';
  const given = typeof field.defaultValue === 'string' ? field.defaultValue : '';
  if (isPhoneField(field)) {
    if (given !== '') return normalizePhoneInput(given, phoneMaxLength(field));
    return isRequired(field) ? PHONE_PREFIX : '';
  }
  return given;
}

export function defaultValues(fields: readonly PaymentField[]): PaymentValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultValueOf(f)]));
}

/** Apply a change the way the input does: phone fields are normalised, everything else kept. */
export function applyChange(field: PaymentField | undefined, value: PaymentValue): PaymentValue {
  if (field && isPhoneField(field) && typeof value === 'string')
    return normalizePhoneInput(value, phoneMaxLength(field));
  return value;
}

function safePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

function phoneError(field: PaymentField, value: string): string | null {
  const v = value.trim();
  if (!v.startsWith(PHONE_PREFIX)) return PHONE_PREFIX_MESSAGE;
  const { minLength, maxLength, pattern } = field.rules ?? {};
  if (minLength !== undefined && v.length < minLength) return phoneMinMessage(minLength);
  if (maxLength !== undefined && v.length > maxLength) return phoneMaxMessage(maxLength);
  if (minLength === undefined && maxLength === undefined && v.length !== PHONE_MAX_LENGTH)
    return PHONE_LENGTH_MESSAGE;
  const regex = safePattern(pattern);
  if (regex && !regex.test(v)) return PHONE_FORMAT_MESSAGE;
  if (!/^\+91\d+$/.test(v)) return PHONE_FORMAT_MESSAGE;
  return null;
}

/** The first of rulesMessages, else `fallback`. */
const ruleMessage = (field: PaymentField, fallback: string) => field.rulesMessages?.[0] ?? fallback;

/**
 * The first error of one field, or null. Hidden fields never err. Messages for non-phone length and
 * pattern rules are not given by the spec: the field's first rule message is used, else a plain one.
 */
export function validateField(field: PaymentField, values: PaymentValues): string | null {
  if (!isFieldVisible(field, values)) return null;
  const value = values[field.name];
  if (isBlank(field, value)) return isRequired(field) ? ruleMessage(field, REQUIRED_MESSAGE) : null;
  if (typeof value !== 'string') return null;
  if (isPhoneField(field)) return phoneError(field, value);
  const text = value.trim();
  if (field.type === 'email' && !EMAIL_PATTERN.test(text)) return EMAIL_MESSAGE;
  const { minLength, maxLength, pattern } = field.rules ?? {};
  // A field that explains its format (formatMessage) says what is wrong instead of 'please enter'.
  const format = field.formatMessage;
  const wrongLength = format ? `${format}; this has ${text.length}` : null;
  if (minLength !== undefined && text.length < minLength)
    return wrongLength ?? ruleMessage(field, `Must be at least ${minLength} characters`);
  if (maxLength !== undefined && text.length > maxLength)
    return wrongLength ?? ruleMessage(field, `Must be no more than ${maxLength} characters`);
  const regex = safePattern(pattern);
  if (regex && !regex.test(text)) return format ?? ruleMessage(field, 'Invalid format');
  return null;
}

export type PaymentErrors = Record<string, string>;

export function validateForm(fields: readonly PaymentField[], values: PaymentValues): PaymentErrors {
  const errors: PaymentErrors = {};
  for (const field of fields) {
    const error = validateField(field, values);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** Submit is disabled while loading or while a required visible field is blank (spec §5). */
export function canSubmit(fields: readonly PaymentField[], values: PaymentValues, loading = false): boolean {
  if (loading) return false;
  return visibleFields(fields, values).every((f) => !isRequired(f) || !isBlank(f, values[f.name]));
}

/** What is sent: the visible fields' values (hidden ones are not part of the payment). */
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
