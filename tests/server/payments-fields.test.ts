import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/errors';
import {
  GSTIN_FORMAT_MESSAGE,
  PAYMENT_FIELDS,
  type PaymentField,
  type PaymentFieldValues,
  validatePaymentFields,
} from '../../server/payments/fields';
import { isFieldVisible } from '../../shared/payment-fields';

const VALID = {
  payerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+919876543210',
  method: 'upi_qr',
} satisfies PaymentFieldValues;

/** The 400 as '<field>: <message>', or the bare message when it names no field. */
function errorOf(values: PaymentFieldValues, definitions: readonly PaymentField[] = PAYMENT_FIELDS): string {
  try {
    validatePaymentFields(definitions, values);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const { statusCode, field, message } = error as HttpError;
    expect(statusCode).toBe(400);
    return field === undefined ? message : `${field}: ${message}`;
  }
  throw new Error('expected a validation error');
}

describe('PAYMENT_FIELDS', () => {
  it('defines the mobile number with the spec §5 phone rules when read by a client', () => {
    const phone = PAYMENT_FIELDS.find((field) => field.name === 'phone');
    expect(phone).toMatchObject({
      type: 'tel',
      placeholder: '+91XXXXXXXXXX',
      defaultValue: '+91',
      rules: { required: true, minLength: 13, maxLength: 13 },
    });
    expect(phone?.rulesMessages).toEqual(
      expect.arrayContaining(['Phone number must start with +91', 'Invalid phone number format']),
    );
  });

  it('offers the three payment methods when the method select is read', () => {
    const method = PAYMENT_FIELDS.find((field) => field.name === 'method');
    expect(method?.type).toBe('select');
    expect(method?.options).toEqual([
      { label: 'UPI app', value: 'upi_intent' },
      { label: 'UPI QR code', value: 'upi_qr' },
      { label: 'Card / net banking', value: 'card' },
    ]);
  });

  it('names only fields that exist when a field depends on others', () => {
    const names = new Set(PAYMENT_FIELDS.map((field) => field.name));
    for (const field of PAYMENT_FIELDS)
      for (const name of field.showWhenFilled ?? []) expect(names).toContain(name);
  });
});

describe('isFieldVisible', () => {
  const gstin = PAYMENT_FIELDS.find((field) => field.name === 'gstin')!;

  it('hides a conditional field when the fields it watches are blank', () => {
    expect(isFieldVisible(gstin, { businessName: '   ' })).toBe(false);
    expect(isFieldVisible(gstin, {})).toBe(false);
  });

  it('shows a conditional field when a watched field has a value', () => {
    expect(isFieldVisible(gstin, { businessName: 'Verma Textiles' })).toBe(true);
  });

  it('shows a field with no showWhenFilled list always', () => {
    expect(isFieldVisible(PAYMENT_FIELDS[0]!, {})).toBe(true);
  });
});

