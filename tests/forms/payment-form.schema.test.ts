import { describe, expect, it } from 'vitest';
import type { PaymentField } from '../../shared/payment-fields';
import { buildPaymentForm, paymentFormSchema } from '../../src/forms/payment-form.schema';

const fields: PaymentField[] = [
  {
    name: 'payerName',
    label: 'Name',
    type: 'text',
    rules: { required: true },
    rulesMessages: ['Enter your name'],
  },
  { name: 'email', label: 'Email', type: 'email', rules: { required: true } },
  { name: 'phone', label: 'Phone', type: 'tel', rules: { required: true } },
  { name: 'company', label: 'Company', type: 'text' },
  { name: 'gstin', label: 'GSTIN', type: 'text', rules: { required: true }, showWhenFilled: ['company'] },
  { name: 'terms', label: 'I agree', type: 'checkbox', rules: { required: true } },
];

const messages = (input: Record<string, unknown>) => {
  const result = paymentFormSchema(fields).safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('paymentFormSchema', () => {
  it('reports each blank required visible field with its message when nothing is filled', () => {
    expect(messages({})).toEqual({
      payerName: 'Enter your name',
      email: 'This field is required',
      phone: 'This field is required',
      terms: 'This field is required',
    });
  });
  it("reports 'Please enter a valid email address' for a bad email", () => {
    expect(messages({ payerName: 'A', email: 'asha@', phone: '+919876543210', terms: true })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
  it('reports the phone rule message for a bad phone', () => {
    expect(messages({ payerName: 'A', email: 'a@b.in', phone: '+449876543210', terms: true })).toEqual({
      phone: 'Phone number must start with +91',
    });
    expect(messages({ payerName: 'A', email: 'a@b.in', phone: '+91987', terms: true })).toEqual({
      phone: 'Phone number must be 13 characters (including +91)',
    });
  });
  it('requires a conditional field only once the field it watches is filled', () => {
    const base = { payerName: 'A', email: 'a@b.in', phone: '+919876543210', terms: true };
    expect(messages(base)).toEqual({});
    expect(messages({ ...base, company: 'Acme' })).toEqual({ gstin: 'This field is required' });
  });
  it('passes and returns the values when every rule holds', () => {
    const value = { payerName: 'Asha', email: 'a@b.in', phone: '+919876543210', terms: true };
    expect(paymentFormSchema(fields).parse(value)).toEqual(value);
  });
  it('rejects a value of the wrong type for the field', () => {
    expect(paymentFormSchema(fields).safeParse({ terms: 'yes' }).success).toBe(false);
  });
});

describe('buildPaymentForm', () => {
  const form = buildPaymentForm(fields);

  it('gives the default values, +91 for the required phone', () => {
    expect(form.defaults).toEqual({
      payerName: '',
      email: '',
      phone: '+91',
      company: '',
      gstin: '',
      terms: false,
    });
  });
  it('normalises what is typed into a phone field and leaves other fields alone', () => {
    expect(form.normalize('phone', '098 7654-3210')).toBe('+919876543210');
    expect(form.normalize('payerName', ' Asha ')).toBe(' Asha ');
  });
  it('answers visibility by field name', () => {
    expect(form.isVisible('gstin', { company: '' })).toBe(false);
    expect(form.isVisible('gstin', { company: 'Acme' })).toBe(true);
    expect(form.visibleFields({ company: '' }).map((f) => f.name)).not.toContain('gstin');
  });
  it('gives a phone input type tel, room for a number written with spaces, and the +91 placeholder', () => {
    expect(form.inputProps(fields[2]!)).toEqual({
      type: 'tel',
      placeholder: '+91XXXXXXXXXX',
      maxLength: 20,
      inputMode: 'tel',
      required: true,
    });
  });
  it('disables submit while a required visible field is blank', () => {
    expect(form.canSubmit(form.defaults)).toBe(false);
    expect(
      form.canSubmit({
        ...form.defaults,
        payerName: 'A',
        email: 'a@b.in',
        phone: '+919876543210',
        terms: true,
      }),
    ).toBe(true);
  });
});
