import { type DeliveryToPin, type DeliveryZone, deliveryDates } from '../../shared/delivery';
import type { IndianState } from '../../shared/indian-states';
import type { PinPlace } from '../../shared/pincode';
import { pincodeIndex } from './pincode-index';

/**
 * Delivery zones: how far a PIN code is from the PIN the shop dispatches from (store.config.json
 * `delivery.fromPin`), and how many working days each zone takes (`delivery.days`, defaults below).
 * The same city (district) is `local`, the same state `state`, the same region of India `region`;
 * the North-East, Jammu and Kashmir, Ladakh and the islands are `remote` (couriers reach them last);
 * everywhere else is `national`.
 */
export type DeliveryConfig = {
  fromPin: string;
  days: Record<DeliveryZone, readonly [min: number, max: number]>;
};

export const DEFAULT_DELIVERY_DAYS: DeliveryConfig['days'] = {
  local: [1, 2],
  state: [2, 3],
  region: [3, 5],
  national: [4, 7],
  remote: [6, 10],
};

type Region = 'north' | 'west' | 'central' | 'east' | 'south' | 'remote';

const REGION_OF: Readonly<Record<IndianState, Region>> = {
  'Andhra Pradesh': 'south',
  'Arunachal Pradesh': 'remote',
  Assam: 'remote',
  Bihar: 'east',
  Chhattisgarh: 'central',
  Goa: 'west',
  Gujarat: 'west',
  Haryana: 'north',
  'Himachal Pradesh': 'north',
  Jharkhand: 'east',
  Karnataka: 'south',
  Kerala: 'south',
  'Madhya Pradesh': 'central',
  Maharashtra: 'west',
  Manipur: 'remote',
  Meghalaya: 'remote',
  Mizoram: 'remote',
  Nagaland: 'remote',
  Odisha: 'east',
  Punjab: 'north',
  Rajasthan: 'north',
  Sikkim: 'remote',
  'Tamil Nadu': 'south',
  Telangana: 'south',
  Tripura: 'remote',
  'Uttar Pradesh': 'north',
  Uttarakhand: 'north',
  'West Bengal': 'east',
  'Andaman and Nicobar Islands': 'remote',
  Chandigarh: 'north',
  'Dadra and Nagar Haveli and Daman and Diu': 'west',
  Delhi: 'north',
  'Jammu and Kashmir': 'remote',
  Ladakh: 'remote',
  Lakshadweep: 'remote',
  Puducherry: 'south',
};

/** The zone of `to` seen from `from` (both as GET /pincodes/{pin} answers them). */
export function deliveryZone(from: PinPlace, to: PinPlace): DeliveryZone {
  if (to.state === from.state && to.city.toLowerCase() === from.city.toLowerCase()) return 'local';
  if (to.state === from.state) return 'state';
  const region = REGION_OF[to.state];
  if (region === 'remote') return 'remote';
  return region === REGION_OF[from.state] ? 'region' : 'national';
}

/** What PinPlace.delivery says of `to`: its zone, that zone's days, and the cash-on-delivery limit. */
export function deliveryTo(
  from: PinPlace,
  to: PinPlace,
  days: DeliveryConfig['days'],
  codLimitPaise: number,
): DeliveryToPin {
  const zone = deliveryZone(from, to);
  const [minDays, maxDays] = days[zone];
  return { zone, minDays, maxDays, cashOnDeliveryUpTo: Math.max(0, Math.floor(codLimitPaise / 100)) };
}

/** The ISO day ('2026-12-11') of a date deliveryDates gave (noon UTC of the day in India). */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * When an order placed at `placedAt` for `postalCode` should arrive (Order.expectedDelivery), or null
 * when the store names no dispatch PIN or either PIN is not India Post's.
 */
export function expectedDeliveryOf(
  config: DeliveryConfig | null | undefined,
  postalCode: string,
  placedAt: Date,
): { earliest: string; latest: string } | null {
  if (!config) return null;
  const from = pincodeIndex().lookup(config.fromPin);
  const to = pincodeIndex().lookup(postalCode.trim());
  if (!from || !to) return null;
  const [minDays, maxDays] = config.days[deliveryZone(from, to)];
  const { earliest, latest } = deliveryDates({ minDays, maxDays }, placedAt);
  return { earliest: isoDay(earliest), latest: isoDay(latest) };
}
