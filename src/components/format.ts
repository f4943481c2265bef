/** 'April 18, 2025' (spec §2, account member-since and order dates). */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** '9:45 pm, 6 December' (en-IN): a deadline later today or soon, in the shopper's time. */
export function formatDeadline(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const time = date.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
  return `${time}, ${date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long' })}`;
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
