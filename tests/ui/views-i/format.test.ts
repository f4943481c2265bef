import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInr, formatLongDate } from '../../../src/components/format';

describe('formatInr', () => {
  it('formats rupees in the en-IN locale with Indian digit grouping', () => {
    expect(formatInr(1499)).toBe('₹1,499.00');
    expect(formatInr(1234567.5)).toBe('₹12,34,567.50');
  });

  it('rounds to at most 2 decimals', () => {
    expect(formatInr(99.999)).toBe('₹100.00');
    expect(formatInr(10.125)).toMatch(/^₹10\.1[23]$/);
  });

  it('formats order amounts (My Orders, Track Order) like the rest of the shop, not in dollars', () => {
    expect(formatInr(2497.5)).toBe('₹2,497.50');
    expect(formatInr(14999)).toBe('₹14,999.00');
    expect(formatInr(149999)).toBe('₹1,49,999.00');
  });

  it('shows ₹0.00 for a missing amount', () => {
    expect(formatInr(Number.NaN)).toBe('₹0.00');
  });

  const intl = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  });

  it('writes exactly what Intl writes for en-IN rupees, rounding and signs included', () => {
    for (const amount of [0, -0, 1, 1.005, 2.675, 0.004, 0.005, -0.001, 999.999, 1499.555, 12345678.9, -1499])
      expect(formatInr(amount)).toBe(intl.format(amount));
  });

  it('matches Intl over random prices, paise amounts and fractions of a paisa', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((paise) => paise / 100),
          fc.double({ min: -1e12, max: 1e12, noNaN: true }),
          fc.double({ min: -10, max: 10, noNaN: true }),
          fc.integer({ min: 0, max: 100_000_000 }).map((n) => n / 1000),
        ),
        (amount) => formatInr(amount) === intl.format(amount),
      ),
      { numRuns: 5000 },
    );
  });

  it('matches Intl for amounts JavaScript writes in exponent form', () => {
    for (const amount of [1e21, 1.5e25, 1e-7, -3e-9]) expect(formatInr(amount)).toBe(intl.format(amount));
  });
});

describe('formatLongDate', () => {
  it("formats like 'April 18, 2025'", () => {
    expect(formatLongDate('2025-04-18T10:00:00.000Z')).toBe('April 18, 2025');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatLongDate('not a date')).toBe('');
  });
});
