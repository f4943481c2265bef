import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../machines/cart.model';
import type { StockEntry } from '../../../shared/stock';
import { LazyQuantityInput } from '../../../src/components/ui/lazy-controls';
import {
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
  heldAnswer,
  json,
  renderApp,
} from '../../setup/app-harness';

// In as on a server-rendered page, which preloads it.
beforeAll(() => LazyQuantityInput.load());

const attr = (key: string, values: string[]) => ({ id: key, key, values, metricUnit: null });

/** A kurta in S, M, L and Indigo, Rust. */
const kurta = apiProduct({
  id: 'p-stock-kurta',
  title: 'Ajrakh Kurta',
  attributes: [attr('size', ['S', 'M', 'L']), attr('color', ['Indigo', 'Rust'])],
});

/** S is gone in both colours; 3 M left in Indigo (10 in Rust); L only in Indigo. */
const KURTA_STOCK: StockEntry[] = [
  { productId: kurta.id, size: 'S', color: 'Indigo', left: 0 },
  { productId: kurta.id, size: 'S', color: 'Rust', left: 0 },
  { productId: kurta.id, size: 'M', color: 'Indigo', left: 3 },
  { productId: kurta.id, size: 'M', color: 'Rust', left: 10 },
  { productId: kurta.id, size: 'L', color: 'Indigo', left: 10 },
  { productId: kurta.id, size: 'L', color: 'Rust', left: 0 },
];

const stockApi = (items: StockEntry[]) => ({ 'GET /stock': () => json({ items }) });

const radio = (name: RegExp | string) => screen.getByRole('radio', { name });

