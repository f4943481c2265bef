import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, findHeading, renderApp } from './support/app';

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

  it('has no serious or critical axe violations', async () => {
    renderApp({ path: '/order-success', token: null });
    await findHeading('Thank You for Your Order!');
    await expectNoSeriousAxeViolations();
  });
});
