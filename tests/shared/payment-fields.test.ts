import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  defaultValues,
  isFieldVisible,
  normalizePhoneInput,
  type PaymentField,
  placeholderOf,
  submittedFields,
  validateField,
  validateForm,
} from '../../shared/payment-fields';

const phone = (
  rules: PaymentField['rules'] = { required: true },
  extra: Partial<PaymentField> = {},
): PaymentField => ({
  name: 'phone',
  label: 'Phone',
  type: 'tel',
  rules,
  ...extra,
});
const check = (field: PaymentField, value: string | boolean) => validateField(field, { [field.name]: value });

describe('validateField — required fields', () => {
  const name: PaymentField = { name: 'payerName', label: 'Name', type: 'text', rules: { required: true } };

  it("says 'This field is required' when a required field is blank and has no rule message", () => {
    expect(check(name, '')).toBe('This field is required');
    expect(check(name, '   ')).toBe('This field is required');
  });
  it('uses the first rule message when a required field is blank', () => {
    expect(check({ ...name, rulesMessages: ['Enter your name', 'other'] }, '')).toBe('Enter your name');
  });
  it('accepts a filled required field', () => {
    expect(check(name, 'Asha')).toBeNull();
  });
  it('accepts a blank optional field', () => {
    expect(check({ ...name, rules: {} }, '')).toBeNull();
  });
  it('treats an unticked required checkbox as blank', () => {
    const terms: PaymentField = {
      name: 'terms',
      label: 'I agree',
      type: 'checkbox',
      rules: { required: true },
    };
    expect(check(terms, false)).toBe('This field is required');
    expect(check(terms, true)).toBeNull();
  });
});

describe('validateField — email', () => {
  const email: PaymentField = { name: 'email', label: 'Email', type: 'email', rules: { required: true } };

  it("says 'Please enter a valid email address' when the value is not x@y.z", () => {
    for (const bad of ['asha', 'asha@example', '@example.in', 'asha @example.in', 'asha@.in'])
      expect(check(email, bad), bad).toBe('Please enter a valid email address');
  });
  it('accepts x@y.z', () => {
    expect(check(email, 'asha@example.in')).toBeNull();
  });
});

describe('validateField — phone (+91)', () => {
  it("says 'Phone number must start with +91' for another country's number", () => {
    expect(check(phone(), '+449876543210')).toBe('Phone number must start with +91');
  });
  it('reads a number written without +91, with a trunk 0 or with spaces as the same +91 mobile', () => {
    for (const raw of ['9876543210', '098765 43210', '+91 98765 43210', '91 98765 43210'])
      expect(check(phone({ required: true, minLength: 13, maxLength: 13 }), raw)).toBeNull();
  });
  it("says 'Invalid phone number format' for ten digits that start 0–5 (Indian mobiles start 6–9)", () => {
    for (const first of '012345')
      expect(check(phone({ required: true, minLength: 13, maxLength: 13 }), `+91${first}876543210`)).toBe(
        'Invalid phone number format',
      );
  });
  it("says 'Phone number must be 13 characters (including +91)' when no bounds are given", () => {
    expect(check(phone(), '+91987654321')).toBe('Phone number must be 13 characters (including +91)');
    expect(check(phone(), '+9198765432101')).toBe('Phone number must be 13 characters (including +91)');
  });
  it("says 'Phone number must have at least {n} characters' below minLength", () => {
    expect(check(phone({ required: true, minLength: 13 }), '+9198765')).toBe(
      'Phone number must have at least 13 characters',
    );
  });
  it("says 'Phone number must have no more than {n} characters' above maxLength", () => {
    expect(check(phone({ required: true, maxLength: 12 }), '+919876543210')).toBe(
      'Phone number must have no more than 12 characters',
    );
  });
  it("says 'Invalid phone number format' when the pattern fails", () => {
    expect(
      check(
        phone({ required: true, minLength: 13, maxLength: 13, pattern: '^\\+91[6-9]\\d{9}$' }),
        '+911234567890',
      ),
    ).toBe('Invalid phone number format');
  });
  it('accepts +91 and 10 digits', () => {
    expect(check(phone(), '+919876543210')).toBeNull();
    expect(
      check(phone({ minLength: 13, maxLength: 13, pattern: '^\\+91[6-9]\\d{9}$' }), '+919876543210'),
    ).toBeNull();
  });
  it('treats a phone holding only +91 as blank: required message when required, fine when optional', () => {
    expect(check(phone(), '+91')).toBe('This field is required');
    expect(check(phone({}), '+91')).toBeNull();
  });
  it('treats a field named like phone as a phone field whatever its type', () => {
    expect(check({ name: 'mobilePhone', label: 'Mobile', type: 'text' }, '+4412345')).toBe(
      'Phone number must start with +91',
    );
  });
});

