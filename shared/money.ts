/**
 * Rupees are formatted by hand, not with Intl.NumberFormat: the first Intl formatter a page builds loads
 * the locale's data, 20–40 ms of main thread on this machine (×4 on a Lighthouse phone) before the first
 * price can paint. The output is Intl's en-IN INR currency format, character for character
 * (tests/ui/views-i/format.test.ts compares the two over random amounts of paise); an amount that is
 * not a whole number of paise still goes through Intl.
 */
let intlInr: Intl.NumberFormat | undefined;
function viaIntl(amount: number): string {
  intlInr ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    maximumFractionDigits: 2,
  });
  return intlInr.format(amount);
}

/** en-IN digit groups: the last three digits, then pairs (1,23,45,678). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * The shop's one way to write money (spec §1): Indian rupees in the en-IN locale with two decimals —
 * ₹1,499.00 or ₹1,49,999.50 — from an amount in **paise** (an integer, as the server keeps money).
 * The contract's prices are rupees: the storefront writes `formatRupees(paiseOf(price))`.
 */
export function formatRupees(paise: number): string {
  // Not a whole number of paise (never one of ours): Intl writes whatever it is.
  if (!Number.isSafeInteger(paise)) return viaIntl(Number.isFinite(paise) ? paise / 100 : 0);
  const digits = Math.abs(paise).toString().padStart(3, '0');
  return `${paise < 0 ? '-' : ''}₹${groupIndian(digits.slice(0, -2))}.${digits.slice(-2)}`;
}

/** Rupees (the contract's numbers, at most two decimals) → whole paise. */
export const paiseOf = (rupees: number): number => Math.round(rupees * 100);
