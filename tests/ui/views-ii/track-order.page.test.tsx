import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, findToast, json, renderApp } from './support/app';
import { apiOrder } from './support/orders';

describe('/track-order', () => {
  it('prefills the order number from ?id and leaves the contact empty for a visitor', async () => {
    renderApp({ path: '/track-order?id=SF-ABC', token: null });
    await findHeading('Track Your Order');
    expect(screen.getByLabelText(/^Order number/)).toHaveValue('SF-ABC');
    expect(screen.getByLabelText(/^Email or phone/)).toHaveValue('');
    expect(screen.queryByText('Using your account email by default')).not.toBeInTheDocument();
  });

  it("prefills the signed-in shopper's email with the hint", async () => {
    const { user } = renderApp({
      path: '/login',
      state: { from: '/track-order?id=SF-ABC' },
      token: null,
      api: { 'POST /users/authorize': () => json({ token: 'tok' }) },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await findHeading('Track Your Order');
    expect(screen.getByLabelText(/^Email or phone/)).toHaveValue('asha@example.com');
    expect(screen.getByText('Using your account email by default')).toBeInTheDocument();
  });

  it('toasts Required fields and sends nothing when a field is empty', async () => {
    const { user, calls } = renderApp({ path: '/track-order?id=SF-ABC', token: null });
    await findHeading('Track Your Order');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await findToast('Required fields');
    expect(screen.getByText('Please enter both order number and email/phone')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/orders/'))).toBe(false);
  });

  it("shows the order's history with the courier and a link to its tracking page", async () => {
    const shipped = apiOrder('SF-ABC', 2, {
      trackingNumber: '1234',
      carrier: 'Delhivery',
      trackingUrl: 'https://www.delhivery.com/track/package/1234',
      timeline: [
        { from: null, to: 0, at: '2025-04-18T10:30:00Z', actor: 'shopper', note: 'Order placed' },
        { from: 0, to: 1, at: '2025-04-18T10:32:00Z', actor: 'gateway', note: 'Payment received' },
        {
          from: 1,
          to: 2,
          at: '2025-04-19T09:00:00Z',
          actor: 'operator',
          carrier: 'Delhivery',
          trackingNumber: '1234',
          trackingUrl: 'https://www.delhivery.com/track/package/1234',
        },
      ],
    });
    const { user } = renderApp({
      path: '/track-order',
      token: null,
      api: { 'GET /orders/:orderId': () => json(shipped) },
    });
    await findHeading('Track Your Order');
    await user.type(screen.getByLabelText(/^Order number/), 'SF-ABC');
    await user.type(screen.getByLabelText(/^Email or phone/), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    const history = within(await screen.findByRole('region', { name: 'Order history' }));
    const steps = history.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toMatch(/^Order placed.*By you$/);
    expect(steps[1]).toMatch(/^Payment received.*Payment gateway$/);
    expect(steps[2]).toMatch(/^Shipped.*Statefront.*With Delhivery, tracking number 1234/);
    for (const link of screen.getAllByRole('link', { name: /Track the package|1234/ }))
      expect(link).toHaveAttribute('href', 'https://www.delhivery.com/track/package/1234');
    expect(screen.getByText(/^Delhivery ·/)).toBeInTheDocument();
  });

  it('shows the order with a ₹ items table, sizes and colours, when the order is found', async () => {
    const { user, calls } = renderApp({
      path: '/track-order',
      token: null,
      api: { 'GET /orders/:orderId': () => json(apiOrder('SF-ABC', 2, { trackingNumber: 'TRK-9' })) },
    });
    await findHeading('Track Your Order');
    await user.type(screen.getByLabelText(/^Order number/), ' SF-ABC ');
    await user.type(screen.getByLabelText(/^Email or phone/), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await findToast('Order found');
    const call = calls.find((c) => c.path === '/orders/SF-ABC');
    expect(call?.query.get('contactInfo')).toBe('+91 98765 43210');
    const result = within(screen.getByRole('region', { name: 'Order SF-ABC' }));
    expect(result.getByText('April 18, 2025')).toBeInTheDocument();
    expect(result.getByText('Shipped', { selector: '[data-tone]' })).toHaveAttribute('data-tone', 'purple');
    expect(result.getByText('12 MG Road, Bengaluru, Karnataka, 560001')).toBeInTheDocument();
    expect(result.getByText('Standard Shipping')).toBeInTheDocument();
    expect(result.getByText('TRK-9')).toBeInTheDocument();
    const rows = within(result.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'ItemQtyPrice',
      'Block Print KurtaColour: Indigo · Size: M2₹499.50',
      'Cotton Tee1₹1,299.00',
      'Total₹2,298.00',
    ]);
  });

  it('toasts the §8 error when the order is not found', async () => {
    const { user } = renderApp({
      path: '/track-order?id=SF-NOPE',
      token: null,
      api: { 'GET /orders/:orderId': () => json({ error: 'Order not found or access denied' }, 404) },
    });
    await findHeading('Track Your Order');
    await user.type(screen.getByLabelText(/^Email or phone/), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await findToast('Error');
    expect(
      screen.getByText('Failed to find order. Please check your information and try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Track Order' })).toBeEnabled());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('has no serious or critical axe violations with a result showing', async () => {
    const { user } = renderApp({
      path: '/track-order?id=SF-ABC',
      token: null,
      api: { 'GET /orders/:orderId': () => json(apiOrder('SF-ABC', 0)) },
    });
    await findHeading('Track Your Order');
    await user.type(screen.getByLabelText(/^Email or phone/), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    await screen.findByRole('table');
    await expectNoSeriousAxeViolations();
  });
});
