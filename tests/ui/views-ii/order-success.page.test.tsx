import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, json, renderApp } from './support/app';
import { apiOrder } from './support/orders';

describe('/order-success', () => {
  it('thanks the shopper, mentions the email and links to My Orders and home', async () => {
    renderApp({ path: '/order-success?orderId=SF-DONE', token: null });
    await findHeading('Thank You for Your Order!');
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/email with your order details/)).toBeInTheDocument();
    expect(main.getByText('Order number: SF-DONE')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(main.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows what was ordered, the amount and when it should arrive, once the order is in', async () => {
    const { calls } = renderApp({
      path: '/order-success?orderId=SF-PAID',
      token: 'token-asha',
      api: {
        'GET /orders/:orderId': () =>
          json({
            ...apiOrder('SF-PAID', 1),
            expectedDelivery: { earliest: '2026-12-11', latest: '2026-12-15' },
          }),
      },
    });
    await findHeading('Thank You for Your Order!');
    const main = within(screen.getByRole('main'));
    const summary = within(await main.findByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Block Print Kurta')).toBeInTheDocument();
    expect(summary.getByText('Cotton Tee')).toBeInTheDocument();
    // 2 × ₹499.50 + ₹1,299.00.
    expect(summary.getByText('Order total').nextElementSibling).toHaveTextContent('₹2,298.00');
    expect(main.getByText('Arriving between Fri, 11 Dec and Tue, 15 Dec')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/orders/')).map((c) => c.path)).toEqual([
      '/orders/SF-PAID',
    ]);
    await expectNoSeriousAxeViolations();
  });

  it('has no serious or critical axe violations', async () => {
    renderApp({ path: '/order-success', token: null });
    await findHeading('Thank You for Your Order!');
    await expectNoSeriousAxeViolations();
  });
});
