/**
 * Words every order page says alike: a line's chosen colour and size, and when an order on its way
 * should arrive (Order.expectedDelivery: the first and last ISO day in India). Their own module: the
 * order confirmation says them without the rest of the order pages' model (./orders.model.ts).
 */

/** A day of Order.expectedDelivery ('2026-12-11') as 'Fri, 11 Dec' (the day in India it names). */
function arrivalDay(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** An order on its way: 'Arriving between Fri, 11 Dec and Tue, 15 Dec', or 'Arriving by …' for one day. */
export function arrivalText({ earliest, latest }: { earliest: string; latest: string }): string {
  return earliest === latest
    ? `Arriving by ${arrivalDay(latest)}`
    : `Arriving between ${arrivalDay(earliest)} and ${arrivalDay(latest)}`;
}

/** 'Colour: White · Size: M' (en-IN) as the cart words a line's choices; either part is left out when absent. */
export function variantLabel(size: string | null | undefined, color: string | null | undefined): string {
  return [color?.trim() ? `Colour: ${color.trim()}` : '', size?.trim() ? `Size: ${size.trim()}` : '']
    .filter((part) => part !== '')
    .join(' · ');
}