describe('validatePaymentFields', () => {
  it('returns the trimmed visible values when every rule holds', () => {
    expect(validatePaymentFields(PAYMENT_FIELDS, { ...VALID, payerName: '  Asha Verma ' })).toEqual(VALID);
  });

  it('refuses a field name the form does not define', () => {
    expect(() => validatePaymentFields(PAYMENT_FIELDS, { ...VALID, cardNumber: '4111111111111111' })).toThrow(
      expect.objectContaining({ message: 'cardNumber: Unknown payment field', field: undefined }),
    );
  });

  it('answers the first rule message when a required field is blank', () => {
    expect(errorOf({ ...VALID, payerName: '  ' })).toBe('payerName: Please enter your name');
    expect(errorOf({ phone: VALID.phone, email: VALID.email, method: 'card' })).toBe(
      'payerName: Please enter your name',
    );
  });

  it("answers 'This field is required' when a required field has no rule messages", () => {
    const bare: PaymentField[] = [{ name: 'note', label: 'Note', type: 'text', rules: { required: true } }];
    expect(errorOf({}, bare)).toBe('note: This field is required');
  });

  it('refuses a name shorter than its minimum length', () => {
    expect(errorOf({ ...VALID, payerName: 'A' })).toBe('payerName: Must be at least 2 characters');
  });

  it('refuses a value longer than its maximum length', () => {
    expect(errorOf({ ...VALID, payerName: 'A'.repeat(101) })).toBe(
      'payerName: Must be no more than 100 characters',
    );
  });

  it('refuses an email without the x@y.z shape', () => {
    expect(errorOf({ ...VALID, email: 'asha@example' })).toBe('email: Please enter a valid email address');
    expect(errorOf({ ...VALID, email: 'asha example.in' })).toBe('email: Please enter a valid email address');
  });

  it("refuses another country's phone number", () => {
    expect(errorOf({ ...VALID, phone: '+44 98765 43210' })).toBe('phone: Phone number must start with +91');
  });

  it('takes a mobile written any usual way and keeps it as +91 and ten digits', () => {
    for (const phone of ['+91 98765 43210', '098765 43210', '9876543210', '91 98765 43210']) {
      const result = validatePaymentFields(PAYMENT_FIELDS, { ...VALID, phone });
      expect(result.phone).toBe('+919876543210');
    }
  });

  it('counts a phone holding only +91 as blank, as the form does', () => {
    // The phone's first rule message is the spec's '+91' one, so a blank phone says that.
    expect(errorOf({ ...VALID, phone: ' +91 ' })).toBe('phone: Phone number must start with +91');
  });

  it('refuses a phone number shorter than 13 characters', () => {
    expect(errorOf({ ...VALID, phone: '+9198765' })).toBe(
      'phone: Phone number must have at least 13 characters',
    );
  });

  it('refuses a phone number longer than 13 characters', () => {
    expect(errorOf({ ...VALID, phone: '+9198765432100' })).toBe(
      'phone: Phone number must have no more than 13 characters',
    );
  });

  it('refuses a phone number with anything but digits after +91', () => {
    expect(errorOf({ ...VALID, phone: '+91987654321x' })).toBe('phone: Invalid phone number format');
  });

  it('asks for exactly 13 characters when a phone field gives no bounds', () => {
    const phoneOnly: PaymentField[] = [{ name: 'altPhone', label: 'Other phone', type: 'text' }];
    expect(errorOf({ altPhone: '+9198765' }, phoneOnly)).toBe(
      'altPhone: Phone number must be 13 characters (including +91)',
    );
    expect(validatePaymentFields(phoneOnly, { altPhone: '+919876543210' })).toEqual({
      altPhone: '+919876543210',
    });
  });

  it('refuses a select value that is not one of its options', () => {
    expect(errorOf({ ...VALID, method: 'bitcoin' })).toBe('method: Please choose one of the options');
  });

  it('refuses a value of the wrong type', () => {
    expect(errorOf({ ...VALID, phone: 919876543210 })).toBe('phone: Must be text');
    const withCheckbox: PaymentField[] = [{ name: 'terms', label: 'Terms', type: 'checkbox' }];
    expect(errorOf({ terms: 'yes' }, withCheckbox)).toBe('terms: Must be checked or unchecked');
    const withNumber: PaymentField[] = [{ name: 'tip', label: 'Tip', type: 'number' }];
    expect(errorOf({ tip: 'ten' }, withNumber)).toBe('tip: Must be a number');
    expect(validatePaymentFields(withNumber, { tip: '10' })).toEqual({ tip: 10 });
  });

  it('requires a required checkbox to be checked', () => {
    const terms: PaymentField[] = [
      { name: 'terms', label: 'I agree to the terms', type: 'checkbox', rules: { required: true } },
    ];
    expect(errorOf({ terms: false }, terms)).toBe('terms: This field is required');
    expect(validatePaymentFields(terms, { terms: true })).toEqual({ terms: true });
  });

  it('skips a hidden conditional field when the field it watches is blank', () => {
    expect(
      validatePaymentFields(PAYMENT_FIELDS, { ...VALID, businessName: '', gstin: 'not checked' }),
    ).toEqual(VALID);
  });

  it('requires and checks a conditional field when it becomes visible', () => {
    expect(errorOf({ ...VALID, businessName: 'Verma Textiles' })).toBe(
      'gstin: Please enter the GSTIN for the invoice',
    );
    expect(errorOf({ ...VALID, businessName: 'Verma Textiles', gstin: '22AAAAA0000A1Y5' })).toBe(
      `gstin: ${GSTIN_FORMAT_MESSAGE}`,
    );
    expect(errorOf({ ...VALID, businessName: 'Verma Textiles', gstin: '22AAAAA0000' })).toBe(
      `gstin: ${GSTIN_FORMAT_MESSAGE}; this has 11`,
    );
    expect(
      validatePaymentFields(PAYMENT_FIELDS, {
        ...VALID,
        businessName: 'Verma Textiles',
        gstin: '22AAAAA0000A1Z5',
      }),
    ).toEqual({ ...VALID, businessName: 'Verma Textiles', gstin: '22AAAAA0000A1Z5' });
  });
});
