/**
 * Order.expectedDelivery: an order on its way carries the days it should arrive, from the zone of its
 * PIN code seen from the store's dispatch PIN (server/addresses/delivery.ts, shared/delivery.ts).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_DAYS } from '../../server/addresses/delivery';
import { deliveryDates } from '../../shared/delivery';
import { API, bearer, myOrder, placeOrder, placePaidOrder, setupShopper, setupTestApp } from './helpers';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe('Order.expectedDelivery', () => {
  // Dispatched from Noida (201301) as the demo store is; the default address is Bengaluru (560038).
  const t = setupTestApp({}, { delivery: { fromPin: '201301', days: DEFAULT_DELIVERY_DAYS } });
  const shopper = setupShopper(t);

  it('gives a paid order the days its zone takes, counted from the day it was placed', async () => {
    const placed = await placePaidOrder(t, shopper.token);
    const listed = await myOrder(t.app, shopper.token, placed.id);
    const { earliest, latest } = deliveryDates({ minDays: 4, maxDays: 7 }, new Date(placed.createdAt));
    expect(listed?.expectedDelivery).toEqual({ earliest: isoDay(earliest), latest: isoDay(latest) });
    // Track Order reads the same.
    const tracked = await t.app.inject({
      method: 'GET',
      url: `${API}/orders/${placed.id}`,
      headers: bearer(shopper.token),
    });
    expect(tracked.json().expectedDelivery).toEqual(listed?.expectedDelivery);
  });

  it('gives none while the order waits for its payment, nor once it is cancelled', async () => {
    const placed = await placeOrder(t.app, shopper.token, undefined, {
      postalCode: '201305',
      city: 'Noida',
      state: 'Uttar Pradesh',
    });
    expect(placed.expectedDelivery).toBeNull();
    expect((await myOrder(t.app, shopper.token, placed.id))?.expectedDelivery).toBeNull();
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `${API}/orders/${placed.id}/cancel`,
      headers: bearer(shopper.token),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order.expectedDelivery).toBeNull();
  });
});

describe('Order.expectedDelivery without a dispatch PIN', () => {
  const t = setupTestApp();
  const shopper = setupShopper(t);
  it('is null', async () => {
    const placed = await placePaidOrder(t, shopper.token);
    expect(await myOrder(t.app, shopper.token, placed.id)).toHaveProperty('expectedDelivery', null);
  });
});
