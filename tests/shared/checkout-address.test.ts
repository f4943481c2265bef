import { describe, expect, it } from 'vitest';
import { checkShippingAddress, checkShippingField, firstBlankField } from '../../shared/checkout-address';
import { INDIAN_STATES } from '../../shared/indian-states';
import { normaliseMobile } from '../../shared/phone';

import { shipping as ADDRESS } from '../machines/support/fixtures';

describe('normaliseMobile', () => {
  it.each([
    '9876543210',
    '98765 43210',
    '098765-43210',
    '+919876543210',
    '+91 98765 43210',
    '+91-98765-43210',
    '919876543210',
    '+91 0 98765 43210',
  ])('reads %j as +919876543210', (raw) => {
    expect(normaliseMobile(raw)).toBe('+919876543210');
  });

  it.each([
    '',
    '+91',
    '98765',
    '+9198765432',
    '+447911123456',
    '0098765432100',
    '98765432101',
    '+91987654321O',
  ])('finds no mobile number in %j', (raw) => {
    expect(normaliseMobile(raw)).toBeNull();
  });
});

describe('checkShippingField', () => {
  it('trims what it keeps and gives the state its listed spelling', () => {
    expect(checkShippingField('city', '  Bengaluru ')).toEqual({ ok: true, value: 'Bengaluru' });
    expect(checkShippingField('state', ' TAMIL NADU ')).toEqual({ ok: true, value: 'Tamil Nadu' });
  });

  it('refuses a value longer than the contract allows with the spec’s wording', () => {
    expect(checkShippingField('city', 'x'.repeat(101))).toEqual({
      ok: false,
      message: 'Must be no more than 100 characters',
    });
  });

  it('offers all 36 states and union territories, once each', () => {
    expect(new Set(INDIAN_STATES).size).toBe(36);
    for (const state of INDIAN_STATES)
      expect(checkShippingField('state', state)).toEqual({ ok: true, value: state });
  });
});

describe('checkShippingAddress', () => {
  it('names the first field in form order that fails', () => {
    expect(checkShippingAddress({ ...ADDRESS, city: ' ', postalCode: '0' })).toEqual({
      ok: false,
      field: 'city',
      message: 'City is required',
    });
  });

  it('returns the address normalised when every field holds', () => {
    expect(checkShippingAddress({ ...ADDRESS, phone: '098765 43210', state: 'karnataka' })).toEqual({
      ok: true,
      value: ADDRESS,
    });
  });
});

describe('firstBlankField', () => {
  it('counts invisible characters and a phone of only +91 as blank', () => {
    expect(firstBlankField(ADDRESS)).toBeNull();
    expect(firstBlankField({ ...ADDRESS, address: '\u2060 ' })).toBe('address');
    expect(firstBlankField({ ...ADDRESS, phone: ' +91' })).toBe('phone');
  });
});
