// The rupee format is shared with the server's mail (shared/money.ts).
export { formatInr } from '../../shared/money';

/** 'April 18, 2025' (spec §2, account member-since and order dates). */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** '2 Nov 2026, 9:00 am' (en-IN): when a step of an order's timeline happened, in the shopper's time. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
