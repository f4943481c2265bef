import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../machines/cart.model';
import { expectNoSeriousAxeViolations, findHeading, json, renderApp } from './support/app';

const CART: CartLine[] = [
  {
    id: 'p1',
    name: 'Block Print Kurta',
    image: '',
    price: 1499,
    quantity: 3,
    selectedSize: 'M',
    selectedColor: 'Indigo',
  },
  {
    id: 'p1',
    name: 'Block Print Kurta',
    image: '',
    price: 1499,
    quantity: 1,
    selectedSize: 'L',
    selectedColor: 'Indigo',
  },
  { id: 'p2', name: 'Cotton Tee', image: '', price: 599, quantity: 1 },
];

/** POST /orders's 409 (openapi.yaml, StockShortageError): 2 of the M left, the L sold out. */
const SHORTAGE = {
  error: 'Only 2 left of "Block Print Kurta" in M, Indigo',
  shortages: [
    { productId: 'p1', title: 'Block Print Kurta', size: 'M', color: 'Indigo', requested: 3, left: 2 },
    { productId: 'p1', title: 'Block Print Kurta', size: 'L', color: 'Indigo', requested: 1, left: 0 },
  ],
};

type User = ReturnType<typeof renderApp>['user'];

async function fillAndPlace(user: User) {
  await user.type(screen.getByLabelText(/^Full name/), 'Asha Verma');
  await user.type(screen.getByLabelText(/^Address/), '12 MG Road');
  await user.type(screen.getByLabelText(/^PIN code/), '560001');
  const phone = screen.getByLabelText(/^Phone/);
  await user.clear(phone);
  await user.type(phone, '+91 98765-43210');
  await user.click(screen.getByRole('combobox', { name: /State \/ union territory/ }));
  await user.click(await screen.findByRole('option', { name: 'Karnataka' }));
  await user.click(screen.getByRole('button', { name: 'Place Order' }));
}

describe('/checkout: POST /orders answers 409', () => {
  it('lists each short line, and "Adjust my bag" fits the cart and keeps the form for Place Order', async () => {
    let orders = 0;
    const { user, calls, storedCart, location, container } = renderApp({
      path: '/checkout',
      cart: CART,
      api: {
        'POST /orders': () => (++orders === 1 ? json(SHORTAGE, 409) : json({ id: 'SF-AFTER409' }, 201)),
        'GET /payments/fields': () => json({ fields: [] }),
      },
    });
    await findHeading('Checkout');
    await fillAndPlace(user);

    const alert = await screen.findByRole('alert', { name: 'Some items are no longer available in full' });
    const rows = within(alert).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Block Print Kurta · M · Indigo: Only 2 left',
      'Block Print Kurta · L · Indigo: Sold out',
    ]);
    // No order yet, no toast of a failure, and Place Order waits for the bag to be adjusted.
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(screen.queryByText('Error placing order')).toBeNull();
    expect(location()).toBe('/checkout');
    await expectNoSeriousAxeViolations(container);

    await user.click(within(alert).getByRole('button', { name: 'Adjust my bag' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(storedCart().map((l) => [l.id, l.selectedSize ?? null, l.quantity])).toEqual([
      ['p1', 'M', 2],
      ['p2', null, 1],
    ]);
    // The fields are as typed.
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Asha Verma');
    expect(screen.getByLabelText(/^PIN code/)).toHaveValue('560001');

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(location()).toBe('/payment?orderId=SF-AFTER409'));
    const placed = calls.filter((c) => c.path === '/orders' && c.method === 'POST');
    expect(placed).toHaveLength(2);
    expect((placed[1]?.body as { lines?: unknown } | undefined)?.lines).toEqual([
      { productId: 'p1', quantity: 2, size: 'M', color: 'Indigo' },
      { productId: 'p2', quantity: 1 },
    ]);
  });
});
