import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Handler } from '../../setup/app-harness';
import {
  expectNoSeriousAxeViolations,
  failsOnce,
  findHeading,
  findToast,
  json,
  renderApp,
} from './support/app';
import { apiOrder } from './support/orders';

const ORDERS = [
  apiOrder('SF-PENDING', 0, { payBy: '2025-04-18T11:00:00Z' }),
  apiOrder('SF-PROCESSING', 1, { trackingNumber: 'TRK-123', payBy: null }),
  apiOrder('SF-SHIPPED', 2),
  apiOrder('SF-DELIVERED', 3),
  apiOrder('SF-CANCELLED', 4),
  apiOrder('SF-ODD', 7),
  apiOrder('SF-TEXT', 'lost'),
];

const card = (id: string) => screen.getByRole('article', { name: `Order ${id}` });

/** My Orders listing ORDERS; `cancel`, when given, answers POST /orders/:orderId/cancel. */
const renderOrders = (cancel?: Handler) =>
  renderApp({
    path: '/orders',
    api: { 'GET /orders': () => json(ORDERS), ...(cancel ? { 'POST /orders/:orderId/cancel': cancel } : {}) },
  });

describe('/orders', () => {
  it('shows the loading text while the orders load', async () => {
    renderApp({ path: '/orders', api: { 'GET /orders': () => new Promise<Response>(() => {}) } });
    expect(await screen.findByText('Loading your orders...')).toBeInTheDocument();
  });

  it.each([
    ['SF-PENDING', 'Pending', 'yellow'],
    ['SF-PROCESSING', 'Processing', 'blue'],
    ['SF-SHIPPED', 'Shipped', 'purple'],
    ['SF-DELIVERED', 'Delivered', 'green'],
    ['SF-CANCELLED', 'Cancelled', 'red'],
    ['SF-ODD', 'Unknown (7)', 'gray'],
    ['SF-TEXT', 'Unknown', 'gray'],
  ])('badges order %s as %s in %s', async (id, label, tone) => {
    renderOrders();
    await findHeading('My Orders');
    await screen.findByRole('article', { name: `Order ${id}` });
    const badge = within(card(id)).getByText(label, { selector: '[data-tone]' });
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge.className).toContain(`badge--tone_${tone}`);
  });

  it('shows each order compact: date, a glance at its items and the ₹ total, with its details closed', async () => {
    renderOrders();
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    const pending = within(card('SF-PENDING'));
    expect(pending.getByText('Placed on April 18, 2025')).toBeVisible();
    expect(pending.getByText('Block Print Kurta and 1 more')).toBeVisible();
    expect(pending.getByText('3 items')).toBeVisible();
    // 499.5 × 2 + 1299 × 1
    expect(pending.getByText('₹2,298.00')).toBeVisible();
    // The lines, address and history wait behind 'Order details'.
    expect(pending.getByText('Colour: Indigo · Size: M')).not.toBeVisible();
    expect(pending.getByText('12 MG Road, Bengaluru, Karnataka, 560001')).not.toBeVisible();
  });

  it('opens Order details on a tap: items with size and colour, line totals, address, method, tracking', async () => {
    const { user } = renderOrders();
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    const pending = within(card('SF-PENDING'));
    await user.click(pending.getByText('Order details'));
    expect(pending.getByText('Block Print Kurta')).toBeVisible();
    expect(pending.getByText('Colour: Indigo · Size: M')).toBeVisible();
    // Each line: quantity × unit price, and its total on the right, so the lines add up to the total.
    expect(pending.getByText('2 × ₹499.50')).toBeVisible();
    expect(pending.getByText('₹999.00')).toBeVisible();
    expect(pending.getByText('1 × ₹1,299.00')).toBeVisible();
    expect(pending.getByText('₹1,299.00')).toBeVisible();
    expect(pending.getByText('12 MG Road, Bengaluru, Karnataka, 560001')).toBeVisible();
    expect(pending.getByText('Standard Shipping')).toBeVisible();
    expect(pending.getByText('Not available')).toBeVisible();
    // Only the tapped card opened.
    expect(within(card('SF-PROCESSING')).getByText('TRK-123')).not.toBeVisible();
    await user.click(pending.getByText('Order details'));
    expect(pending.getByText('Colour: Indigo · Size: M')).not.toBeVisible();
  });

  it('says by when a Pending order must be paid, beside its Pay Now', async () => {
    renderOrders();
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    const deadline = new Date('2025-04-18T11:00:00Z');
    const time = deadline.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
    const day = deadline.toLocaleDateString('en-IN', { day: 'numeric', month: 'long' });
    expect(
      within(card('SF-PENDING')).getByText(`Pay by ${time}, ${day}, or it is cancelled`),
    ).toBeInTheDocument();
    expect(within(card('SF-PROCESSING')).queryByText(/^Pay by/)).not.toBeInTheDocument();
  });

  it('offers Pay Now only on the Pending order, linking to its payment', async () => {
    renderOrders();
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    const links = screen.getAllByRole('link', { name: /Pay Now/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/payment?orderId=SF-PENDING');
    expect(within(card('SF-PENDING')).getByRole('link', { name: /Pay Now/ })).toBe(links[0]);
    // The button's name is exactly the spec's label; the order it pays is its description.
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAccessibleDescription('Order SF-PENDING');
  });

  it('shows No Orders Found with Browse Products when there are none', async () => {
    renderApp({ path: '/orders', api: { 'GET /orders': () => json([]) } });
    expect(await screen.findByText('No Orders Found')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('toasts the §8 error and shows an error state with Try Again, not "no orders"', async () => {
    const { user } = renderApp({
      path: '/orders',
      api: { 'GET /orders': failsOnce(ORDERS) },
    });
    await findToast('Error');
    expect(screen.getByText('Failed to load your orders. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load your orders. Please try again.');
    expect(screen.queryByText('No Orders Found')).not.toBeInTheDocument();
    expect(screen.queryByText('You have not placed any orders yet.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Order SF-PENDING' })).toBeInTheDocument();
  });

  it('shows the payment-failed notice when a gateway sends the shopper back with ?payment=failed', async () => {
    renderApp({
      path: '/orders?payment=failed',
      api: { 'GET /orders': () => json([apiOrder('SF-PENDING', 0)]) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment failed. You can try again with Pay Now.',
    );
  });

  it('cancels a paid order after the shopper confirms, and says when the refund arrives', async () => {
    const { user, calls } = renderOrders(() =>
      json({
        order: {
          ...apiOrder('SF-PROCESSING', 4),
          refund: { amount: 2298, status: 'queued', expectedBy: '2025-04-25' },
        },
        refund: { amount: 2298, status: 'queued', expectedBy: '2025-04-25' },
      }),
    );
    await findHeading('My Orders');
    await screen.findByRole('article', { name: 'Order SF-PROCESSING' });
    // Only orders that have not shipped offer it.
    const offering = ORDERS.map((o) => o.id).filter((id) =>
      within(card(id)).queryByRole('button', { name: 'Cancel order' }),
    );
    expect(offering).toEqual(['SF-PENDING', 'SF-PROCESSING']);
    await user.click(within(card('SF-PROCESSING')).getByRole('button', { name: 'Cancel order' }));
    const ask = within(card('SF-PROCESSING')).getByRole('group', { name: 'Cancel order SF-PROCESSING?' });
    expect(ask).toHaveTextContent('refunded to the way you paid');
    // Keep order is the safe answer, and has the focus.
    expect(within(ask).getByRole('button', { name: 'Keep order' })).toHaveFocus();
    expect(calls.some((c) => c.path.endsWith('/cancel'))).toBe(false);
    await user.click(within(ask).getByRole('button', { name: 'Yes, cancel order' }));
    await findToast('Order cancelled');
    expect(
      screen.getByText(
        /Order SF-PROCESSING is cancelled\. ₹2,298\.00 will be back in your account by 25 April\./,
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/cancel')).map((c) => c.path)).toEqual([
      '/orders/SF-PROCESSING/cancel',
    ]);
    await waitFor(() =>
      expect(
        within(card('SF-PROCESSING')).getByText('Cancelled', { selector: '[data-tone]' }),
      ).toBeInTheDocument(),
    );
    expect(
      within(card('SF-PROCESSING')).queryByRole('button', { name: 'Cancel order' }),
    ).not.toBeInTheDocument();
    // The card now carries the refund, as the order will on every later visit.
    expect(within(card('SF-PROCESSING')).getByText('Refund').nextElementSibling).toHaveTextContent(
      '₹2,298.00 going back to the way you paid, by 25 April',
    );
  });

  it('lists ten orders at a time and filters them by chip, with counts', async () => {
    const many = [
      ...Array.from({ length: 11 }, (_, i) => apiOrder(`SF-PENDING${i}`, 0)),
      apiOrder('SF-DELIVERED', 3),
    ];
    const { user } = renderApp({ path: '/orders', api: { 'GET /orders': () => json(many) } });
    await screen.findByRole('article', { name: 'Order SF-PENDING0' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more orders (2 more)' }));
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /Show more orders/ })).not.toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'Show' });
    expect(within(filters).getByRole('radio', { name: 'All (12)' })).toBeChecked();
    await user.click(within(filters).getByText('Delivered (1)'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card('SF-DELIVERED')).toBeInTheDocument();
    await user.click(within(filters).getByText('To pay (11)'));
    // A filter starts again at the first ten.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(screen.getByRole('button', { name: 'Show more orders (1 more)' })).toBeInTheDocument();
    await user.click(within(filters).getByText('Cancelled (0)'));
    expect(await screen.findByText('No cancelled orders.')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('shows the refund of a cancelled paid order, and none for a cancelled unpaid one', async () => {
    renderApp({
      path: '/orders',
      api: {
        'GET /orders': () =>
          json([
            {
              ...apiOrder('SF-REFUNDING', 4),
              refund: { amount: 1299, status: 'pending', expectedBy: '2025-04-25' },
            },
            {
              ...apiOrder('SF-BY-HAND', 4),
              refund: { amount: 999, status: 'failed', expectedBy: '2025-04-25' },
            },
            { ...apiOrder('SF-UNPAID', 4), refund: null },
          ]),
      },
    });
    await screen.findByRole('article', { name: 'Order SF-REFUNDING' });
    const refundOf = (id: string) => within(card(id)).queryByText('Refund')?.nextElementSibling;
    expect(refundOf('SF-REFUNDING')).toHaveTextContent(
      '₹1,299.00 going back to the way you paid, by 25 April',
    );
    expect(refundOf('SF-BY-HAND')).toHaveTextContent(
      '₹999.00: we could not start the refund automatically; we will refund it and email you',
    );
    expect(refundOf('SF-UNPAID')).toBeUndefined();
  });

  it('says when an order on its way should arrive, and nothing of the kind for the others', async () => {
    renderApp({
      path: '/orders',
      api: {
        'GET /orders': () =>
          json([
            {
              ...apiOrder('SF-ON-ITS-WAY', 2),
              expectedDelivery: { earliest: '2026-12-11', latest: '2026-12-15' },
            },
            {
              ...apiOrder('SF-TOMORROW', 1),
              expectedDelivery: { earliest: '2026-12-08', latest: '2026-12-08' },
            },
            { ...apiOrder('SF-DONE', 3), expectedDelivery: null },
          ]),
      },
    });
    await screen.findByRole('article', { name: 'Order SF-ON-ITS-WAY' });
    const arrivalOf = (id: string) => within(card(id)).queryByText('Delivery')?.nextElementSibling;
    expect(arrivalOf('SF-ON-ITS-WAY')).toHaveTextContent('Arriving between Fri, 11 Dec and Tue, 15 Dec');
    expect(arrivalOf('SF-TOMORROW')).toHaveTextContent('Arriving by Tue, 8 Dec');
    expect(arrivalOf('SF-DONE')).toBeUndefined();
  });

  it('keeps the order when the shopper says so, and shows why a refused cancellation failed', async () => {
    const { user, calls } = renderOrders(() =>
      json({ error: 'This order has already shipped and can no longer be cancelled.' }, 409),
    );
    await findHeading('My Orders');
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    await user.click(within(card('SF-PENDING')).getByRole('button', { name: 'Cancel order' }));
    expect(
      within(card('SF-PENDING')).getByRole('group', { name: 'Cancel order SF-PENDING?' }),
    ).toHaveTextContent('nothing to refund');
    await user.click(within(card('SF-PENDING')).getByRole('button', { name: 'Keep order' }));
    expect(
      within(card('SF-PENDING')).queryByRole('group', { name: 'Cancel order SF-PENDING?' }),
    ).not.toBeInTheDocument();
    await user.click(within(card('SF-PENDING')).getByRole('button', { name: 'Cancel order' }));
    await user.click(within(card('SF-PENDING')).getByRole('button', { name: 'Yes, cancel order' }));
    await findToast('Error');
    expect(
      screen.getByText('This order has already shipped and can no longer be cancelled.'),
    ).toBeInTheDocument();
    // The list is read again, to show the order as it now stands.
    await waitFor(() => expect(calls.filter((c) => c.path === '/orders')).toHaveLength(2));
  });

  it('has no serious or critical axe violations', async () => {
    renderOrders();
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    await expectNoSeriousAxeViolations();
  });
});
