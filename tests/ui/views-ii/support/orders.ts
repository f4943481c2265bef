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
