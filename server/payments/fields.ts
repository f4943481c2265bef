import { checkSubmission, type PaymentField, type SubmittedValues } from '../../shared/payment-fields';
import { INDIAN_MOBILE_PATTERN } from '../../shared/phone';
import { badRequest } from '../errors';

export type { PaymentField };

export type PaymentFieldValues = SubmittedValues;

export const PAYMENT_METHODS = ['upi_intent', 'upi_qr', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const GSTIN_FORMAT_MESSAGE =
  'A GSTIN is 15 characters: 2-digit state code, 10-character PAN, entity number, Z, check character (e.g. 22AAAAA0000A1Z5)';
const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

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
    rules: { required: true, minLength: 13, maxLength: 13, pattern: INDIAN_MOBILE_PATTERN },
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

/**
 * POST /payments' check of the submitted values against the definitions (the rules of
 * shared/payment-fields.ts, the same the form runs). Returns the visible, non-blank values, trimmed;
 * throws a 400 `{ error, field }` naming the first field at fault, with the message the form shows.
 */
export function validatePaymentFields(
  definitions: readonly PaymentField[],
  submitted: PaymentFieldValues,
): PaymentFieldValues {
  const result = checkSubmission(definitions, submitted);
  if (!result.ok) throw badRequest(result.message, result.field);
  return result.values;
}
