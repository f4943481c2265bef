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
  apiOrder('SF-PENDING', 0),
  apiOrder('SF-PROCESSING', 1, { trackingNumber: 'TRK-123' }),
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

  it('shows date, items with size and colour, address, method, tracking and the ₹ total of each order', async () => {
    renderOrders();
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    const pending = within(card('SF-PENDING'));
    expect(pending.getByText('Placed on April 18, 2025')).toBeInTheDocument();
    expect(pending.getByText('Block Print Kurta')).toBeInTheDocument();
    expect(pending.getByText('× 2')).toBeInTheDocument();
    expect(pending.getByText('Colour: Indigo · Size: M')).toBeInTheDocument();
    expect(pending.getByText('₹499.50')).toBeInTheDocument();
    expect(pending.getByText('₹1,299.00')).toBeInTheDocument();
    expect(pending.getByText('12 MG Road, Bengaluru, Karnataka, 560001')).toBeInTheDocument();
    expect(pending.getByText('Standard Shipping')).toBeInTheDocument();
    expect(pending.getByText('Not available')).toBeInTheDocument();
    // 499.5 × 2 + 1299 × 1
    expect(pending.getByText('₹2,298.00')).toBeInTheDocument();
    expect(within(card('SF-PROCESSING')).getByText('TRK-123')).toBeInTheDocument();
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

  it('cancels a paid order after the shopper confirms, and says when the refund arrives (issue 24)', async () => {
    const { user, calls } = renderOrders(() =>
      json({
        order: apiOrder('SF-PROCESSING', 4),
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
  });

  it('keeps the order when the shopper says so, and shows why a refused cancellation failed', async () => {
    const { user, calls } = renderOrders(() =>
      json({ error: 'This order has already shipped and can no longer be cancelled.' }, 409),
    );
    await findHeading('My Orders');
    await screen.findByRole('article', { name: 'Order SF-PENDING' });
    await user.click(within(card('SF-PENDING')).getByRole('button', { name: 'Cancel order' }));
    expect(within(card('SF-PENDING')).getByRole('group')).toHaveTextContent('nothing to refund');
    await user.click(within(card('SF-PENDING')).getByRole('button', { name: 'Keep order' }));
    expect(within(card('SF-PENDING')).queryByRole('group')).not.toBeInTheDocument();
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
