import { describe, expect, it } from 'vitest';
import { deliveryDates, deliveryText, formatDeliveryDay } from '../../shared/delivery';

const day = (date: Date) => formatDeliveryDay(date);

describe('deliveryDates', () => {
  it('counts working days from the day of the order, stepping over Sundays', () => {
    // Placed on Monday 7 December 2026 at 10:00 IST.
    const placed = new Date('2026-12-07T04:30:00Z');
    const { earliest, latest } = deliveryDates({ minDays: 4, maxDays: 7 }, placed);
    expect([day(earliest), day(latest)]).toEqual(['Fri, 11 Dec', 'Tue, 15 Dec']);
  });

  it("takes the day in India, not the server's or the browser's", () => {
    // 20:00 UTC on Sunday 13 December is 01:30 on Monday 14 December in India.
    const { earliest } = deliveryDates({ minDays: 1, maxDays: 1 }, new Date('2026-12-13T20:00:00Z'));
    expect(day(earliest)).toBe('Tue, 15 Dec');
    // 17:30 UTC on Sunday is 23:00 on that Sunday in India: the next working day is Monday.
    expect(day(deliveryDates({ minDays: 1, maxDays: 1 }, new Date('2026-12-13T17:30:00Z')).earliest)).toBe(
      'Mon, 14 Dec',
    );
  });

  it('never gives a Sunday, even for a same-day zone', () => {
    const { earliest } = deliveryDates({ minDays: 0, maxDays: 0 }, new Date('2026-12-13T06:00:00Z'));
    expect(day(earliest)).toBe('Mon, 14 Dec');
  });
});

describe('deliveryText', () => {
  const placed = new Date('2026-12-07T04:30:00Z');
  it('names one day when the window is one day', () => {
    expect(deliveryText({ minDays: 2, maxDays: 2 }, placed)).toBe('Delivery by Wed, 9 Dec');
  });
  it('names both ends of a longer window', () => {
    expect(deliveryText({ minDays: 3, maxDays: 5 }, placed)).toBe(
      'Delivery between Thu, 10 Dec and Sat, 12 Dec',
    );
  });
});
