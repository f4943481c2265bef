import type { components } from '../../src/api/schema';
import { badRequest } from '../errors';

export type PaymentField = components['schemas']['PaymentField'];
export type PaymentFieldValue = string | boolean | number;
export type PaymentFieldValues = Record<string, PaymentFieldValue>;

export const PAYMENT_METHODS = ['upi_intent', 'upi_qr', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PHONE_PATTERN = '^\\+91[0-9]{10}$';
export const GSTIN_FORMAT_MESSAGE =
  'A GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character (e.g. 22AAAAA0000A1Z5)';
export const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';
/** Spec §5: non-space text, @, text, dot, text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DEFAULT_PHONE_LENGTH = 13;

/**
 * The payment form, in display order (spec §3 shape). The SPA renders it and POST /payments checks
 * submissions against the very same definitions, so the two can never disagree.
 */
export const PAYMENT_FIELDS: readonly PaymentField[] = [
  {
    name: 'payerName',
    label: 'Name',
    type: 'text',
    placeholder: 'Asha Verma',
    description: 'As on your bank account or card',
    rules: { required: true, minLength: 2, maxLength: 100 },
    rulesMessages: ['Please enter your name', 'Name must be at least 2 characters'],
  },
  {
    name: 'email',
    label: 'Email',
    type: 'email',
    placeholder: 'you@example.in',
    description: 'We send the payment confirmation here',
    rules: { required: true, maxLength: 254 },
    rulesMessages: ['Please enter your email address'],
  },
  {
    name: 'phone',
    label: 'Mobile number',
    type: 'tel',
    placeholder: '+91XXXXXXXXXX',
    defaultValue: '+91',
    rules: { required: true, minLength: 13, maxLength: 13, pattern: PHONE_PATTERN },
    rulesMessages: [
      'Phone number must start with +91',
      'Phone number must have at least 13 characters',
      'Phone number must have no more than 13 characters',
      'Invalid phone number format',
    ],
  },
  {
    name: 'method',
    label: 'Pay with',
    type: 'select',
    defaultValue: 'upi_qr',
    description:
      'UPI app opens the UPI app on this phone; UPI QR code shows a code to scan with any UPI app; card and net banking continue on the payment gateway’s secure page.',
    options: [
      { label: 'UPI app', value: 'upi_intent' },
      { label: 'UPI QR code', value: 'upi_qr' },
      { label: 'Card / net banking', value: 'card' },
    ],
    rules: { required: true },
    rulesMessages: ['Please choose how to pay'],
  },
  {
    name: 'businessName',
    label: 'Business name for a GST invoice',
    type: 'text',
    placeholder: 'Optional',
    inline: true,
    rules: { required: false, maxLength: 100 },
  },
  {
    name: 'gstin',
    label: 'GSTIN',
    type: 'text',
    placeholder: '22AAAAA0000A1Z5',
    description: '15-character GST identification number',
    inline: true,
    showWhenFilled: ['businessName'],
    rules: { required: true, minLength: 15, maxLength: 15, pattern: GSTIN_PATTERN },
    rulesMessages: ['Please enter the GSTIN for the invoice'],
    formatMessage: GSTIN_FORMAT_MESSAGE,
  },
];

function isPhoneField(field: PaymentField): boolean {
  return field.type === 'tel' || field.name.toLowerCase().includes('phone');
}

function isBlank(value: PaymentFieldValue | undefined): boolean {
  if (value === undefined || value === false) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return typeof value === 'string' && value.trim() === '';
}

/** Spec §4: visible when the list is empty, or when any field it names has a non-blank value. */
export function isFieldVisible(field: PaymentField, values: PaymentFieldValues): boolean {
  const watched = field.showWhenFilled ?? [];
  return watched.length === 0 || watched.some((name) => !isBlank(values[name]));
}

class FieldError extends Error {}

function fail(message: string): never {
  throw new FieldError(message);
}

function normalise(field: PaymentField, raw: PaymentFieldValue): PaymentFieldValue {
  switch (field.type) {
    case 'checkbox':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return fail('Must be checked or unchecked');
    case 'number': {
      const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('Must be a number');
      return value;
    }
    default:
      if (typeof raw !== 'string') return fail('Must be text');
      return raw.trim();
  }
}

function checkPhone(field: PaymentField, value: string): void {
  const { minLength, maxLength, pattern } = field.rules ?? {};
  if (!value.startsWith('+91')) fail('Phone number must start with +91');
  if (minLength === undefined && maxLength === undefined && value.length !== DEFAULT_PHONE_LENGTH) {
    fail('Phone number must be 13 characters (including +91)');
  }
  if (minLength !== undefined && value.length < minLength) {
    fail(`Phone number must have at least ${minLength} characters`);
  }
  const max = maxLength ?? DEFAULT_PHONE_LENGTH;
  if (value.length > max) fail(`Phone number must have no more than ${max} characters`);
  if (!/^\+91[0-9]*$/.test(value) || (pattern !== undefined && !fullMatch(pattern, value))) {
    fail('Invalid phone number format');
  }
}

// Like HTML's pattern attribute: the whole value must match.
function fullMatch(pattern: string, value: string): boolean {
  return new RegExp(`^(?:${pattern})$`, 'u').test(value);
}

function checkRules(field: PaymentField, value: PaymentFieldValue): void {
  if (typeof value !== 'string') return;
  if (isPhoneField(field)) {
    checkPhone(field, value);
    return;
  }
  const { minLength, maxLength, pattern } = field.rules ?? {};
  const format = field.formatMessage;
  if (minLength !== undefined && value.length < minLength)
    fail(format ? `${format}; this has ${value.length}` : `Must be at least ${minLength} characters`);
  if (maxLength !== undefined && value.length > maxLength)
    fail(format ? `${format}; this has ${value.length}` : `Must be at most ${maxLength} characters`);
  if (field.type === 'email' && !EMAIL_PATTERN.test(value)) fail('Please enter a valid email address');
  if (field.type === 'select' && !(field.options ?? []).some((option) => option.value === value)) {
    fail('Please choose one of the options');
  }
  if (pattern !== undefined && !fullMatch(pattern, value)) fail(format ?? 'Invalid format');
}

/**
 * Checks submitted values against the definitions with the spec §5 rules and returns the visible,
 * non-blank values, trimmed. Throws a 400 `'<field label>: <message>'` on the first violation.
 */
export function validatePaymentFields(
  definitions: readonly PaymentField[],
  submitted: PaymentFieldValues,
): PaymentFieldValues {
  const byName = new Map(definitions.map((field) => [field.name, field]));
  for (const name of Object.keys(submitted)) {
    if (!byName.has(name)) throw badRequest(`${name}: Unknown payment field`);
  }
  const values: PaymentFieldValues = {};
  for (const field of definitions) {
    const raw = submitted[field.name];
    try {
      const value = raw === undefined ? undefined : normalise(field, raw);
      if (!isFieldVisible(field, submitted)) continue;
      if (isBlank(value)) {
        if (field.rules?.required) fail(field.rulesMessages?.[0] ?? 'This field is required');
        continue;
      }
      checkRules(field, value as PaymentFieldValue);
      values[field.name] = value as PaymentFieldValue;
    } catch (error) {
      if (error instanceof FieldError) throw badRequest(`${field.label}: ${error.message}`);
      throw error;
    }
  }
  return values;
}
