import { describe, expect, it } from 'vitest';
import { forcedPhoneInput, isIndianMobile, normaliseMobile, phoneValueOf } from '../../shared/phone';

describe('phoneValueOf', () => {
  it.each([
    '+91 98765 43210',
    '098765 43210',
    '9876543210',
    '+919876543210',
    '91 98765 43210',
    '+91-98765-43210',
    '(+91) 98765 43210',
    '0091 98765 43210',
    '+91 098765 43210',
    // The field's own +91 left in place, the whole number typed or pasted after it.
    '+91+91 98765 43210',
    '+9198765 43210',
  ])('reads %j as +919876543210', (raw) => {
    expect(phoneValueOf(raw)).toBe('+919876543210');
    expect(normaliseMobile(raw)).toBe('+919876543210');
  });

  it('keeps a blank field at the bare +91 and another country as written', () => {
    expect(phoneValueOf('')).toBe('+91');
    expect(phoneValueOf('  +91 ')).toBe('+91');
    expect(phoneValueOf('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('does not cut a number that is too long or too short: the rules say so', () => {
    expect(phoneValueOf('98765432109')).toBe('+9198765432109');
    expect(phoneValueOf('98765')).toBe('+9198765');
  });
});

describe('isIndianMobile', () => {
  it('takes 10 digits starting 6–9 after +91', () => {
    for (const first of '6789') expect(isIndianMobile(`+91${first}876543210`)).toBe(true);
  });
  it('refuses numbers starting 0–5, the wrong length, or another country', () => {
    for (const first of '012345') expect(isIndianMobile(`+91${first}876543210`)).toBe(false);
    expect(isIndianMobile('+91987654321')).toBe(false);
    expect(isIndianMobile('+9198765432100')).toBe(false);
    expect(isIndianMobile('+449876543210')).toBe(false);
    expect(normaliseMobile('5876543210')).toBeNull();
  });
});

describe('forcedPhoneInput (what the field shows as the shopper types: spec §5)', () => {
  /** The field's value after typing `text` one key at a time after what it holds, forced at each key. */
  const typed = (text: string, start = '+91') =>
    [...text].reduce((value, key) => forcedPhoneInput(value + key).value, start);

  it.each([
    '+91 98765 43210',
    '098765 43210',
    '91 98765 43210',
    '98765-43210',
    '9876543210',
    '98765abc43210',
  ])("typing %j after the field's +91 shows +919876543210, never more than ten digits", (text) => {
    let value = '+91';
    for (const key of text) {
      value = forcedPhoneInput(value + key).value;
      expect(value).toMatch(/^\+91\d{0,10}$/);
    }
    expect(value).toBe('+919876543210');
    expect(typed(text, '')).toBe('+919876543210');
  });

  it.each([['+91+91 98765 43210'], ['+91098765 43210'], ['+91919876543210'], ['+44 7911 123456 and more']])(
    'a paste leaving %j shows +91 and at most ten digits',
    (raw) => {
      expect(forcedPhoneInput(raw).value).toMatch(/^\+91\d{0,10}$/);
    },
  );

  it('keeps +91 when the prefix is deleted, and the digits after it', () => {
    expect(forcedPhoneInput('').value).toBe('+91');
    expect(forcedPhoneInput('+9').value).toBe('+91');
    expect(forcedPhoneInput('+9876').value).toBe('+91876');
    expect(forcedPhoneInput('+1987').value).toBe('+91987');
  });

  it('keeps the cursor after the same digit when a character in the middle is dropped', () => {
    // '+9198x76' with the cursor after the x: the x goes, the cursor stays after 98.
    expect(forcedPhoneInput('+9198x76', 6)).toEqual({ value: '+919876', caret: 5 });
    expect(forcedPhoneInput('+919876')).toEqual({ value: '+919876', caret: 7 });
  });
});
