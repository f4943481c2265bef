import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupees, paiseOf } from '../../../shared/money';
import { formatLongDate } from '../../../src/components/format';

describe('formatRupees (paise in, rupees written)', () => {
  it('formats paise as rupees in the en-IN locale with Indian digit grouping', () => {
    expect(formatRupees(149_900)).toBe('₹1,499.00');
    expect(formatRupees(123_456_750)).toBe('₹12,34,567.50');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(-149_900)).toBe('-₹1,499.00');
  });

  it("formats the contract's rupee amounts through paiseOf (My Orders, Track Order), not in dollars", () => {
    expect(formatRupees(paiseOf(2497.5))).toBe('₹2,497.50');
    expect(formatRupees(paiseOf(14999))).toBe('₹14,999.00');
    expect(formatRupees(paiseOf(149999))).toBe('₹1,49,999.00');
    // 0.29 × 100 is 28.999…: paiseOf rounds to the paisa the amount means.
    expect(paiseOf(0.29)).toBe(29);
  });

  it('shows ₹0.00 for a missing amount', () => {
    expect(formatRupees(Number.NaN)).toBe('₹0.00');
    expect(formatRupees(paiseOf(Number.NaN))).toBe('₹0.00');
  });

  const intl = new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  });

  it('writes exactly what Intl writes for en-IN rupees', () => {
    for (const paise of [0, 1, 100, 101, 99_999, 149_955, 1_234_567_890, -149_900])
      expect(formatRupees(paise)).toBe(intl.format(paise / 100));
  });

  it('matches Intl over random amounts of paise, and over every price of two decimals', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
          // Up to ₹1 lakh crore: beyond it paise / 100, Intl's input here, is no longer exact.
          fc.integer({ min: 0, max: 10_000_000_000_000 }),
        ),
        (paise) => formatRupees(paise) === intl.format(paise / 100),
      ),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (paise) => {
        const rupees = paise / 100;
        return formatRupees(paiseOf(rupees)) === intl.format(rupees);
      }),
      { numRuns: 5000 },
    );
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
