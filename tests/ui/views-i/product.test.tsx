import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryText } from '../../../shared/delivery';
import { LazyQuantityInput } from '../../../src/components/ui/lazy-controls';
import {
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
  findToast,
  heldAnswer,
  json,
  renderApp,
  storedLine,
} from '../../setup/app-harness';

const attr = (key: string, values: string[]) => ({ id: key, key, values, metricUnit: null });

function productApi(product: ReturnType<typeof apiProduct>) {
  return { 'GET /products/:id': () => json(product) };
}

// In as on a server-rendered page, which preloads it (a first mount without it: tests/ui/views-i/lazy-parts.test.tsx).
beforeAll(() => LazyQuantityInput.load());

describe('product detail', () => {
  it('shows a loading skeleton, then the product with price, x% OFF, taxes, category tag and product code', async () => {
    const product = apiProduct({
      id: '3f0b2a7e-1c4d-5e6f',
      title: 'Indigo Block-Print Kurta',
      category: 'men',
      regularPrice: 1899,
      discountedPrice: 1499,
      description: 'Hand block-printed cotton.',
    });
    const held = heldAnswer();
    renderApp({
      path: `/product/${product.id}`,
      api: {
        'GET /products/:id': held.hold(() => json(product)),
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading product' })).toBeInTheDocument();
    held.release();
    await findHeading('Indigo Block-Print Kurta');
    // The phone's Add to Cart bar repeats the price, hidden from screen readers (read once, at the top).
    const info = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(info).getByText('₹1,499.00')).toBeInTheDocument();
    expect(within(info).getByText('₹1,899.00').closest('s')).not.toBeNull();
    // 400 off 1,899 is 21.06%: the label rounds down.
    expect(within(info).getByText('21% OFF')).toBeInTheDocument();
    expect(within(info).getByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(screen.getByText('men')).toBeInTheDocument();
    // The spec's short id, as a product code among the specifications, not an 'ID:' beside the name.
    expect(screen.queryByText(/ID:/)).toBeNull();
    const code = within(screen.getByRole('region', { name: 'Specifications' })).getByText('Product Code');
    expect(code.nextElementSibling).toHaveTextContent('3f0b2a7e');
    expect(screen.getByText('Hand block-printed cotton.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Wishlist' })).toBeInTheDocument();
  });

  it('shows Product Not Found with Browse Products when the product does not exist', async () => {
    renderApp({
      path: '/product/missing',
      api: { 'GET /products/:id': () => json({ error: 'Product not found' }, 404) },
    });
    await findHeading('Product Not Found');
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
  });

  it('shows Product Not Found when loading fails', async () => {
    renderApp({ path: '/product/x', api: { 'GET /products/:id': () => json({ error: 'boom' }, 500) } });
    await findHeading('Product Not Found');
  });

  it('shows no x% OFF when the product is not on sale, but still the taxes line', async () => {
    renderApp({
      path: '/product/p',
      api: productApi(apiProduct({ title: 'Full Price Kurta', regularPrice: 999 })),
    });
    await findHeading('Full Price Kurta');
    expect(screen.queryByText(/% OFF/)).toBeNull();
    expect(screen.getByText('Inclusive of all taxes')).toBeInTheDocument();
  });

  it("shows the shopper attributes with readable labels, never flags, ids or the pickers' keys", async () => {
    const attributes = [
      attr('size', ['One Size']),
      attr('color', ['Maroon']),
      attr('fabric', ['Katan Silk']),
      { id: 'b', key: 'blousePiece', values: ['0.8'], metricUnit: 'm' },
      attr('featured', ['true']),
      attr('productId', ['2844e290']),
    ];
    renderApp({ path: '/product/p', api: productApi(apiProduct({ title: 'Banarasi Saree', attributes })) });
    await findHeading('Banarasi Saree');
    const specs = screen.getByRole('region', { name: 'Specifications' });
    const terms = within(specs)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['Fabric', 'Blouse Piece', 'Product Code']);
    expect(within(specs).getByText('0.8 m')).toBeInTheDocument();
    expect(screen.queryByText(/featured/i)).toBeNull();
    expect(screen.queryByText('2844e290')).toBeNull();
    // en-IN: the picker says Colour.
    expect(screen.getByRole('radiogroup', { name: 'Colour' })).toBeInTheDocument();
    expect(screen.queryByText(/^Color$/)).toBeNull();
  });

  it('lists at most 10 specifications and hides keys containing phone', async () => {
    const attributes = [
      attr('size', ['S', 'M']),
      attr('Phone Number', ['999']),
      attr('smartphone pocket', ['yes']),
      ...Array.from({ length: 12 }, (_, i) => attr(`spec${i + 1}`, [`v${i + 1}`])),
    ];
    renderApp({ path: '/product/p', api: productApi(apiProduct({ attributes })) });
    await findHeading(/Product/);
    const specs = screen.getByRole('region', { name: 'Specifications' });
    const terms = within(specs)
      .getAllByRole('term')
      .map((t) => t.textContent);
    // Ten attributes, then the product code.
    expect(terms).toHaveLength(11);
    expect(terms).toEqual([
      'Spec1',
      'Spec2',
      'Spec3',
      'Spec4',
      'Spec5',
      'Spec6',
      'Spec7',
      'Spec8',
      'Spec9',
      'Spec10',
      'Product Code',
    ]);
  });

  it.each([
    [{ category: 'Footwear' }, ['7', '8'], 'Shoe Size'],
    [{ description: 'A comfy shoe' }, ['7'], 'Shoe Size'],
    [{}, ['One Size'], 'Size'],
    [{}, ['S', 'M'], 'Clothing Size'],
  ])('labels the sizes %o %o as %s', async (overrides, sizes, label) => {
    renderApp({
      path: '/product/p',
      api: productApi(apiProduct({ ...overrides, attributes: [attr('size', sizes)] })),
    });
    expect(await screen.findByRole('radiogroup', { name: label })).toBeInTheDocument();
  });

  it('preselects One Size and adds the chosen quantity, then goes to the cart', async () => {
    const product = apiProduct({
      id: 'scarf',
      title: 'Silk Scarf',
      regularPrice: 700,
      attributes: [attr('size', ['One Size']), attr('color', ['Rust', 'Teal'])],
    });
    const { user, location, storedCart } = renderApp({ path: '/product/scarf', api: productApi(product) });
    await findHeading('Silk Scarf');
    expect(screen.getByRole('radio', { name: 'One Size' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Teal' }));
    // Queried each time: the stepper's static first render gives way to Ark's once that has loaded.
    const quantity = () => screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    await waitFor(() => expect(quantity()).toHaveValue('2'));
    await user.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    await waitFor(() => expect(quantity()).toHaveValue('3'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(location()).toBe('/cart'));
    await findHeading('Shopping Cart');
    expect(storedCart()).toEqual([
      storedLine({
        id: 'scarf',
        name: 'Silk Scarf',
        price: 700,
        quantity: 3,
        selectedSize: 'One Size',
        selectedColor: 'Teal',
      }),
    ]);
  });

  it("shows the chosen colour's pictures in the gallery and adds the line with that colour's picture", async () => {
    const product = apiProduct({
      id: 'tee',
      title: 'Block Tee',
      imgUrl: '/tee.svg',
      images: [
        { url: '/tee.svg', color: 'White' },
        { url: '/tee-alt.svg', color: 'White' },
        { url: '/tee--navy.svg', color: 'Navy' },
        { url: '/tee--navy-alt.svg', color: 'Navy' },
      ],
      attributes: [attr('size', ['One Size']), attr('color', ['White', 'Navy'])],
    });
    const { user, storedCart } = renderApp({ path: '/product/tee', api: productApi(product) });
    await findHeading('Block Tee');
    const main = () => screen.getByRole('img', { name: 'Block Tee' });
    expect(main()).toHaveAttribute('src', '/tee.svg');
    await user.click(screen.getByRole('radio', { name: 'Navy' }));
    await waitFor(() => expect(main()).toHaveAttribute('src', '/tee--navy.svg'));
    const thumbs = screen.getByRole('list', { name: 'Block Tee: images' });
    expect(within(thumbs).getAllByRole('button')).toHaveLength(2);
    await user.click(within(thumbs).getByRole('button', { name: 'Show image 2 of 2' }));
    expect(main()).toHaveAttribute('src', '/tee--navy-alt.svg');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() =>
      expect(storedCart()[0]).toMatchObject({ selectedColor: 'Navy', image: '/tee--navy.svg' }),
    );
  });

  it('keeps the quantity at 1 or more', async () => {
    const { user } = renderApp({ path: '/product/p', api: productApi(apiProduct()) });
    await findHeading(/Product/);
    await user.click(screen.getByRole('button', { name: 'Decrease Quantity' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
  });

  it('asks for a size before adding to the cart', async () => {
    const { user, location, storedCart } = renderApp({ path: '/product/p', api: productApi(apiProduct()) });
    await findHeading(/Product/);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await findToast('Please select a size', 'You must select a size before adding to cart');
    expect(location()).toBe('/product/p');
    expect(storedCart()).toEqual([]);
  });

  it('goes back to the previous page with Back', async () => {
    const { user, router, location } = renderApp({
      path: '/products',
      api: productApi(apiProduct({ id: 'p9', title: 'Ninth Kurta' })),
    });
    await findHeading('All Products');
    await router.navigate('/product/p9');
    await findHeading('Ninth Kurta');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/products'));
  });

  it('goes to the catalogue with Back when the product page was the first page visited', async () => {
    const { user, location } = renderApp({
      path: '/product/p9',
      api: productApi(apiProduct({ id: 'p9', title: 'Landing Kurta' })),
    });
    await findHeading('Landing Kurta');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/products'));
  });

  it('replaces a broken product image with the placeholder', async () => {
    renderApp({ path: '/product/p', api: productApi(apiProduct({ title: 'Broken Kurta' })) });
    await findHeading('Broken Kurta');
    const img = screen.getByRole('img', { name: 'Broken Kurta' });
    expect(img).toHaveAttribute('width');
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img).toHaveAttribute('src', '/images/placeholder.svg'));
  });

  it('has no serious accessibility violations', async () => {
    renderApp({ path: '/product/p', api: productApi(apiProduct({ title: 'Accessible Kurta' })) });
    await findHeading('Accessible Kurta');
    await expectNoSeriousAxeViolations();
  });
});

describe('product detail: delivery check', () => {
  const product = apiProduct({ id: '7a1c2b3d-4e5f-6a7b', title: 'Ivory Chikankari Kurta' });

  it('gives the delivery dates and cash on delivery for a PIN code, from the PIN lookup', async () => {
    const { user, calls } = renderApp({ path: `/product/${product.id}`, api: productApi(product) });
    await findHeading('Ivory Chikankari Kurta');
    const check = screen.getByRole('region', { name: 'Check delivery' });
    await user.type(within(check).getByRole('textbox', { name: 'PIN code' }), ' 560 038 ');
    await user.click(within(check).getByRole('button', { name: 'Check' }));
    const verdict = within(check).getByRole('status');
    // Bangalore is 4 to 7 working days from the demo store's Noida (tests/setup/app-harness.tsx).
    await waitFor(() =>
      expect(verdict).toHaveTextContent(
        `${deliveryText({ minDays: 4, maxDays: 7 }, new Date())} to Bangalore, Karnataka`,
      ),
    );
    expect(verdict).toHaveTextContent('Cash on delivery available on orders up to ₹10,000.00');
    expect(calls.filter((c) => c.path.startsWith('/pincodes/')).map((c) => c.path)).toEqual([
      '/pincodes/560038',
    ]);
    await expectNoSeriousAxeViolations();
  });

  it('says what a PIN code is without asking, and when India Post lists none', async () => {
    const { user, calls } = renderApp({ path: `/product/${product.id}`, api: productApi(product) });
    await findHeading('Ivory Chikankari Kurta');
    const check = screen.getByRole('region', { name: 'Check delivery' });
    const pin = within(check).getByRole('textbox', { name: 'PIN code' });
    await user.type(pin, '5600{Enter}');
    expect(within(check).getByRole('status')).toHaveTextContent('Enter a valid 6-digit PIN code');
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path.startsWith('/pincodes/'))).toBe(false);
    await user.clear(pin);
    await user.type(pin, '999999{Enter}');
    await waitFor(() =>
      expect(within(check).getByRole('status')).toHaveTextContent(
        "PIN code 999999 is not in India Post's list. Please check it",
      ),
    );
  });
});
