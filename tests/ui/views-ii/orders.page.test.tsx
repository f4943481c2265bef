import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../../../shared/returns';
import { type Handler, heldAnswer } from '../../setup/app-harness';
import {
  expectNoSeriousAxeViolations,
  failsOnce,
  findHeading,
  findToast,
  json,
  renderApp,
} from './support/app';
import { apiOrder, apiReturn, COD_PAID, RETURN_BY, returnableOrder } from './support/orders';

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
    // The question is its own chunk, in by the time it is asked (fetched as the pointer reaches the button).
    const ask = await within(card('SF-PROCESSING')).findByRole('group', {
      name: 'Cancel order SF-PROCESSING?',
    });
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
    await user.click(within(filters).getByText('Cancelled / Returned (0)'));
    expect(await screen.findByText('No cancelled / returned orders.')).toBeInTheDocument();
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
      await within(card('SF-PENDING')).findByRole('group', { name: 'Cancel order SF-PENDING?' }),
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

/** 'Return or exchange by 10:00 am, 14 December' as the shopper's clock words RETURN_BY. */
const returnByText = (() => {
  const deadline = new Date(RETURN_BY);
  const time = deadline.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' });
  const day = deadline.toLocaleDateString('en-IN', { day: 'numeric', month: 'long' });
  return `Return or exchange by ${time}, ${day}`;
})();

/** My Orders listing `orders`; `answer` answers POST /orders/:orderId/returns. */
const renderReturns = (orders: unknown[], answer?: Handler) =>
  renderApp({
    path: '/orders',
    api: {
      'GET /orders': () => json(orders),
      ...(answer ? { 'POST /orders/:orderId/returns': answer } : {}),
    },
  });

/** Opens the request form of order `id`: a tap on its 'Return or exchange'. */
async function openForm(user: ReturnType<typeof renderApp>['user'], id: string) {
  await screen.findByRole('article', { name: `Order ${id}` });
  await user.click(within(card(id)).getByRole('button', { name: 'Return or exchange' }));
  return screen.findByRole('form', { name: `Return or exchange from order ${id}` });
}

const returnCalls = (calls: ReturnType<typeof renderApp>['calls']) =>
  calls.filter((c) => c.method === 'POST' && c.path.endsWith('/returns'));