describe('product page: stock per size and colour', () => {
  it('disables a size sold out in every colour, says "Sold out" in its name, and "Only 3 left" on a low one', async () => {
    const { user, container } = renderApp({
      path: `/product/${kurta.id}`,
      api: { 'GET /products/:id': () => json(kurta), ...stockApi(KURTA_STOCK) },
    });
    await findHeading('Ajrakh Kurta');
    // Sold out in every colour before one is chosen: shown, not pickable, and said so.
    const small = await screen.findByRole('radio', { name: 'S Sold out' });
    expect(small).toBeDisabled();
    await user.click(small.closest('label') as HTMLElement);
    expect(small).not.toBeChecked();
    // L is still there in Indigo: open until a colour rules it out; M has 10 in Rust: nothing to say.
    expect(radio('L')).toBeEnabled();
    expect(radio('M')).toBeEnabled();

    await user.click(radio('M'));
    await user.click(radio(/^Indigo/));
    // In Indigo, 3 M are left (its chip says so, and so does Indigo's in M); L is there, S still is not.
    expect(await screen.findByRole('radio', { name: 'M Only 3 left' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Indigo Only 3 left' })).toBeChecked();
    expect(radio('L')).toBeEnabled();

    // In L, Rust is sold out: its chip is disabled.
    await user.click(radio('L'));
    expect(await screen.findByRole('radio', { name: 'Rust Sold out' })).toBeDisabled();
    // 10 L left in Indigo: neither chip says anything; M's still says what is left of it in Indigo.
    expect(radio('L')).toBeChecked();
    expect(radio('Indigo')).toBeChecked();
    expect(radio('M Only 3 left')).toBeEnabled();
    await expectNoSeriousAxeViolations(container);
  });

  it('keeps the quantity within what is left, so Add to Cart adds at most that many', async () => {
    const { user, storedCart } = renderApp({
      path: `/product/${kurta.id}`,
      api: { 'GET /products/:id': () => json(kurta), ...stockApi(KURTA_STOCK) },
    });
    await findHeading('Ajrakh Kurta');
    await screen.findByRole('radio', { name: 'S Sold out' });
    await user.click(radio('M'));
    await user.click(radio(/^Indigo/));
    await screen.findByRole('radio', { name: 'M Only 3 left' });
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    const more = screen.getByRole('button', { name: 'Increase Quantity' });
    for (let i = 0; i < 4; i++) await user.click(more);
    expect(quantity).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(storedCart()).toHaveLength(1));
    expect(storedCart()[0]).toMatchObject({
      id: kurta.id,
      selectedSize: 'M',
      selectedColor: 'Indigo',
      quantity: 3,
    });
  });

  it('cannot add a One Size product that is sold out: its chip says so and Add to Cart is disabled', async () => {
    const scarf = apiProduct({
      id: 'p-stock-scarf',
      title: 'Bandhani Dupatta',
      attributes: [attr('size', ['One Size'])],
    });
    renderApp({
      path: `/product/${scarf.id}`,
      api: {
        'GET /products/:id': () => json(scarf),
        ...stockApi([{ productId: scarf.id, size: 'One Size', color: null, left: 0 }]),
      },
    });
    await findHeading('Bandhani Dupatta');
    expect(await screen.findByRole('radio', { name: 'One Size Sold out' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('shows the product before the stock answers, then marks the chips', async () => {
    const held = heldAnswer();
    const { calls } = renderApp({
      path: `/product/${kurta.id}`,
      api: {
        'GET /products/:id': () => json(kurta),
        'GET /stock': held.hold(() => json({ items: KURTA_STOCK })),
      },
    });
    await findHeading('Ajrakh Kurta');
    // Asked after the product, for it alone.
    await waitFor(() => expect(calls.find((c) => c.path === '/stock')?.query.get('products')).toBe(kurta.id));
    expect(radio('S')).toBeEnabled();
    held.release();
    expect(await screen.findByRole('radio', { name: 'S Sold out' })).toBeDisabled();
  });

  it('marks nothing when the stock cannot be read: every size can be picked as before', async () => {
    const { user, calls } = renderApp({
      path: `/product/${kurta.id}`,
      api: { 'GET /products/:id': () => json(kurta), 'GET /stock': () => json({ error: 'boom' }, 500) },
    });
    await findHeading('Ajrakh Kurta');
    await waitFor(() => expect(calls.some((c) => c.path === '/stock')).toBe(true));
    await user.click(radio('S'));
    expect(radio('S')).toBeChecked();
    expect(screen.queryByText('Sold out')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  });
});

describe('Quick View: stock per size and colour', () => {
  it('disables the sold-out size in the dialog too', async () => {
    renderApp({
      path: `/products?quick=${kurta.id}`,
      api: { 'GET /products/:id': () => json(kurta), ...stockApi(KURTA_STOCK) },
    });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Ajrakh Kurta');
    expect(await within(dialog).findByRole('radio', { name: 'S Sold out' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'M' })).toBeEnabled();
  });
});

const line = (overrides: Partial<CartLine>): CartLine => ({
  id: kurta.id,
  name: 'Ajrakh Kurta',
  image: '',
  price: 1499,
  quantity: 1,
  ...overrides,
});

describe('/cart: lines that can no longer be had in full', () => {
  const CART = [
    line({ selectedSize: 'M', selectedColor: 'Indigo', quantity: 5 }),
    line({ selectedSize: 'S', selectedColor: 'Rust', quantity: 1 }),
    line({ id: 'p-uncounted', name: 'Plain Tee', quantity: 4 }),
  ];

  it('asks once for all its products and says "Only 3 left" and "Sold out" on the short lines', async () => {
    const { calls, container } = renderApp({ path: '/cart', cart: CART, api: stockApi(KURTA_STOCK) });
    await findHeading('Shopping Cart');
    const items = within(screen.getByRole('region', { name: 'Cart items' }));
    expect(await items.findByText('Only 3 left')).toBeInTheDocument();
    expect(items.getByText('Sold out')).toBeInTheDocument();
    const asked = calls.filter((c) => c.path === '/stock');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query.get('products')).toBe(`${kurta.id},p-uncounted`);
    // The tee is not counted: nothing said about it.
    expect(within(items.getByRole('listitem', { name: 'Plain Tee' })).queryByRole('status')).toBeNull();
    // Checkout stays open: the order's 409 is the last word (machines/cart.machine.ts).
    expect(screen.getAllByRole('button', { name: /^Checkout/ })[0]).not.toHaveAttribute('aria-disabled');
    await expectNoSeriousAxeViolations(container);
  });

  it('fits a short line to what is left, and takes a sold-out line out without its sibling', async () => {
    const { user, storedCart } = renderApp({ path: '/cart', cart: CART, api: stockApi(KURTA_STOCK) });
    await findHeading('Shopping Cart');
    await user.click(await screen.findByRole('button', { name: 'Keep 3 of Ajrakh Kurta' }));
    await waitFor(() => expect(storedCart()[0]?.quantity).toBe(3));
    expect(screen.queryByText('Only 3 left')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove sold-out Ajrakh Kurta' }));
    await waitFor(() => expect(storedCart()).toHaveLength(2));
    expect(storedCart().map((l) => [l.id, l.selectedSize, l.quantity])).toEqual([
      [kurta.id, 'M', 3],
      ['p-uncounted', undefined, 4],
    ]);
    expect(screen.queryByText('Sold out')).toBeNull();
  });

  it('shows the lines as before when the stock cannot be read', async () => {
    const { calls } = renderApp({
      path: '/cart',
      cart: CART,
      api: { 'GET /stock': () => json({ error: 'boom' }, 500) },
    });
    await findHeading('Shopping Cart');
    await waitFor(() => expect(calls.some((c) => c.path === '/stock')).toBe(true));
    expect(screen.queryByText('Sold out')).toBeNull();
    expect(screen.queryByText(/^Only \d+ left$/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Keep / })).toBeNull();
  });
});
