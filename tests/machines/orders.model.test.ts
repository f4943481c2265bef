import { describe, expect, it } from 'vitest';
import { variantLabel } from '../../machines/order-text';
import {
  type ApiOrder,
  hasLeftPending,
  matchesFilter,
  ORDER_FILTERS,
  orderStatusColor,
  orderStatusLabel,
  toDisplayOrder,
} from '../../machines/orders.model';
import {
  offersExchange,
  offersReturn,
  returnRefundText,
  returnWindowOpen,
} from '../../machines/returns.model';
import { shipping, untrackedShipping } from './support/fixtures';

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

/** A Pending order paid online, as GET /orders answers it. */
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
  shippingAddress: shipping,
  total: 2497.5,
  trackingNumber: null,
  payBy: '2026-11-01T10:30:00.000Z',
};

describe('toDisplayOrder', () => {
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
          returnable: 0,
          notReturnable: null,
          exchangeSizes: [],
        },
        {
          id: 'i2',
          name: 'Kurta',
          quantity: 1,
          price: 1499.5,
          variant: '',
          image: '',
          returnable: 0,
          notReturnable: null,
          exchangeSizes: [],
        },
      ],
      shipping: untrackedShipping,
      total: 2497.5,
      canPay: true,
      payBy: '2026-11-01T10:30:00.000Z',
      canCancel: true,
      timeline: [],
      refund: null,
      arrival: null,
      returnBy: null,
      returns: [],
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

describe('returns of a delivered order', () => {
  const delivered: ApiOrder = {
    id: 'SF-2',
    status: 3,
    createdAt: '2026-12-01T10:00:00.000Z',
    items: [
      {
        id: 'i1',
        productId: 'p1',
        productTitle: 'Block Print Kurta',
        quantity: 2,
        price: 499.5,
        size: 'M',
        returnable: 1,
        notReturnable: null,
        exchangeSizes: ['L', 'XL'],
      },
      {
        id: 'i2',
        productId: 'p2',
        productTitle: 'Cotton Socks',
        quantity: 1,
        price: 199,
        returnable: 0,
        notReturnable: 'Unsealed hygiene goods cannot be returned (Return policy).',
        exchangeSizes: [],
      },
    ],
    shippingAddress: shipping,
    total: 1198,
    trackingNumber: null,
    returnBy: '2026-12-14T10:00:00.000Z',
    returns: [
      {
        id: 'RT-1',
        kind: 'return',
        status: 'pickupScheduled',
        reason: 'Changed my mind',
        note: null,
        createdAt: '2026-12-08T10:00:00.000Z',
        lines: [{ itemId: 'i1', quantity: 1, size: null }],
        amount: 499.5,
        refund: null,
        refundTo: 'UPI a•••@okicici',
        timeline: [
          { from: null, to: 'requested', at: '2026-12-08T10:00:00.000Z', actor: 'shopper', note: null },
          {
            from: 'requested',
            to: 'pickupScheduled',
            at: '2026-12-09T09:00:00.000Z',
            actor: 'courier',
            note: 'Delhivery pickup on 11 Dec, 10 am–2 pm',
          },
        ],
      },
    ],
  };

  it("carries the window, each line's returnable pieces and sizes, and the returns in their words", () => {
    const shown = toDisplayOrder(delivered);
    expect(shown.returnBy).toBe('2026-12-14T10:00:00.000Z');
    expect(shown.items.map((i) => [i.returnable, i.notReturnable, i.exchangeSizes])).toEqual([
      [1, null, ['L', 'XL']],
      [0, 'Unsealed hygiene goods cannot be returned (Return policy).', []],
    ]);
    expect(shown.returns).toEqual([
      {
        id: 'RT-1',
        kind: 'return',
        status: 'pickupScheduled',
        statusLabel: 'Pickup scheduled',
        statusColor: 'blue',
        reason: 'Changed my mind',
        note: '',
        createdAt: '2026-12-08T10:00:00.000Z',
        lines: [{ itemId: 'i1', name: 'Block Print Kurta', quantity: 1, size: null }],
        amount: 499.5,
        refund: null,
        refundTo: 'UPI a•••@okicici',
        timeline: [
          { title: 'Requested', at: '2026-12-08T10:00:00.000Z', by: 'By you', detail: '', trackingUrl: null },
          {
            title: 'Pickup scheduled',
            at: '2026-12-09T09:00:00.000Z',
            by: 'Courier',
            detail: 'Delhivery pickup on 11 Dec, 10 am–2 pm',
            trackingUrl: null,
          },
        ],
      },
    ]);
  });

  it('offers a return only for a Delivered order with a deadline and a line left to return', () => {
    const shown = toDisplayOrder(delivered);
    expect(offersReturn(shown)).toBe(true);
    expect(offersExchange(shown)).toBe(true);
    // The server's answer once the window has passed, or every piece is in a return.
    expect(offersReturn(toDisplayOrder({ ...delivered, returnBy: null }))).toBe(false);
    const allReturned = delivered.items.map((i) => ({ ...i, returnable: 0 }));
    expect(offersReturn(toDisplayOrder({ ...delivered, items: allReturned }))).toBe(false);
    // Not Delivered: no window, whatever an answer says.
    expect(toDisplayOrder({ ...delivered, status: 2 }).returnBy).toBeNull();
    expect(offersReturn(toDisplayOrder({ ...delivered, status: 2 }))).toBe(false);
    // An answer from before returns existed.
    const { returnBy: _by, returns: _returns, ...older } = delivered;
    const plain = toDisplayOrder({ ...older, items: order.items });
    expect(plain.returns).toEqual([]);
    expect(offersReturn(plain)).toBe(false);
  });

  it("closes the window at returnBy on the shopper's clock", () => {
    const shown = toDisplayOrder(delivered);
    expect(returnWindowOpen(shown, new Date('2026-12-14T09:59:59.000Z'))).toBe(true);
    expect(returnWindowOpen(shown, new Date('2026-12-14T10:00:00.000Z'))).toBe(false);
  });

  it('offers no exchange when no returnable line has another size', () => {
    const oneSize = delivered.items.map((i) => ({ ...i, exchangeSizes: [] }));
    expect(offersExchange(toDisplayOrder({ ...delivered, items: oneSize }))).toBe(false);
    // Sizes of a line that cannot go back do not count.
    const socksOnly = delivered.items.map((i) =>
      i.id === 'i1' ? { ...i, exchangeSizes: [] } : { ...i, exchangeSizes: ['L'] },
    );
    expect(offersExchange(toDisplayOrder({ ...delivered, items: socksOnly }))).toBe(false);
  });

  it("words where a return's money goes: the gateway refund, or the masked account", () => {
    const [cod] = toDisplayOrder(delivered).returns ?? [];
    if (!cod) throw new Error('no return');
    expect(returnRefundText(cod)).toBe('Refund to UPI a•••@okicici');
    expect(returnRefundText({ ...cod, status: 'refunded' })).toBe('Refunded to UPI a•••@okicici');
    const online = {
      ...cod,
      refundTo: null,
      refund: { amount: 499.5, status: 'queued' as const, expectedBy: '2026-12-20' },
    };
    expect(returnRefundText(online)).toBe('₹499.50 going back to the way you paid, by 20 December');
    expect(returnRefundText({ ...cod, refundTo: null })).toBeNull();
    expect(returnRefundText({ ...cod, kind: 'exchange' })).toBeNull();
    expect(returnRefundText({ ...cod, status: 'rejected' })).toBeNull();
  });
});

