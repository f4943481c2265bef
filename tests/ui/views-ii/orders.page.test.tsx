import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, findToast, json, renderApp } from './support/app';
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

describe('/orders', () => {
  it('shows the loading text while the orders load', async () => {
    renderApp({ path: '/orders', api: { 'GET /orders': () => new Promise<Response>(() => {}) } });
    expect(await screen.findByText('Loading your orders...', {}, { timeout: 5000 })).toBeInTheDocument();
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
    renderApp({ path: '/orders', api: { 'GET /orders': () => json(ORDERS) } });
    await findHeading('My Orders');
    await screen.findByRole('article', { name: `Order ${id}` });
    const badge = within(card(id)).getByText(label, { selector: '[data-tone]' });
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge.className).toContain(`badge--tone_${tone}`);
  });

  it('shows date, items with size and colour, address, method, tracking and the ₹ total of each order', async () => {
    renderApp({ path: '/orders', api: { 'GET /orders': () => json(ORDERS) } });
    await screen.findByRole('article', { name: 'Order SF-PENDING' }, { timeout: 5000 });
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
    renderApp({ path: '/orders', api: { 'GET /orders': () => json(ORDERS) } });
    await screen.findByRole('article', { name: 'Order SF-PENDING' }, { timeout: 5000 });
    const links = screen.getAllByRole('link', { name: /Pay Now/ });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/payment?orderId=SF-PENDING');
    expect(within(card('SF-PENDING')).getByRole('link', { name: /Pay Now/ })).toBe(links[0]);
    // The button's name is exactly the spec's label; the order it pays is its description.
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAccessibleDescription('Order SF-PENDING');
  });

  it('shows No Orders Found with Browse Products when there are none', async () => {
    renderApp({ path: '/orders', api: { 'GET /orders': () => json([]) } });
    expect(await screen.findByText('No Orders Found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('toasts the §8 error and shows an error state with Try Again, not "no orders"', async () => {
    let attempts = 0;
    const { user } = renderApp({
      path: '/orders',
      api: {
        'GET /orders': () => {
          attempts += 1;
          return attempts === 1 ? json({ error: 'boom' }, 500) : json(ORDERS);
        },
      },
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
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Payment failed. You can try again with Pay Now.',
    );
  });

  it('has no serious or critical axe violations', async () => {
    renderApp({ path: '/orders', api: { 'GET /orders': () => json(ORDERS) } });
    await screen.findByRole('article', { name: 'Order SF-PENDING' }, { timeout: 5000 });
    await expectNoSeriousAxeViolations();
  });
});
