/**
 * Cash on delivery on the screens: chosen on the payment page, then 'Pay ₹X on
 * delivery' on the success page, My Orders and Track Order, and 'Paid on delivery' once delivered.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentField } from '../../../shared/payment-fields';
import { expectNoSeriousAxeViolations, findHeading, json, renderApp } from './support/app';
import { apiOrder } from './support/orders';
import { PAYMENT_FIELDS } from './support/payment-fields';

const ORDER = 'SF-COD1';

/** The form as the server answers it for an order within COD_LIMIT: Cash on delivery is offered. */
const WITH_COD: PaymentField[] = PAYMENT_FIELDS.slice(0, 4).map((field) =>
  field.name === 'method'
    ? { ...field, options: [...(field.options ?? []), { label: 'Cash on delivery', value: 'cod' }] }
    : field,
);

/** A COD order as GET /orders answers it (total ₹2,298). */
const codOrder = (id: string, status: number, payment: 'due' | 'paid' | 'void') =>
  apiOrder(id, status, {
    payment: { method: 'cod', status: payment, amount: 2298, due: payment === 'due' ? 2298 : 0 },
    timeline: [
      { from: null, to: 0, at: '2025-04-18T10:30:00Z', actor: 'shopper', note: 'Order placed' },
      {
        from: 0,
        to: 1,
        at: '2025-04-18T10:31:00Z',
        actor: 'shopper',
        note: 'Cash on delivery: pay ₹2,298.00 on delivery',
      },
    ],
  });

const card = (id: string) => within(screen.getByRole('article', { name: `Order ${id}` }));

describe('cash on delivery', () => {
  it('asks the form for the order, confirms by COD and lands on the success page saying what to pay', async () => {
    const { user, calls, location } = renderApp({
      path: `/payment?orderId=${ORDER}`,
      api: {
        'GET /orders/:orderId': () => json(apiOrder(ORDER, 0)),
        'GET /payments/fields': () => json({ fields: WITH_COD }),
        'POST /payments': () =>
          json({ success: true, action: { type: 'cash_on_delivery', due: 2298 }, attemptId: 'C1' }),
      },
    });
    // Name and mobile number come from the order's ship-to; the email is typed.
    await user.type(await screen.findByLabelText(/^Email/), 'asha@example.com');
    expect(calls.find((c) => c.path === '/payments/fields')?.query.get('orderId')).toBe(ORDER);

    await user.click(screen.getByRole('combobox', { name: /^Pay with/ }));
    await user.click(await screen.findByRole('option', { name: 'Cash on delivery' }));
    // Nothing is paid now: the button confirms the order instead.
    await user.click(await screen.findByRole('button', { name: 'Confirm order' }));

    await waitFor(() => expect(location()).toBe(`/order-success?orderId=${ORDER}&payOnDelivery=2298`));
    await findHeading('Thank You for Your Order!');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/payments')?.body).toMatchObject({
      orderId: ORDER,
      fields: { method: 'cod' },
    });
    expect(within(screen.getByRole('main')).getByText('Pay ₹2,298.00 on delivery')).toBeInTheDocument();
  });

  it('shows exactly "Pay ₹X on delivery" on the success page, and nothing of it without an amount', async () => {
    renderApp({ path: '/order-success?orderId=SF-COD1&payOnDelivery=1299.5', token: null });
    await findHeading('Thank You for Your Order!');
    expect(screen.getByText('Pay ₹1,299.50 on delivery')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });

  it('says nothing about delivery payment on a success page reached by paying online', async () => {
    renderApp({ path: '/order-success?orderId=SF-PAID', token: null });
    await findHeading('Thank You for Your Order!');
    expect(screen.queryByText(/on delivery/)).not.toBeInTheDocument();
  });

  it('shows "Pay ₹X on delivery" on My Orders until delivered, then "Paid on delivery", and no Pay Now', async () => {
    const { user } = renderApp({
      path: '/orders',
      api: {
        'GET /orders': () =>
          json([
            codOrder('SF-COD-DUE', 1, 'due'),
            codOrder('SF-COD-PAID', 3, 'paid'),
            apiOrder('SF-ONLINE', 1),
          ]),
      },
    });
    await screen.findByRole('article', { name: 'Order SF-COD-DUE' });
    expect(card('SF-COD-DUE').getByText('Pay ₹2,298.00 on delivery')).toBeInTheDocument();
    expect(card('SF-COD-DUE').getByText('Confirmed for cash on delivery')).toBeInTheDocument();
    expect(card('SF-COD-PAID').getByText('Paid on delivery')).toBeInTheDocument();
    expect(card('SF-COD-PAID').queryByText(/^Pay ₹/)).not.toBeInTheDocument();
    expect(card('SF-ONLINE').queryByText(/on delivery/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();

    // Cancelling promises no refund: nothing was paid.
    await user.click(card('SF-COD-DUE').getByRole('button', { name: 'Cancel order' }));
    expect(
      await screen.findByText('Nothing has been paid for it, so there is nothing to refund.'),
    ).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });

  it('shows "Pay ₹X on delivery" on Track Order', async () => {
    const { user } = renderApp({
      path: '/track-order',
      token: null,
      api: { 'GET /orders/:orderId': () => json(codOrder('SF-COD-DUE', 2, 'due')) },
    });
    await findHeading('Track Your Order');
    await user.type(screen.getByLabelText(/^Order number/), 'SF-COD-DUE');
    await user.type(screen.getByLabelText(/^Email or phone/), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Track Order' }));
    expect(await screen.findByText('Pay ₹2,298.00 on delivery')).toBeInTheDocument();
  });
});