describe('formatMessage (what is wrong with a GSTIN)', () => {
  const gstin: PaymentField = {
    name: 'gstin',
    label: 'GSTIN',
    type: 'text',
    rules: {
      required: true,
      minLength: 15,
      maxLength: 15,
      pattern: '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$',
    },
    rulesMessages: ['Please enter the GSTIN for the invoice'],
    formatMessage: 'A GSTIN is 15 characters (e.g. 22AAAAA0000A1Z5)',
  };
  it('asks for the value only when it is blank', () => {
    expect(validateField(gstin, { gstin: '' })).toBe('Please enter the GSTIN for the invoice');
  });
  it('says what is wrong with a filled but invalid value', () => {
    expect(validateField(gstin, { gstin: '22AAAAA0000' })).toBe(
      'A GSTIN is 15 characters (e.g. 22AAAAA0000A1Z5); this has 11',
    );
    expect(validateField(gstin, { gstin: '22AAAAA0000A1Y5' })).toBe(
      'A GSTIN is 15 characters (e.g. 22AAAAA0000A1Z5)',
    );
    expect(validateField(gstin, { gstin: '22AAAAA0000A1Z5' })).toBeNull();
  });
});

describe('isFieldVisible (showWhenFilled)', () => {
  const gstin: PaymentField = {
    name: 'gstin',
    label: 'GSTIN',
    type: 'text',
    showWhenFilled: ['company', 'vat'],
  };

  it('shows a field whose showWhenFilled list is empty or missing', () => {
    expect(isFieldVisible({ ...gstin, showWhenFilled: [] }, {})).toBe(true);
    expect(isFieldVisible({ name: 'x', label: 'X', type: 'text' }, {})).toBe(true);
  });
  it('hides the field while every watched field is blank', () => {
    expect(isFieldVisible(gstin, { company: '  ', vat: '' })).toBe(false);
  });
  it('shows the field when at least one watched field has a value', () => {
    expect(isFieldVisible(gstin, { company: '', vat: 'X1' })).toBe(true);
  });
  it('never reports an error for a hidden field', () => {
    expect(validateField({ ...gstin, rules: { required: true } }, { gstin: '' })).toBeNull();
  });
});

describe('normalizePhoneInput', () => {
  it('reads +91 and the digits; leaves text that is no number for the rules to refuse', () => {
    expect(normalizePhoneInput('98765 43210')).toBe('+919876543210');
    expect(normalizePhoneInput('+91 98765-43210')).toBe('+919876543210');
    expect(normalizePhoneInput('abc')).toBe('abc');
    expect(normalizePhoneInput('')).toBe('+91');
  });
  it('reads the number typed or pasted any usual way, and cuts nothing off (the rules name a wrong length)', () => {
    for (const raw of ['+91 98765 43210', '098765 43210', '91 98765 43210', '+91+91 98765 43210'])
      expect(normalizePhoneInput(raw)).toBe('+919876543210');
    expect(normalizePhoneInput('+91987654321099')).toBe('+91987654321099');
  });
});

describe('defaultValues', () => {
  it('prefills a required empty phone with +91, uses given defaults and unticks checkboxes', () => {
    const fields: PaymentField[] = [
      phone(),
      { name: 'altPhone', label: 'Alt', type: 'tel' },
      { name: 'method', label: 'Method', type: 'select', defaultValue: 'upi_qr' },
      { name: 'save', label: 'Save', type: 'checkbox' },
      { name: 'news', label: 'News', type: 'checkbox', defaultValue: true },
    ];
    expect(defaultValues(fields)).toEqual({
      phone: '+91',
      altPhone: '',
      method: 'upi_qr',
      save: false,
      news: true,
    });
  });
  it('uses +91XXXXXXXXXX as the phone placeholder when none is given', () => {
    expect(placeholderOf(phone())).toBe('+91XXXXXXXXXX');
    expect(placeholderOf(phone({}, { placeholder: 'Mobile' }))).toBe('Mobile');
  });
});

describe('canSubmit', () => {
  const fields: PaymentField[] = [
    { name: 'payerName', label: 'Name', type: 'text', rules: { required: true } },
    phone(),
    { name: 'gstin', label: 'GSTIN', type: 'text', rules: { required: true }, showWhenFilled: ['company'] },
    { name: 'company', label: 'Company', type: 'text' },
  ];
  it('is false while a required visible field is blank', () => {
    expect(canSubmit(fields, { payerName: 'Asha', phone: '+91', company: '' })).toBe(false);
  });
  it('ignores required fields that are hidden', () => {
    expect(canSubmit(fields, { payerName: 'Asha', phone: '+919876543210', company: '', gstin: '' })).toBe(
      true,
    );
  });
  it('is false while loading', () => {
    expect(canSubmit(fields, { payerName: 'Asha', phone: '+919876543210' }, true)).toBe(false);
  });
  it('sends only the visible fields, trimmed', () => {
    expect(
      submittedFields(fields, { payerName: ' Asha ', phone: '+919876543210', company: '', gstin: 'X' }),
    ).toEqual({
      payerName: 'Asha',
      phone: '+919876543210',
      company: '',
    });
  });
  it('collects one message per invalid visible field', () => {
    expect(validateForm(fields, { payerName: '', phone: '+9198', company: 'Acme', gstin: '' })).toEqual({
      payerName: 'This field is required',
      phone: 'Phone number must be 13 characters (including +91)',
      gstin: 'This field is required',
    });
  });
});
