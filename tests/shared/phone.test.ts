import { describe, expect, it } from 'vitest';
import { isIndianMobile, normaliseMobile, phoneValueOf } from '../../shared/phone';

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
