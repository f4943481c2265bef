import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type ApiCall,
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
  findToast,
  heldAnswer,
  json,
  productPage,
  renderApp,
  storedLine,
} from '../../setup/app-harness';

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/products' && c.query.get('limit') === '12');
const lookupCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/products' && c.query.get('limit') === '100');

/** A catalogue of `total` products; the list answers the requested page, the lookup some sub-types. */
function catalogue(total: number, parents = ['Kurta', 'Saree']) {
  const all = Array.from({ length: total }, (_, i) =>
    apiProduct({
      id: `p-${i + 1}`,
      title: `Item ${i + 1}`,
      parentCategory: parents[i % parents.length] ?? null,
    }),
  );
  return {
    'GET /products': (call: ApiCall) => {
      const limit = Number(call.query.get('limit') ?? 12);
      const page = Number(call.query.get('page') ?? 1);
      const parent = call.query.get('parentCategory');
      const matching = parent ? all.filter((p) => p.parentCategory === parent) : all;
      return json(
        productPage(matching.slice((page - 1) * limit, page * limit), matching.length, page, limit),
      );
    },
  };
}

describe('products list', () => {
  it.each([
    ['/products', 'All Products'],
    ['/products?category=men', "Men's Ethnic Wear"],
    ['/products?category=women', "Women's Ethnic Wear"],
    ['/products?category=accessories', 'Accessories'],
    ['/products?category=men&parentCategory=Kurta', 'Kurta'],
  ])('titles %s as %s', async (path, title) => {
    renderApp({ path, api: catalogue(3) });
    await findHeading(title);
  });

  it('shows 12 skeleton cards while loading', async () => {
    renderApp({ path: '/products', api: { 'GET /products': () => new Promise<Response>(() => {}) } });
    const loading = await screen.findByRole('status', { name: 'Loading products' });
    expect(loading.children).toHaveLength(12);
  });

  it('holds the count line, the Filters button and the panel column while loading, so the list does not move', async () => {
    const facets = { sizes: [{ value: 'M', count: 2 }], colors: [], price: { min: 1, max: 9 }, onSale: 0 };
    const held = heldAnswer();
    const withFacets = held.hold(() =>
      json({ ...productPage([apiProduct({ id: 'p-1', title: 'Item 1' })], 2), facets }),
    );
    renderApp({
      path: '/products',
      api: {
        'GET /products': (call) =>
          call.query.get('facets') === 'true'
            ? withFacets(call)
            : json(productPage([apiProduct({ id: 'p-1' })])),
      },
    });
    await screen.findByRole('status', { name: 'Loading products' });
    // The line under the title (the count once loaded) is already there, as a placeholder.
    const countLine = () => findHeading('All Products').then((h1) => h1.nextElementSibling);
    expect((await countLine())?.tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeDisabled();
    expect(screen.getByTestId('filter-panel-placeholder')).toBeInTheDocument();

    held.release();
    await screen.findByRole('link', { name: 'Item 1' });
    expect(await countLine()).toHaveTextContent('2 products');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeEnabled();
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByTestId('filter-panel-placeholder')).toBeNull();
  });

  it('asks for page 1 with 12 items and the category, and lists the products', async () => {
    const { calls } = renderApp({ path: '/products?category=men', api: catalogue(3) });
    expect(await screen.findByRole('link', { name: 'Item 1' })).toHaveAttribute('href', '/product/p-1');
    const call = listCalls(calls)[0];
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('category')).toBe('men');
  });

  it('asks for featured products when featured=true', async () => {
    const { calls } = renderApp({ path: '/products?featured=true', api: catalogue(2) });
    await screen.findByRole('link', { name: 'Item 1' });
    expect(listCalls(calls)[0]?.query.get('filter')).toBe('featured');
  });

  it('shows the error with Try Again, which loads the list again', async () => {
    let fail = true;
    const ok = catalogue(2)['GET /products'];
    const { user } = renderApp({
      path: '/products',
      api: {
        'GET /products': (call) =>
          fail && call.query.get('limit') === '12' ? json({ error: 'x' }, 500) : ok(call),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load products. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Item 1' })).toBeInTheDocument();
  });

  it('shows the empty state with Clear Filters, which drops the type filter', async () => {
    const { user, location } = renderApp({
      path: '/products?category=men&parentCategory=Dhoti',
      api: catalogue(3),
    });
    expect(await screen.findByText('No products found with the selected filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/products?category=men'));
    expect(await screen.findByRole('link', { name: 'Item 1' })).toBeInTheDocument();
  });

  it('shows all products when Clear Filters has no type filter to drop', async () => {
    const { user, location } = renderApp({
      path: '/products?category=nothing',
      api: {
        'GET /products': (call) =>
          json(
            call.query.get('category') ? productPage([]) : productPage([apiProduct({ title: 'Anything' })]),
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/products'));
    expect(await screen.findByRole('link', { name: 'Anything' })).toBeInTheDocument();
  });

  it('builds the Filter by Type options from a limit-100 lookup of the category', async () => {
    const { user, calls } = renderApp({ path: '/products?category=men', api: catalogue(4) });
    await screen.findByRole('link', { name: 'Item 1' });
    expect(lookupCalls(calls)[0]?.query.get('category')).toBe('men');
    const types = screen.getByRole('combobox', { name: 'Filter by Type' });
    const options = within(types).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All Types', 'Kurta', 'Saree']);
  });

  it('filters by type, resets the page to 1 and offers Clear', async () => {
    const { user, location, calls } = renderApp({
      path: '/products?category=men&page=2',
      api: catalogue(30),
    });
    await screen.findByRole('link', { name: 'Item 13' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by Type' }), 'Saree');
    await waitFor(() => expect(location()).toBe('/products?category=men&parentCategory=Saree'));
    await findHeading('Saree');
    const last = listCalls(calls).at(-1);
    expect(last?.query.get('parentCategory')).toBe('Saree');
    expect(last?.query.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(location()).toBe('/products?category=men'));
  });

  it('paginates with Showing X to Y of Z, a window of 2 pages, first, last and ellipses', async () => {
    const { user, location } = renderApp({ path: '/products?page=6', api: catalogue(130) });
    await screen.findByRole('link', { name: 'Item 61' });
    expect(screen.getByText('Showing 61 to 72 of 130 items')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page \d+ of 11$/ })
      .map((b) => b.textContent);
    expect(pages).toEqual(['1', '4', '5', '6', '7', '8', '11']);
    expect(within(nav).getAllByText('…')).toHaveLength(2);
    await user.click(within(nav).getByRole('button', { name: 'Page 8 of 11' }));
    await waitFor(() => expect(location()).toBe('/products?page=8'));
    expect(await screen.findByText('Showing 85 to 96 of 130 items')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('hides pagination when everything fits on one page', async () => {
    renderApp({ path: '/products', api: catalogue(12) });
    await screen.findByRole('link', { name: 'Item 12' });
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('toggles the grid between 3 and 2 columns', async () => {
    const { user } = renderApp({ path: '/products', api: catalogue(3) });
    await screen.findByRole('link', { name: 'Item 1' });
    const three = screen.getByRole('button', { name: '3 columns' });
    const two = screen.getByRole('button', { name: '2 columns' });
    expect(three).toHaveAttribute('aria-pressed', 'true');
    await user.click(two);
    expect(two).toHaveAttribute('aria-pressed', 'true');
    expect(three).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows a sale badge only when the discounted price is below the regular price', async () => {
    renderApp({
      path: '/products',
      api: {
        'GET /products': () =>
          json(
            productPage([
              apiProduct({ title: 'On Sale', regularPrice: 1000, discountedPrice: 800 }),
              apiProduct({ title: 'Full Price', regularPrice: 1000, discountedPrice: null }),
            ]),
          ),
      },
    });
    const sale = await screen.findByRole('article', { name: 'On Sale' });
    expect(within(sale).getByText('Sale')).toBeInTheDocument();
    expect(within(sale).getByText('₹800.00')).toBeInTheDocument();
    expect(within(sale).getByText('₹1,000.00')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Full Price' })).queryByText('Sale')).toBeNull();
  });

  it('offers Add to Cart, Add to Wishlist and Quick View on a card; Add to Cart adds one', async () => {
    const { user, storedCart } = renderApp({
      path: '/products',
      api: {
        'GET /products': () =>
          json(productPage([apiProduct({ id: 'k1', title: 'Kurta One', regularPrice: 1200 })])),
      },
    });
    const card = await screen.findByRole('article', { name: 'Kurta One' });
    expect(within(card).getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute(
      'title',
      'Add to Wishlist',
    );
    expect(within(card).getByRole('button', { name: 'Quick View' })).toHaveAttribute('title', 'Quick View');
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await findToast('Added to cart');
    // Two sizes: none preselected (the cart line asks, offering both); one colour: preselected.
    expect(storedCart()).toEqual([
      storedLine({
        id: 'k1',
        name: 'Kurta One',
        price: 1200,
        selectedColor: 'Indigo',
        sizeOptions: ['S', 'M'],
      }),
    ]);
  });

  it('shows each card in the filtered colour, and Add to Cart picks that colour', async () => {
    const tee = apiProduct({
      id: 't1',
      title: 'Block Tee',
      imgUrl: '/tee.svg',
      images: [
        { url: '/tee.svg', color: 'White' },
        { url: '/tee--navy.svg', color: 'Navy' },
      ],
      attributes: [
        { id: 'size', key: 'size', values: ['One Size'], metricUnit: null },
        { id: 'color', key: 'color', values: ['White', 'Navy'], metricUnit: null },
      ],
    });
    const { user, storedCart } = renderApp({
      path: '/products?color=Navy',
      api: { 'GET /products': () => json(productPage([tee])) },
    });
    const card = await screen.findByRole('article', { name: 'Block Tee' });
    expect(within(card).getByRole('img', { name: 'Block Tee', hidden: true })).toHaveAttribute(
      'src',
      '/tee--navy.svg',
    );
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await findToast('Added to cart');
    expect(storedCart()[0]).toMatchObject({ selectedColor: 'Navy', image: '/tee--navy.svg' });
  });

  it('replaces a broken card image with the default stock photo', async () => {
    renderApp({
      path: '/products',
      api: { 'GET /products': () => json(productPage([apiProduct({ title: 'Broken' })])) },
    });
    const card = await screen.findByRole('article', { name: 'Broken' });
    // The image link is hidden from assistive tech (the name link is the same target).
    const img = card.querySelector('img[alt="Broken"]') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(img).toHaveAttribute('src', '/images/default-product.svg'));
    expect(img).toHaveAttribute('height', '300');
  });

  it('has no serious accessibility violations', async () => {
    renderApp({ path: '/products?page=2', api: catalogue(40) });
    await screen.findByRole('link', { name: 'Item 13' });
    await expectNoSeriousAxeViolations();
  });
});
