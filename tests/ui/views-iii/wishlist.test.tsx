import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WISHLIST_FAILED } from '../../../machines/wishlist.machine';
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
} from '../../setup/app-harness';

const kurta = apiProduct({ id: 'p-kurta', title: 'Indigo Kurta', regularPrice: 1899 });
const tee = apiProduct({
  id: 'p-tee',
  title: 'Plain Tee',
  regularPrice: 499,
  attributes: [{ id: 'size', key: 'size', values: ['One Size'], metricUnit: null }],
});
const byId: Record<string, typeof kurta> = { 'p-kurta': kurta, 'p-tee': tee };

/** The catalogue reads: a list of both products and each by id (404 for any other id). */
const catalogueApi = {
  'GET /products': () => json(productPage([kurta, tee])),
  'GET /products/:id': (call: ApiCall) => {
    const product = byId[call.path.split('/').pop() ?? ''];
    return product ? json(product) : json({ error: 'Product not found' }, 404);
  },
};

const cardOf = (name: string) => screen.findByRole('article', { name });

describe('wishlist hearts', () => {
  it("saves a visitor's product from its card: the heart fills, the header counts it, the browser keeps it", async () => {
    const { user, storage } = renderApp({ path: '/products', api: catalogueApi });
    const card = await cardOf('Indigo Kurta');
    const heart = within(card).getByRole('button', { name: 'Add to Wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(within(card).getByRole('button', { name: 'Remove from Wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByTestId('wishlist-count')).toHaveTextContent('1');
    expect(JSON.parse(storage.get('wishlist') ?? '[]')).toEqual(['p-kurta']);
    await user.click(within(card).getByRole('button', { name: 'Remove from Wishlist' }));
    expect(screen.getByRole('link', { name: 'Wishlist, 0 items' })).toBeInTheDocument();
    expect(JSON.parse(storage.get('wishlist') ?? '[]')).toEqual([]);
  });

  it("toggles from the product page's 'Add to Wishlist' button", async () => {
    const { user } = renderApp({ path: '/product/p-kurta', api: catalogueApi });
    await findHeading('Indigo Kurta');
    await user.click(screen.getByRole('button', { name: 'Add to Wishlist' }));
    const saved = screen.getByRole('button', { name: 'Remove from Wishlist' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Wishlist, 1 item' })).toBeInTheDocument();
  });

  it("merges a visitor's saves into the account when signed in and shows the account's count", async () => {
    const { calls } = renderApp({
      path: '/products',
      token: 'tok-kept',
      storage: { wishlist: JSON.stringify(['p-tee']) },
      api: { ...catalogueApi, 'POST /wishlist': () => json({ items: [tee, kurta] }) },
    });
    expect(await screen.findByRole('link', { name: 'Wishlist, 2 items' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/wishlist')?.body).toEqual({
      productIds: ['p-tee'],
    });
    const card = await cardOf('Indigo Kurta');
    expect(within(card).getByRole('button', { name: 'Remove from Wishlist' })).toBeInTheDocument();
  });

  it('puts the heart back and says so when the account cannot save it', async () => {
    const { user } = renderApp({
      path: '/products',
      token: 'tok-kept',
      api: { ...catalogueApi, 'PUT /wishlist/:id': () => json({ error: 'Internal server error' }, 500) },
    });
    const card = await cardOf('Indigo Kurta');
    await user.click(within(card).getByRole('button', { name: 'Add to Wishlist' }));
    await findToast('Error', WISHLIST_FAILED);
    expect(within(card).getByRole('button', { name: 'Add to Wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('link', { name: 'Wishlist, 0 items' })).toBeInTheDocument();
  });
});

describe('/wishlist', () => {
  it('shows a skeleton, then the saved products that still exist, newest first', async () => {
    const held = heldAnswer();
    const { container } = renderApp({
      path: '/wishlist',
      storage: { wishlist: JSON.stringify(['p-tee', 'p-gone', 'p-kurta']) },
      api: {
        ...catalogueApi,
        'GET /products/:id': held.hold(catalogueApi['GET /products/:id']),
      },
    });
    await findHeading('My Wishlist');
    expect(screen.getByRole('status', { name: 'Loading your wishlist' })).toBeInTheDocument();
    held.release();
    const list = await screen.findByRole('list', { name: 'Saved products' });
    const names = within(list)
      .getAllByRole('article')
      .map((a) => a.getAttribute('aria-label'));
    expect(names).toEqual(['Plain Tee', 'Indigo Kurta']);
    expect(screen.getByText('2 saved products')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(container);
  });

  it('removes a product, then shows the empty state with a way to shop', async () => {
    const { user, router } = renderApp({
      path: '/wishlist',
      storage: { wishlist: JSON.stringify(['p-kurta']) },
      api: catalogueApi,
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Indigo Kurta from Wishlist' }));
    expect(await screen.findByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Start Shopping' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('adds a saved product to the cart from its card', async () => {
    const { user, storedCart } = renderApp({
      path: '/wishlist',
      storage: { wishlist: JSON.stringify(['p-tee']) },
      api: catalogueApi,
    });
    const card = await cardOf('Plain Tee');
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(storedCart().map((l) => l.id)).toEqual(['p-tee']));
  });
});

describe('Quick View', () => {
  it('opens the product in a dialog over the list, adds it to the cart there, and Escape closes it', async () => {
    const { user, location, storedCart } = renderApp({ path: '/products', api: catalogueApi });
    const card = await cardOf('Indigo Kurta');
    const opener = within(card).getByRole('button', { name: 'Quick View' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(location()).toBe('/products?quick=p-kurta');
    expect(await within(dialog).findByRole('heading', { name: 'Indigo Kurta' })).toBeInTheDocument();
    expect(within(dialog).getByText('₹1,899.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View full details' })).toHaveAttribute(
      'href',
      '/product/p-kurta',
    );
    // The kurta comes in sizes: one must be chosen first, as on the product page.
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await findToast('Please select a size', 'You must select a size before adding to cart');
    // The answer also shows inside the dialog (on a phone it fills the screen).
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Please select a size: You must select a size before adding to cart',
    );
    await user.click(within(dialog).getByRole('radio', { name: 'M' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to Cart' }));
    await findToast('Added to cart');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Added to cart: Indigo Kurta added to your cart.',
    );
    expect(storedCart()).toEqual([
      expect.objectContaining({ id: 'p-kurta', selectedSize: 'M', quantity: 1 }),
    ]);
    // Still on the list, the dialog still open.
    expect(location()).toBe('/products?quick=p-kurta');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/products');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('keeps the list where it was scrolled when Quick View opens and closes', async () => {
    const { user } = renderApp({ path: '/products', api: catalogueApi });
    const opener = within(await cardOf('Plain Tee')).getByRole('button', { name: 'Quick View' });
    vi.mocked(window.scrollTo).mockClear();
    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('closes when the browser goes back', async () => {
    const { user, router } = renderApp({ path: '/products', api: catalogueApi });
    await user.click(within(await cardOf('Plain Tee')).getByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Plain Tee' })).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('drops the parameter instead of leaving the shop when the page was opened on ?quick=', async () => {
    const { user, location } = renderApp({ path: '/products?quick=p-tee', api: catalogueApi });
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Close Quick View' }));
    await waitFor(() => expect(location()).toBe('/products'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows every image of the product, with thumbnails to pick one by pointer or keyboard', async () => {
    const saree = apiProduct({
      id: 'p-saree',
      title: 'Banarasi Saree',
      imgUrl: '/images/saree.svg',
      images: [
        { url: '/images/saree.svg' },
        { url: '/images/saree-alt.svg' },
        { url: '/images/saree-pallu.svg' },
      ],
    });
    const { user } = renderApp({
      path: '/products',
      api: { 'GET /products': () => json(productPage([saree])), 'GET /products/:id': () => json(saree) },
    });
    await user.click(within(await cardOf('Banarasi Saree')).getByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog');
    const main = await within(dialog).findByRole('img', { name: 'Banarasi Saree' });
    expect(main).toHaveAttribute('src', '/images/saree.svg');
    const thumbnails = within(
      within(dialog).getByRole('list', { name: 'Banarasi Saree: images' }),
    ).getAllByRole('button');
    expect(thumbnails.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 3',
      'Show image 2 of 3',
      'Show image 3 of 3',
    ]);
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(thumbnails[2] as HTMLElement);
    expect(main).toHaveAttribute('src', '/images/saree-pallu.svg');
    expect(thumbnails[2]).toHaveAttribute('aria-pressed', 'true');
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'false');
    // Keyboard: the arrows step through (wrapping round) and move the focus; Enter and Space pick.
    await user.keyboard('{ArrowRight}');
    expect(thumbnails[0]).toHaveFocus();
    expect(main).toHaveAttribute('src', '/images/saree.svg');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(thumbnails[1]).toHaveFocus();
    expect(main).toHaveAttribute('src', '/images/saree-alt.svg');
    act(() => (thumbnails[0] as HTMLElement).focus());
    await user.keyboard(' ');
    expect(main).toHaveAttribute('src', '/images/saree.svg');
    act(() => (thumbnails[2] as HTMLElement).focus());
    await user.keyboard('{Enter}');
    expect(main).toHaveAttribute('src', '/images/saree-pallu.svg');
    await expectNoSeriousAxeViolations();
  });

  it('shows no thumbnails for a product with one image', async () => {
    const { user } = renderApp({ path: '/products', api: catalogueApi });
    await user.click(within(await cardOf('Plain Tee')).getByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'Plain Tee' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Show image/ })).not.toBeInTheDocument();
  });
});

describe('product page gallery', () => {
  it('shows every image with the same thumbnails as Quick View', async () => {
    const saree = apiProduct({
      id: 'p-saree',
      title: 'Banarasi Saree',
      imgUrl: '/images/saree.svg',
      images: [{ url: '/images/saree.svg' }, { url: '/images/saree-alt.svg' }],
    });
    const { user } = renderApp({ path: '/product/p-saree', api: { 'GET /products/:id': () => json(saree) } });
    await findHeading('Banarasi Saree');
    const main = screen.getByRole('img', { name: 'Banarasi Saree' });
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(main).toHaveAttribute('src', '/images/saree-alt.svg');
  });
});