describe('matchesFilter', () => {
  const shown = (status: number, extra: Partial<ApiOrder> = {}) =>
    toDisplayOrder({ ...order, status, payBy: null, ...extra });
  const filtersOf = (o: ReturnType<typeof shown>) =>
    ORDER_FILTERS.filter((f) => matchesFilter(o, f.value)).map((f) => f.value);

  it("names the last chip 'Cancelled / Returned'", () => {
    expect(ORDER_FILTERS.map((f) => f.label)).toEqual([
      'All',
      'To pay',
      'On the way',
      'Delivered',
      'Cancelled / Returned',
    ]);
  });

  it('sorts each status under its chip', () => {
    expect(filtersOf(shown(0))).toEqual(['all', 'toPay']);
    expect(filtersOf(shown(1))).toEqual(['all', 'onTheWay']);
    expect(filtersOf(shown(2))).toEqual(['all', 'onTheWay']);
    expect(filtersOf(shown(3))).toEqual(['all', 'delivered']);
    expect(filtersOf(shown(4))).toEqual(['all', 'cancelled']);
  });

  it('shows a delivered order with a return under both Delivered and Cancelled / Returned', () => {
    const returned = shown(3, {
      returns: [
        {
          id: 'RT-1',
          kind: 'exchange',
          status: 'requested',
          reason: 'Size too small',
          createdAt: '2026-12-08T10:00:00.000Z',
          lines: [{ itemId: 'i1', quantity: 1, size: 'L' }],
          refund: null,
          refundTo: null,
          timeline: [],
        },
      ],
    });
    expect(filtersOf(returned)).toEqual(['all', 'delivered', 'cancelled']);
  });
});
