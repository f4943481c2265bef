/**
 * Rupees are formatted by hand, not with Intl.NumberFormat: the first Intl formatter a page builds loads
 * the locale's data, 20–40 ms of main thread on this machine (×4 on a Lighthouse phone) before the first
 * price can paint. The output is Intl's en-IN INR currency format, character for character
 * (tests/ui/views-i/format.test.ts compares the two over random amounts); numbers JavaScript writes in
 * exponent form (≥ 1e21, < 1e-6) still go through Intl.
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

/** Shop screens (spec §1): Indian rupees in the en-IN locale, at most 2 decimals — ₹1,499.00 or ₹1,49,999.50. */
export function formatInr(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const text = Math.abs(value).toString();
  if (text.includes('e')) return viaIntl(value);
  const [whole = '0', fraction = ''] = text.split('.');
  // Half away from zero on the shortest decimal form, as ICU rounds (1.005 → 1.01, 0.004 → 0.00).
  let paise = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') paise += 1n;
  const digits = paise.toString().padStart(3, '0');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}₹${groupIndian(digits.slice(0, -2))}.${digits.slice(-2)}`;
}