describe('/orders returns and exchanges', () => {
  it('offers Return or exchange, with its deadline, only on a delivered order still within its window', async () => {
    renderReturns([
      returnableOrder('SF-RETURNABLE'),
      // The server's answer once the window has passed: no deadline, nothing returnable.
      apiOrder('SF-EXPIRED', 3, { returnBy: null, returns: [] }),
      // A page left open past the deadline.
      returnableOrder('SF-LATE', { returnBy: '2020-01-01T00:00:00Z' }),
      // Every piece is in a return already.
      returnableOrder('SF-ALL-BACK', {
        items: returnableOrder('SF-ALL-BACK').items.map((item) => ({ ...item, returnable: 0 })),
      }),
      apiOrder('SF-SHIPPED', 2, { returnBy: null }),
      apiOrder('SF-PENDING', 0),
    ]);
    await screen.findByRole('article', { name: 'Order SF-RETURNABLE' });
    const offering = [
      'SF-RETURNABLE',
      'SF-EXPIRED',
      'SF-LATE',
      'SF-ALL-BACK',
      'SF-SHIPPED',
      'SF-PENDING',
    ].filter((id) => within(card(id)).queryByRole('button', { name: 'Return or exchange' }));
    expect(offering).toEqual(['SF-RETURNABLE']);
    expect(within(card('SF-RETURNABLE')).getByText(returnByText)).toBeInTheDocument();
    expect(within(card('SF-EXPIRED')).queryByText(/^Return or exchange by/)).not.toBeInTheDocument();
    expect(within(card('SF-LATE')).queryByText(/^Return or exchange by/)).not.toBeInTheDocument();
    // The button's name is the action; the order it is for, its description.
    expect(screen.getByRole('button', { name: 'Return or exchange' })).toHaveAccessibleDescription(
      'Order SF-RETURNABLE',
    );
  });

  it('sends the chosen lines, pieces, reason and note as a return, and shows its status after', async () => {
    const ordered = returnableOrder('SF-R');
    const { user, calls } = renderReturns([ordered], () =>
      json(
        {
          ...ordered,
          items: ordered.items.map((item, i) => (i === 0 ? { ...item, returnable: 1 } : item)),
          returns: [apiReturn('RT-NEW1', { lines: [{ itemId: 'SF-R-1', quantity: 1, size: null }] })],
        },
        201,
      ),
    );
    const form = within(await openForm(user, 'SF-R'));
    // The form has the focus, on its first choice; the button that opened it is gone meanwhile.
    expect(form.getByRole('radio', { name: 'Return for a refund' })).toHaveFocus();
    expect(form.getByRole('radio', { name: 'Return for a refund' })).toBeChecked();
    expect(
      within(card('SF-R')).queryByRole('button', { name: 'Return or exchange' }),
    ).not.toBeInTheDocument();

    // Nothing chosen: the form says so, and asks nothing of the server.
    await user.click(form.getByRole('button', { name: 'Request return' }));
    expect(await form.findByText('Choose at least one item')).toBeInTheDocument();
    expect(form.getByRole('combobox', { name: 'Reason' })).toHaveAccessibleDescription('Choose a reason');
    expect(returnCalls(calls)).toHaveLength(0);

    await user.click(form.getByRole('checkbox', { name: /Block Print Kurta/ }));
    // A line chosen answers 'Choose at least one item'.
    await waitFor(() => expect(form.queryByText('Choose at least one item')).not.toBeInTheDocument());
    // Two kurtas may go back: how many?
    const pieces = await form.findByRole('combobox', { name: 'Quantity of Block Print Kurta' });
    expect(pieces).toHaveValue('2');
    await user.selectOptions(pieces, '1');
    // Every reason the Return policy offers (shared/returns.ts), in its order.
    const reason = form.getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', ...RETURN_REASONS]);
    await user.selectOptions(reason, 'Changed my mind');
    await user.type(form.getByRole('textbox', { name: 'Anything else?' }), '  Bought two by mistake ');
    // Paid online: the refund goes back the way it was paid, no account is asked.
    expect(form.queryByRole('group', { name: 'Refund to' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Request return' }));

    await findToast('Return requested', 'We will email you when the pickup is scheduled.');
    expect(returnCalls(calls).map((c) => [c.path, c.body])).toEqual([
      [
        '/orders/SF-R/returns',
        {
          kind: 'return',
          reason: 'Changed my mind',
          note: 'Bought two by mistake',
          lines: [{ itemId: 'SF-R-1', quantity: 1 }],
        },
      ],
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('form', { name: 'Return or exchange from order SF-R' }),
      ).not.toBeInTheDocument(),
    );
    const returned = within(card('SF-R'));
    expect(returned.getByText('Return RT-NEW1')).toBeInTheDocument();
    expect(returned.getByText('Requested', { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'yellow',
    );
    // One kurta is still returnable, within the window: the card offers it again, focused.
    expect(returned.getByRole('button', { name: 'Return or exchange' })).toHaveFocus();
  });

  it('sends an exchange of a line for its new size, and offers only the size reasons', async () => {
    const ordered = returnableOrder('SF-X');
    const { user, calls } = renderReturns([ordered], () =>
      json(
        {
          ...ordered,
          returns: [
            apiReturn('RT-SWAP1', {
              kind: 'exchange',
              reason: 'Size too small',
              lines: [{ itemId: 'SF-X-1', quantity: 2, size: 'XL' }],
            }),
          ],
        },
        201,
      ),
    );
    const form = within(await openForm(user, 'SF-X'));
    await user.click(form.getByRole('radio', { name: 'Exchange for another size' }));
    // The tee comes in one size: nothing to exchange it for.
    const tee = form.getByRole('checkbox', { name: /Cotton Tee/ });
    expect(tee).toBeDisabled();
    expect(tee).toHaveAccessibleDescription('No other size to exchange for');
    const reason = form.getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a reason', 'Size too small', 'Size too large']);
    await user.click(form.getByRole('checkbox', { name: /Block Print Kurta/ }));
    await user.selectOptions(reason, 'Size too small');
    // No size chosen yet.
    await user.click(form.getByRole('button', { name: 'Request exchange' }));
    const size = await form.findByRole('combobox', { name: 'New size of Block Print Kurta' });
    await waitFor(() => expect(size).toHaveAccessibleDescription('Choose the new size'));
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a size', 'L', 'XL']);
    expect(returnCalls(calls)).toHaveLength(0);
    await user.selectOptions(size, 'XL');
    await user.click(form.getByRole('button', { name: 'Request exchange' }));

    await findToast('Exchange requested', 'We will email you when the pickup is scheduled.');
    expect(returnCalls(calls).map((c) => [c.path, c.body])).toEqual([
      [
        '/orders/SF-X/returns',
        {
          kind: 'exchange',
          reason: 'Size too small',
          lines: [{ itemId: 'SF-X-1', quantity: 2, size: 'XL' }],
        },
      ],
    ]);
    expect(await within(card('SF-X')).findByText('Exchange RT-SWAP1')).toBeInTheDocument();
  });

  it('asks where a cash-on-delivery refund goes, and checks the UPI ID with the shared rule', async () => {
    const ordered = returnableOrder('SF-COD', { payment: COD_PAID });
    const { user, calls } = renderReturns([ordered], () =>
      json(
        {
          ...ordered,
          returns: [apiReturn('RT-COD1', { refundTo: 'UPI a•••@okicici' })],
        },
        201,
      ),
    );
    const form = within(await openForm(user, 'SF-COD'));
    await user.click(form.getByRole('checkbox', { name: /Cotton Tee/ }));
    await user.selectOptions(form.getByRole('combobox', { name: 'Reason' }), 'Quality not as expected');
    const refundTo = form.getByRole('group', { name: 'Refund to' });
    expect(within(refundTo).getByRole('radio', { name: 'UPI ID' })).toBeChecked();
    expect(
      form.getByText('Your account details are stored encrypted and shown only as the last digits.'),
    ).toBeInTheDocument();
    const upi = form.getByRole('textbox', { name: 'UPI ID' });
    await user.type(upi, 'asha@');
    await user.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(upi).toHaveAccessibleDescription('Enter a UPI ID like name@okhdfcbank'));
    expect(upi).toHaveAttribute('aria-invalid', 'true');
    expect(returnCalls(calls)).toHaveLength(0);

    // A bank account instead: its fields, checked in turn.
    await user.click(within(refundTo).getByRole('radio', { name: 'Bank account' }));
    expect(form.queryByRole('textbox', { name: 'UPI ID' })).not.toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: "Account holder's name" }), 'Asha Verma');
    await user.type(form.getByRole('textbox', { name: 'Account number' }), '1234');
    await user.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(form.getByRole('textbox', { name: 'Account number' })).toHaveAccessibleDescription(
        'Enter an account number of 9 to 18 digits',
      ),
    );
    expect(returnCalls(calls)).toHaveLength(0);

    // Back to UPI, written loosely: sent as the server keeps it.
    await user.click(within(refundTo).getByRole('radio', { name: 'UPI ID' }));
    await user.type(form.getByRole('textbox', { name: 'UPI ID' }), 'Asha @OKICICI');
    await user.click(form.getByRole('button', { name: 'Request return' }));
    await findToast('Return requested');
    expect(returnCalls(calls).map((c) => c.body)).toEqual([
      {
        kind: 'return',
        reason: 'Quality not as expected',
        lines: [{ itemId: 'SF-COD-2', quantity: 1 }],
        refundTo: { upiId: 'asha@okicici' },
      },
    ]);
    // The card says where the money goes, masked.
    expect(await within(card('SF-COD')).findByText('Refund to UPI a•••@okicici')).toBeInTheDocument();
  });

  it('shows a line the policy excludes, or one already in a return, disabled with the reason', async () => {
    const ordered = returnableOrder('SF-MIXED', {
      items: [
        ...returnableOrder('SF-MIXED').items.slice(0, 1),
        {
          id: 'SF-MIXED-socks',
          productId: 'p3',
          productTitle: 'Cotton Socks',
          quantity: 1,
          price: 199,
          returnable: 0,
          notReturnable: 'Unsealed hygiene goods cannot be returned (Return policy).',
          exchangeSizes: [],
        },
        {
          id: 'SF-MIXED-tee',
          productId: 'p2',
          productTitle: 'Cotton Tee',
          quantity: 1,
          price: 1299,
          returnable: 0,
          notReturnable: null,
          exchangeSizes: [],
        },
      ],
    });
    const { user } = renderReturns([ordered]);
    const form = within(await openForm(user, 'SF-MIXED'));
    const socks = form.getByRole('checkbox', { name: /Cotton Socks/ });
    expect(socks).toBeDisabled();
    expect(socks).toHaveAccessibleDescription('Unsealed hygiene goods cannot be returned (Return policy).');
    const tee = form.getByRole('checkbox', { name: /Cotton Tee/ });
    expect(tee).toBeDisabled();
    expect(tee).toHaveAccessibleDescription('Already in a return');
    // The one line that can go back is chosen already.
    expect(form.getByRole('checkbox', { name: /Block Print Kurta/ })).toBeChecked();
    expect(form.getByRole('checkbox', { name: /Block Print Kurta/ })).toBeEnabled();
  });

  it("toasts the server's refusal and keeps the form as filled", async () => {
    const { hold, release } = heldAnswer();
    const { user, calls } = renderReturns(
      [returnableOrder('SF-LATE')],
      hold(() => json({ error: 'The return window for this order has passed.' }, 409)),
    );
    const form = within(await openForm(user, 'SF-LATE'));
    await user.click(form.getByRole('checkbox', { name: /Cotton Tee/ }));
    await user.selectOptions(
      form.getByRole('combobox', { name: 'Reason' }),
      'Damaged or wrong item received',
    );
    await user.type(form.getByRole('textbox', { name: 'Anything else?' }), 'Torn seam');
    await user.click(form.getByRole('button', { name: 'Request return' }));
    // While the server answers: busy, and nothing can be sent twice or closed.
    const busy = await form.findByRole('button', { name: 'Requesting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(form.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(form.getByRole('textbox', { name: 'Anything else?' })).toBeDisabled();
    release();
    await findToast('Error', 'The return window for this order has passed.');
    expect(returnCalls(calls)).toHaveLength(1);
    // Still open, as filled, ready to send again or cancel.
    const kept = within(screen.getByRole('form', { name: 'Return or exchange from order SF-LATE' }));
    expect(kept.getByRole('checkbox', { name: /Cotton Tee/ })).toBeChecked();
    expect(kept.getByRole('combobox', { name: 'Reason' })).toHaveValue('Damaged or wrong item received');
    expect(kept.getByRole('textbox', { name: 'Anything else?' })).toHaveValue('Torn seam');
    await waitFor(() => expect(kept.getByRole('button', { name: 'Request return' })).toBeEnabled());
    await user.click(kept.getByRole('button', { name: 'Cancel' }));
    expect(
      screen.queryByRole('form', { name: 'Return or exchange from order SF-LATE' }),
    ).not.toBeInTheDocument();
    expect(within(card('SF-LATE')).getByRole('button', { name: 'Return or exchange' })).toHaveFocus();
  });

  it('closes the form on Escape, asking nothing', async () => {
    const { user, calls } = renderReturns([returnableOrder('SF-ESC')]);
    await openForm(user, 'SF-ESC');
    await user.keyboard('{Escape}');
    expect(
      screen.queryByRole('form', { name: 'Return or exchange from order SF-ESC' }),
    ).not.toBeInTheDocument();
    expect(returnCalls(calls)).toHaveLength(0);
  });

  it('shows each return with its status and money on the card, and its history in Order details', async () => {
    const { user } = renderReturns([
      returnableOrder('SF-BACK', {
        returns: [
          apiReturn('RT-DONE1', {
            status: 'refunded',
            refund: { amount: 499.5, status: 'queued', expectedBy: '2025-04-30' },
            timeline: [
              { from: null, to: 'requested', at: '2025-04-22T10:30:00Z', actor: 'shopper', note: null },
              {
                from: 'requested',
                to: 'pickupScheduled',
                at: '2025-04-23T09:00:00Z',
                actor: 'courier',
                note: 'Delhivery pickup on 24 Apr, 10 am–2 pm',
              },
            ],
          }),
          apiReturn('RT-SWAP2', {
            kind: 'exchange',
            status: 'pickupScheduled',
            lines: [{ itemId: 'SF-BACK-1', quantity: 1, size: 'L' }],
          }),
        ],
      }),
      apiOrder('SF-KEPT', 3, { returnBy: null, returns: [] }),
      apiOrder('SF-GONE', 4),
    ]);
    await screen.findByRole('article', { name: 'Order SF-BACK' });
    const back = within(card('SF-BACK'));
    expect(back.getByText('Return RT-DONE1')).toBeVisible();
    expect(back.getByText('Refunded', { selector: '[data-tone]' })).toHaveAttribute('data-tone', 'green');
    expect(back.getByText('₹499.50 going back to the way you paid, by 30 April')).toBeVisible();
    expect(back.getByText('Exchange RT-SWAP2')).toBeVisible();
    expect(back.getByText('Pickup scheduled', { selector: '[data-tone]' })).toHaveAttribute(
      'data-tone',
      'blue',
    );
    // The history waits behind Order details.
    const history = back.getByRole('region', { name: 'Return RT-DONE1 history' });
    expect(within(history).getByText('Delhivery pickup on 24 Apr, 10 am–2 pm')).not.toBeVisible();
    await user.click(back.getByText('Order details'));
    expect(within(history).getByText('Delhivery pickup on 24 Apr, 10 am–2 pm')).toBeVisible();
    expect(within(history).getByText('Pickup scheduled')).toBeVisible();
    expect(
      within(back.getByRole('region', { name: 'Exchange RT-SWAP2 history' })).getByText(
        '1 × Block Print Kurta, for size L',
      ),
    ).toBeVisible();

    // Cancelled / Returned: cancelled orders and those with a return.
    const filters = screen.getByRole('group', { name: 'Show' });
    await user.click(within(filters).getByText('Cancelled / Returned (2)'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([
      'order-SF-BACK',
      'order-SF-GONE',
    ]);
  });

  it('has no serious or critical axe violations with the form open', async () => {
    const { user } = renderReturns([
      returnableOrder('SF-AXE', {
        payment: COD_PAID,
        returns: [apiReturn('RT-AXE1', { refundTo: 'UPI a•••@okicici' })],
      }),
    ]);
    const form = within(await openForm(user, 'SF-AXE'));
    await user.click(form.getByRole('checkbox', { name: /Block Print Kurta/ }));
    await user.click(form.getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(form.getByRole('combobox', { name: 'Reason' })).toHaveAccessibleDescription('Choose a reason'),
    );
    await expectNoSeriousAxeViolations();
  });
});
