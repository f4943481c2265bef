import { savedDelhi } from '../../../machines/support/fixtures';

/** The shipping address of the shopper's orders (as filled in by the checkout tests). */
export const SHIPPED_TO = {
  fullName: 'Asha Verma',
  address: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '+919876543210',
};

/** An address of the shopper's address book (GET /addresses), elsewhere than SHIPPED_TO. */
export const SAVED_ADDRESS = savedDelhi;

/** Orders as GET /orders answers them (openapi.yaml Order). */
export function apiOrder(id: string, status: unknown, extra: Record<string, unknown> = {}) {
  return {
    id,
    status,
    createdAt: '2025-04-18T10:30:00Z',
    items: [
      {
        id: `${id}-1`,
        productId: 'p1',
        productTitle: 'Block Print Kurta',
        quantity: 2,
        price: 499.5,
        size: 'M',
        color: 'Indigo',
        imgUrl: '/images/kurta.svg',
      },
      {
        id: `${id}-2`,
        productId: 'p2',
        productTitle: 'Cotton Tee',
        quantity: 1,
        price: 1299,
        size: null,
        color: null,
      },
    ],
    shippingAddress: SHIPPED_TO,
    total: 2298,
    trackingNumber: null,
    ...extra,
  };
}

/** The last moment to ask for a return of the delivered orders below: far ahead of any test run. */
export const RETURN_BY = '2099-12-14T10:00:00Z';

/**
 * A Delivered order within its return window (openapi.yaml Order.returnBy, OrderItem.returnable): both
 * kurtas may go back or be exchanged for an L or XL; the tee, in its one size, may only go back.
 */
export function returnableOrder(id: string, extra: Record<string, unknown> = {}) {
  const [kurta, tee] = apiOrder(id, 3).items;
  return apiOrder(id, 3, {
    returnBy: RETURN_BY,
    returns: [],
    items: [
      { ...kurta, returnable: 2, notReturnable: null, exchangeSizes: ['L', 'XL'] },
      { ...tee, returnable: 1, notReturnable: null, exchangeSizes: [] },
    ],
    ...extra,
  });
}

/** A return of an order (openapi.yaml Return), just requested unless `extra` says otherwise. */
export function apiReturn(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind: 'return',
    status: 'requested',
    reason: 'Changed my mind',
    note: null,
    createdAt: '2025-04-22T10:30:00Z',
    lines: [{ itemId: 'x-1', quantity: 1, size: null }],
    amount: 499.5,
    refund: null,
    refundTo: null,
    timeline: [{ from: null, to: 'requested', at: '2025-04-22T10:30:00Z', actor: 'shopper', note: null }],
    ...extra,
  };
}

/** Cash on delivery, paid to the courier on delivery (openapi.yaml OrderPayment). */
export const COD_PAID = { method: 'cod', status: 'paid', amount: 2298, due: 0 };
