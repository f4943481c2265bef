import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../machines/cart.model';
import { LazyQuantityInput } from '../../../src/components/ui/lazy-controls';
import { teeToChoose } from '../../machines/support/fixtures';
import { expectNoSeriousAxeViolations, findHeading, findToast, renderApp } from '../../setup/app-harness';

const LINES: CartLine[] = [
  {
    id: 'kurta',
    name: 'Indigo Kurta',
    image: '/images/k.svg',
    price: 1499,
    quantity: 1,
    selectedSize: 'M',
    selectedColor: 'Indigo',
  },
  {
    id: 'kurta',
    name: 'Indigo Kurta',
    image: '/images/k.svg',
    price: 1499,
    quantity: 2,
    selectedSize: 'L',
    selectedColor: 'Indigo',
  },
  { id: 'tee', name: 'Chai Tee', image: '/images/t.svg', price: 499.5, quantity: 1 },
];

const line = (index: number) =>
  screen.getAllByRole('listitem').filter((li) => li.closest('section[aria-label="Cart items"]'))[
    index
  ] as HTMLElement;

// In as on a server-rendered page, which preloads it (a first mount without it: tests/ui/views-i/lazy-parts.test.tsx).
beforeAll(() => LazyQuantityInput.load());

describe('cart page', () => {
  it('shows the empty cart with Continue Shopping to the home page', async () => {
    renderApp({ path: '/cart' });
    await findHeading('Your cart is empty');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    await expectNoSeriousAxeViolations();
  });

  it('lists each line with image, name, colour, size, quantity and line total', async () => {
    renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    expect(screen.getByText('4 Item(s)')).toBeInTheDocument();
    const second = line(1);
    expect(within(second).getByRole('link', { name: 'Indigo Kurta' })).toHaveAttribute(
      'href',
      '/product/kurta',
    );
    expect(within(second).getByText('Colour: Indigo · Size: L')).toBeInTheDocument();
    expect(within(second).getByRole('spinbutton')).toHaveValue('2');
    expect(within(second).getByText('₹2,998.00')).toBeInTheDocument();
    expect(second.querySelector('img')).toHaveAttribute('src', '/images/k.svg');
    // 1499 + 2 × 1499 + 499.5
    const summary = screen.getByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('₹4,996.50')).toBeInTheDocument();
  });

  it('changes a quantity with plus and minus, never below 1', async () => {
    const { user, storedCart } = renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    const first = line(0);
    const quantity = within(first).getByRole('spinbutton');
    const minus = within(first).getByRole('button', { name: /^Decrease/ });
    expect(minus).toBeDisabled();
    await user.click(within(first).getByRole('button', { name: /^Increase/ }));
    await waitFor(() => expect(quantity).toHaveValue('2'));
    expect(screen.getByText('5 Item(s)')).toBeInTheDocument();
    expect(storedCart()[0]?.quantity).toBe(2);
    await user.click(minus);
    await waitFor(() => expect(quantity).toHaveValue('1'));
    expect(minus).toBeDisabled();
    expect(storedCart()[0]?.quantity).toBe(1);
    // The other line of the same product was not touched.
    expect(storedCart()[1]?.quantity).toBe(2);
  });

  it('says Remove takes every size of a product, names each line apart, and Undo restores them', async () => {
    const { user, storedCart } = renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    const first = within(line(0)).getByRole('button', {
      name: 'Remove all 2 sizes of Indigo Kurta (from the M / Indigo line)',
    });
    expect(first).toHaveTextContent('Remove all 2 sizes');
    expect(
      within(line(1)).getByRole('button', {
        name: 'Remove all 2 sizes of Indigo Kurta (from the L / Indigo line)',
      }),
    ).toBeInTheDocument();
    // A product with one line keeps the plain Remove.
    expect(within(line(2)).getByRole('button', { name: 'Remove Chai Tee' })).toHaveTextContent(/^Remove$/);
    await user.click(first);
    const toast = await findToast('Removed from cart', '2 lines of Indigo Kurta were removed.');
    expect(storedCart().map((l) => l.id)).toEqual(['tee']);
    expect(screen.getByText('1 Item(s)')).toBeInTheDocument();
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(storedCart()).toEqual(LINES));
    expect(screen.getByText('4 Item(s)')).toBeInTheDocument();
  });

  it('empties the cart with Clear Cart, and Undo brings every line back', async () => {
    const { user, storedCart } = renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    const toast = await findToast('Cart cleared', 'All items have been removed from your cart.');
    await findHeading('Your cart is empty');
    expect(storedCart()).toEqual([]);
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await findHeading('Shopping Cart');
    expect(storedCart()).toEqual(LINES);
  });

  it('shows each line as unit price × quantity = line total', async () => {
    renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    expect(within(line(1)).getByText('₹1,499.00 × 2 = ₹2,998.00')).toBeInTheDocument();
    expect(within(line(2)).getByText('₹499.50 × 1 = ₹499.50')).toBeInTheDocument();
  });

  it('keeps 10 when 999 is typed into a quantity, and says why', async () => {
    const { user, storedCart } = renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    const quantity = within(line(2)).getByRole('spinbutton');
    await user.clear(quantity);
    await user.type(quantity, '999');
    await user.tab();
    await findToast('Quantity limit', 'You can buy at most 10 of Chai Tee in one size and colour.');
    await waitFor(() => expect(storedCart()[2]?.quantity).toBe(10));
    await waitFor(() => expect(quantity).toHaveValue('10'));
    expect(within(line(2)).getByText('Limit 10 per size and colour.')).toBeInTheDocument();
  });

  it('holds Checkout while a line lacks its size, says which, and focuses that picker', async () => {
    const tee = { ...LINES[2], sizeOptions: ['S', 'M'] } as CartLine;
    const { user, location } = renderApp({ path: '/cart', cart: [LINES[0] as CartLine, tee], token: 'tok' });
    await findHeading('Shopping Cart');
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toHaveAttribute('aria-disabled', 'true');
    expect(checkout).toHaveAccessibleDescription('Choose a size for Chai Tee before checkout.');
    await user.click(checkout);
    await findToast('Choose a size', 'Choose a size for Chai Tee before checkout.');
    expect(screen.getByRole('combobox', { name: 'Size of Chai Tee' })).toHaveFocus();
    expect(location()).toBe('/cart');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size of Chai Tee' }), 'M');
    await waitFor(() => expect(checkout).not.toHaveAttribute('aria-disabled'));
    await user.click(checkout);
    await waitFor(() => expect(location()).toBe('/checkout'));
  });

  it('sends a visitor to /login with origin /checkout after the Login Required toast', async () => {
    const { user, location, router } = renderApp({ path: '/cart', cart: LINES, token: null });
    await findHeading('Shopping Cart');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await findToast('Login Required', 'Please login to proceed with checkout');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/checkout' });
  });

  it('sends a signed-in shopper to /checkout', async () => {
    const { user, location } = renderApp({ path: '/cart', cart: LINES, token: 'tok' });
    await findHeading('Shopping Cart');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(location()).toBe('/checkout'));
  });

  it('has no serious accessibility violations with items', async () => {
    renderApp({ path: '/cart', cart: LINES });
    await findHeading('Shopping Cart');
    await expectNoSeriousAxeViolations();
  });

  it('asks in place for the size and colour of a line a card added without them', async () => {
    const { user, storage } = renderApp({
      path: '/cart',
      cart: [teeToChoose],
    });
    await findHeading('Shopping Cart');
    expect(screen.getByText('Choose a size and colour before checkout.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Size of Plain Tee' }), 'M');
    expect(await screen.findByText('Size: M')).toBeInTheDocument();
    expect(screen.getByText('Choose a colour before checkout.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour of Plain Tee' }), 'Black');
    expect(await screen.findByText('Colour: Black · Size: M')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /of Plain Tee/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(storage.get('cart') ?? '[]')[0]).toMatchObject({
        selectedSize: 'M',
        selectedColor: 'Black',
      }),
    );
  });
});
