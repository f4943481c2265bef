import { describe, expect, it } from 'vitest';
import { variantLabel } from '../../machines/order-text';
import {
  type ApiOrder,
  hasLeftPending,
  orderStatusColor,
  orderStatusLabel,
  toDisplayOrder,
} from '../../machines/orders.model';
import { untrackedShipping } from './support/fixtures';

describe('orderStatusLabel / orderStatusColor', () => {
  it('names the codes 0–4 with their badge colours', () => {
    expect([0, 1, 2, 3, 4].map(orderStatusLabel)).toEqual([
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
    expect([0, 1, 2, 3, 4].map(orderStatusColor)).toEqual(['yellow', 'blue', 'purple', 'green', 'red']);
  });
  it("says 'Unknown ({code})' in grey for any other number", () => {
    expect(orderStatusLabel(7)).toBe('Unknown (7)');
    expect(orderStatusColor(7)).toBe('gray');
  });
  it("says 'Unknown' in grey for a non-numeric value", () => {
    expect(orderStatusLabel('shipped')).toBe('Unknown');
    expect(orderStatusLabel(null)).toBe('Unknown');
    expect(orderStatusColor(undefined)).toBe('gray');
  });
  it('counts an order as paid-for only once it has left Pending', () => {
    expect(hasLeftPending(0)).toBe(false);
    expect(hasLeftPending(1)).toBe(true);
    expect(hasLeftPending('1')).toBe(false);
  });
});

describe('toDisplayOrder', () => {
  const order: ApiOrder = {
    id: 'SF-1',
    status: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    items: [
      {
        id: 'i1',
        productId: 'p1',
        productTitle: 'Tee',
        quantity: 2,
        price: 499,
        size: 'M',
        color: 'White',
        imgUrl: '/images/tee.svg',
      },
      {
        id: 'i2',
        productId: 'p2',
        productTitle: 'Kurta',
        quantity: 1,
        price: 1499.5,
        size: null,
        color: null,
      },
    ],
    shippingAddress: {
      fullName: 'Asha',
      address: '14 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      phone: '+919876543210',
    },
    total: 2497.5,
    trackingNumber: null,
    payBy: '2026-11-01T10:30:00.000Z',
  };
  it("shows the items, 'Standard Shipping', 'Not available' tracking and Σ price × quantity", () => {
    expect(toDisplayOrder(order)).toEqual({
      id: 'SF-1',
      date: '2026-11-01T10:00:00.000Z',
      status: 0,
      statusLabel: 'Pending',
      statusColor: 'yellow',
      items: [
        {
          id: 'i1',
          name: 'Tee',
          quantity: 2,
          price: 499,
          variant: 'Colour: White · Size: M',
          image: '/images/tee.svg',
        },
        { id: 'i2', name: 'Kurta', quantity: 1, price: 1499.5, variant: '', image: '' },
      ],
      shipping: untrackedShipping,
      total: 2497.5,
      canPay: true,
      payBy: '2026-11-01T10:30:00.000Z',
      canCancel: true,
      timeline: [],
      refund: null,
      arrival: null,
    });
    // Only a Pending order has a deadline to show.
    expect(toDisplayOrder({ ...order, status: 1, payBy: null }).payBy).toBeNull();
  });
  it('keeps the tracking number and offers no payment when the order has moved on', () => {
    const shown = toDisplayOrder({ ...order, status: 2, trackingNumber: 'DL123' });
    expect(shown.shipping.tracking).toBe('DL123');
    expect(shown.canPay).toBe(false);
  });
  it('words each status change of the timeline with who made it and the shipment it carried', () => {
    const shown = toDisplayOrder({
      ...order,
      status: 2,
      carrier: 'Delhivery',
      trackingNumber: '1234',
      trackingUrl: 'https://www.delhivery.com/track/package/1234',
      timeline: [
        { from: null, to: 0, at: '2026-11-01T10:00:00.000Z', actor: 'shopper' },
        { from: 0, to: 1, at: '2026-11-01T10:02:00.000Z', actor: 'gateway', note: null },
        {
          from: 1,
          to: 2,
          at: '2026-11-02T09:00:00.000Z',
          actor: 'operator',
          carrier: 'Delhivery',
          trackingNumber: '1234',
          trackingUrl: 'https://www.delhivery.com/track/package/1234',
        },
      ],
    });
    expect(shown.timeline.map((e) => [e.title, e.by, e.detail])).toEqual([
      ['Order placed', 'By you', ''],
      ['Payment received', 'Payment gateway', ''],
      ['Shipped', 'Statefront', 'With Delhivery, tracking number 1234'],
    ]);
    expect(shown.shipping).toMatchObject({
      carrier: 'Delhivery',
      trackingUrl: 'https://www.delhivery.com/track/package/1234',
    });
  });
  it('says why an unpaid order was cancelled, and follows no link that is not http(s)', () => {
    const shown = toDisplayOrder({
      ...order,
      status: 4,
      trackingUrl: 'javascript:alert(1)',
      timeline: [
        {
          from: 0,
          to: 4,
          at: '2026-11-01T10:30:00.000Z',
          actor: 'timer',
          note: 'Not paid within 30 minutes',
        },
      ],
    });
    expect(shown.timeline[0]).toMatchObject({
      title: 'Cancelled',
      by: 'Payment window ran out',
      detail: 'Not paid within 30 minutes',
    });
    expect(shown.shipping.trackingUrl).toBeNull();
  });
  it('words a size-only or colour-only line like the cart does', () => {
    expect(variantLabel('L', null)).toBe('Size: L');
    expect(variantLabel(undefined, 'Black')).toBe('Colour: Black');
  });
});
