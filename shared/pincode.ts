/**
 * What a PIN code tells about a shipping address, and the one rule it enforces: the PIN must belong to
 * the state chosen. The checkout form (src/forms/checkout.schema.ts), the saved addresses and
 * POST /orders (server/orders/orders.handlers.ts) all ask `checkPinInState`, so the message a shopper
 * sees under the field is the one the server answers.
 */
import type { IndianState } from './indian-states';

/** One PIN code as India Post lists it (GET /pincodes/{pin}). */
export type PinPlace = {
  pin: string;
  /** The district most of its post offices are in: what the City field is filled with. */
  city: string;
  /** The state (spelled as INDIAN_STATES) most of its post offices are in: what State is filled with. */
  state: IndianState;
  /** Every state it serves; a handful of PINs straddle a border (e.g. 160003: Chandigarh and Punjab). */
  states: IndianState[];
  /** Its post offices, by name. */
  offices: string[];
};

/** Six digits, the first not 0. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PIN_CODE_INVALID = 'Enter a valid 6-digit PIN code';

export const pinNotFoundMessage = (pin: string) =>
  `PIN code ${pin} is not in India Post's list. Please check it`;

const pinOutsideStateMessage = (place: { pin: string; state: string }, state: string) =>
  `PIN code ${place.pin} is in ${place.state}, not ${state}`;

/**
 * The message for a PIN that cannot ship to this state, or null when it can. `place` is what the
 * lookup found (null: no such PIN); the state is compared as INDIAN_STATES spells it.
 */
export function checkPinInState(
  pin: string,
  place: { state: string; states: readonly string[] } | null,
  state: string,
): string | null {
  if (!place) return pinNotFoundMessage(pin);
  const chosen = state.trim().toLowerCase();
  if (place.states.some((s) => s.toLowerCase() === chosen)) return null;
  return pinOutsideStateMessage({ pin, state: place.state }, state.trim());
}
