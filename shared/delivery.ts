/**
 * When an order reaches a PIN code. The server knows the zone and its days (GET /pincodes/{pin}:
 * server/addresses/delivery.ts); the dates are counted here, on the shopper's day, so an answer that
 * was cached yesterday still gives today's dates. Couriers do not deliver on Sundays, so a Sunday is
 * never counted as a day on the way nor given as a delivery date. Dates are India's (IST).
 */

export const DELIVERY_ZONES = ['local', 'state', 'region', 'national', 'remote'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** What GET /pincodes/{pin} says about delivering there (openapi.yaml PinPlace.delivery). */
export type DeliveryToPin = {
  zone: DeliveryZone;
  /** Working days on the way, counted from the day the order is placed. */
  minDays: number;
  maxDays: number;
  /** Cash on delivery is offered for orders up to this many rupees; 0 when it is off. */
  cashOnDeliveryUpTo: number;
};

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const SUNDAY = 0;

/** Noon (UTC) of the IST calendar day `at` falls on: a date that day-arithmetic cannot tip over. */
function istDay(at: Date): Date {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate(), 12));
}

/** `days` working days after `from` (a Sunday does not count and is never the answer). */
function addWorkingDays(from: Date, days: number): Date {
  let date = from;
  let left = days;
  while (left > 0 || date.getUTCDay() === SUNDAY) {
    date = new Date(date.getTime() + DAY_MS);
    if (date.getUTCDay() !== SUNDAY) left--;
  }
  return date;
}

/** The first and last day an order placed at `placedAt` should arrive. */
export function deliveryDates(
  delivery: Pick<DeliveryToPin, 'minDays' | 'maxDays'>,
  placedAt: Date,
): { earliest: Date; latest: Date } {
  const day = istDay(placedAt);
  return { earliest: addWorkingDays(day, delivery.minDays), latest: addWorkingDays(day, delivery.maxDays) };
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** 'Thu, 10 Dec' (the dates above are noon UTC of the IST day they stand for). */
export const formatDeliveryDay = (date: Date) => dayFormat.format(date);

/** 'Delivery by Thu, 10 Dec' or 'Delivery between Wed, 9 Dec and Fri, 11 Dec', for an order placed now. */
export function deliveryText(delivery: Pick<DeliveryToPin, 'minDays' | 'maxDays'>, placedAt: Date): string {
  const { earliest, latest } = deliveryDates(delivery, placedAt);
  return earliest.getTime() === latest.getTime()
    ? `Delivery by ${formatDeliveryDay(latest)}`
    : `Delivery between ${formatDeliveryDay(earliest)} and ${formatDeliveryDay(latest)}`;
}
