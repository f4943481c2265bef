import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_DAYS, deliveryZone } from '../../server/addresses/delivery';
import {
  buildPincodeIndex,
  DATASET_STATE_NAMES,
  pincodeIndex,
  stateOfOffice,
} from '../../server/addresses/pincode-index';
import { DELIVERY_ZONES } from '../../shared/delivery';
import { INDIAN_STATES, type IndianState } from '../../shared/indian-states';
import type { PinPlace } from '../../shared/pincode';
import { API, setupTestApp } from './helpers';

const t = setupTestApp();

const get = (pin: string) => t.app.inject({ method: 'GET', url: `${API}/pincodes/${pin}` });

describe('GET /pincodes/{pin}', () => {
  it('answers the district, state and post offices of a PIN, cacheable for a day', async () => {
    const res = await get('110001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    const place = res.json();
    expect(place).toMatchObject({ pin: '110001', city: 'Central Delhi', state: 'Delhi', states: ['Delhi'] });
    expect(place.offices).toContain('Connaught Place');
  });

  it.each([
    ['560038', 'Bangalore', 'Karnataka'],
    ['500001', 'Hyderabad', 'Telangana'],
    ['411001', 'Pune', 'Maharashtra'],
    ['194101', 'Leh', 'Ladakh'],
    ['180001', 'Jammu', 'Jammu and Kashmir'],
    ['396210', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['605001', 'Pondicherry', 'Puducherry'],
    ['744101', 'South Andaman', 'Andaman and Nicobar Islands'],
  ])('answers %s in %s, %s (the state spelled as the checkout lists it)', async (pin, city, state) => {
    const res = await get(pin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pin, city, state });
  });

  it('lists every state a border PIN serves, the main one first', async () => {
    const place = (await get('160003')).json();
    expect(place.states).toHaveLength(2);
    expect(place.states).toEqual(expect.arrayContaining(['Chandigarh', 'Punjab']));
    expect(place.states[0]).toBe(place.state);
  });

  it('answers 404 JSON for a PIN no post office has', async () => {
    const res = await get('999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "PIN code 999999 is not in India Post's list. Please check it" });
  });

  it.each(['11000', '1100011', '011000', 'abcdef', '11 001', '%20'])(
    'answers 400 JSON for the malformed PIN %j',
    async (pin) => {
      const res = await get(encodeURIComponent(pin));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('error');
    },
  );
});

describe('the PIN code index', () => {
  it('spells every state of the dataset as INDIAN_STATES does', () => {
    for (const state of Object.values(DATASET_STATE_NAMES)) expect(INDIAN_STATES).toContain(state);
    expect(stateOfOffice({ district: 'Kargil', state: 'Jammu & Kashmir' })).toBe('Ladakh');
    expect(stateOfOffice({ district: 'Bangalore', state: 'Karnataka' })).toBe('Karnataka');
    expect(stateOfOffice({ district: 'Nowhere', state: 'Atlantis' })).toBeNull();
  });

  it('indexes every PIN of the dataset, each state of the list at least once', () => {
    const index = pincodeIndex();
    expect(index.size).toBeGreaterThan(19_000);
    // One well-known PIN per state and union territory: none is left without a PIN.
    const seen = new Set<string>();
    for (let pin = 110_000; pin < 856_000; pin += 1) {
      const place = index.lookup(String(pin));
      if (place) seen.add(place.state);
      if (seen.size === INDIAN_STATES.length) break;
    }
    expect([...seen].sort()).toEqual([...INDIAN_STATES].sort());
  });

  it('keeps the most common district and state of a PIN, and skips offices in unknown states', () => {
    const index = buildPincodeIndex([
      { name: 'A ', pincode: 123456, district: 'North', state: 'Punjab' },
      { name: 'B', pincode: 123456, district: 'South', state: 'Chandigarh' },
      { name: 'C', pincode: 123456, district: 'South', state: 'Chandigarh' },
      { name: 'D', pincode: 234567, district: 'Far', state: 'Atlantis' },
    ]);
    expect(index.lookup('123456')).toEqual({
      pin: '123456',
      city: 'South',
      state: 'Chandigarh',
      states: ['Chandigarh', 'Punjab'],
      offices: ['A', 'B', 'C'],
    });
    expect(index.lookup('234567')).toBeNull();
    expect(index.size).toBe(1);
  });
});

describe('GET /pincodes/{pin} delivery estimate', () => {
  // The demo store's: dispatched from Noida (201301, Gautam Buddha Nagar, Uttar Pradesh).
  const shop = setupTestApp({}, { delivery: { fromPin: '201301', days: DEFAULT_DELIVERY_DAYS } });
  const estimate = async (pin: string) =>
    (await shop.app.inject({ method: 'GET', url: `${API}/pincodes/${pin}` })).json().delivery;

  it.each([
    ['201304', 'local', [1, 2]],
    ['226001', 'state', [2, 3]],
    ['110001', 'region', [3, 5]],
    ['560038', 'national', [4, 7]],
    ['781001', 'remote', [6, 10]],
    ['744101', 'remote', [6, 10]],
  ])('says %s is %s, %j working days away', async (pin, zone, [minDays, maxDays]) => {
    expect(await estimate(pin)).toEqual({ zone, minDays, maxDays, cashOnDeliveryUpTo: 10_000 });
  });

  it('carries none when the store config names no dispatch PIN', async () => {
    expect((await get('560038')).json()).not.toHaveProperty('delivery');
  });
});

describe('deliveryZone', () => {
  const place = (state: IndianState, city: string): PinPlace => ({
    pin: '100000',
    city,
    state,
    states: [state],
    offices: [],
  });
  it('matches the city regardless of case, and only within the same state', () => {
    expect(deliveryZone(place('Uttar Pradesh', 'Lucknow'), place('Uttar Pradesh', 'LUCKNOW'))).toBe('local');
    expect(deliveryZone(place('Bihar', 'Aurangabad'), place('Maharashtra', 'Aurangabad'))).toBe('national');
  });
  it('gives every state a zone from every other', () => {
    for (const from of INDIAN_STATES)
      for (const to of INDIAN_STATES)
        expect(DELIVERY_ZONES).toContain(deliveryZone(place(from, 'A'), place(to, 'B')));
  });
});
