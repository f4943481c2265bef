const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** Shop screens (spec §1): Indian rupees in the en-IN locale, at most 2 decimals — ₹1,499 or ₹1,499.5. */
export function formatInr(amount: number): string {
  return INR.format(Number.isFinite(amount) ? amount : 0);
}

/** 'April 18, 2025' (spec §2, account member-since and order dates). */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
