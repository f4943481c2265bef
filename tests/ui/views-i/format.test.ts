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
});

describe('formatLongDate', () => {
  it("formats like 'April 18, 2025'", () => {
    expect(formatLongDate('2025-04-18T10:00:00.000Z')).toBe('April 18, 2025');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatLongDate('not a date')).toBe('');
  });
});
