import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
  findToast,
  heldAnswer,
  json,
  productPage,
  renderApp,
  STORE,
  storedLine,
} from '../../setup/app-harness';

const section = (name: string) => screen.getByRole('region', { name });

describe('home page', () => {
  it('links the hero buttons to the collection and the featured styles', async () => {
    renderApp({ path: '/' });
    await findHeading(/Wear the colours of India/);
    expect(screen.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Featured Styles' })).toHaveAttribute(
      'href',
      '/products?featured=true',
    );
  });

  it('shows at most 3 category cards linking to the lowercased, encoded category', async () => {
    renderApp({ path: '/' });
    await findHeading(/Wear the colours/);
    const showcase = section('Stylish T-Shirts & Trendy Tops');
    await waitFor(() => expect(within(showcase).getAllByRole('listitem')).toHaveLength(3));
    const links = within(showcase).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/products?category=t%20shirts',
      '/products?category=tops',
      '/products?category=men',
    ]);
    for (const link of links) expect(link).toHaveTextContent('Browse Collection');
    expect(within(showcase).getByRole('list')).toHaveAttribute('data-count', '3');
  });

  it('uses the store category image and falls back to the default image for the others', async () => {
    const { container } = renderApp({ path: '/' });
    await findHeading(/Wear the colours/);
    await waitFor(() =>
      expect(within(section('Stylish T-Shirts & Trendy Tops')).getAllByRole('link')).toHaveLength(3),
    );
    const images = [
      ...container.querySelectorAll<HTMLImageElement>('section[aria-labelledby=showcase-title] img'),
    ];
    expect(images.map((img) => img.getAttribute('src'))).toEqual([
      '/images/categories/t-shirts.svg',
      '/images/placeholder.svg',
      '/images/placeholder.svg',
    ]);
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      expect(img).toHaveAttribute('loading', 'lazy');
    }
  });

  it('lays out the default T Shirts and Tops as two cards when the store lists no categories', async () => {
    renderApp({ path: '/', store: { ...STORE, categories: [] } });
    await findHeading(/Wear the colours/);
    const showcase = section('Stylish T-Shirts & Trendy Tops');
    await waitFor(() => expect(within(showcase).getByRole('list')).toHaveAttribute('data-count', '2'));
    expect(within(showcase).getByRole('heading', { name: 'T Shirts' })).toBeInTheDocument();
    expect(within(showcase).getByRole('heading', { name: 'Tops' })).toBeInTheDocument();
  });

  it('shows 4 placeholder cards while featured products load, then the products', async () => {
    const held = heldAnswer();
    renderApp({
      path: '/',
      api: {
        'GET /products': held.hold(() =>
          json(productPage([apiProduct({ title: 'Indigo Kurta' }), apiProduct({ title: 'Saffron Top' })])),
        ),
      },
    });
    await findHeading(/Wear the colours/);
    expect(screen.getByTestId('featured-skeletons').children).toHaveLength(4);
    held.release();
    const featured = section('Featured Styles');
    expect(await within(featured).findByRole('link', { name: 'Indigo Kurta' })).toBeInTheDocument();
    expect(within(featured).getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/products');
    expect(screen.queryByTestId('featured-skeletons')).toBeNull();
  });

  it('says no featured products are available when the list is empty', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByText('No featured products available at the moment.')).toBeInTheDocument();
  });

  it('says no featured products are available when loading them fails', async () => {
    renderApp({ path: '/', api: { 'GET /products': () => json({ error: 'boom' }, 500) } });
    expect(await screen.findByText('No featured products available at the moment.')).toBeInTheDocument();
  });

  it('shows the four Fashion Essentials cards and Explore Collection', async () => {
    renderApp({ path: '/' });
    await findHeading(/Wear the colours/);
    const essentials = section('Fashion Essentials');
    for (const title of ['Premium T-Shirts', 'Designer Tops', 'Casual Wear', 'Trending Styles']) {
      expect(within(essentials).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(within(essentials).getByRole('link', { name: 'Explore Collection' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('asks the server, thanks the subscriber, clears the field and says to confirm when subscribing', async () => {
    const { user, calls } = renderApp({
      path: '/',
      api: {
        'POST /newsletter/subscriptions': () =>
          json(
            {
              message:
                'Thank you for subscribing to our newsletter. Please confirm with the link we emailed you.',
            },
            202,
          ),
      },
    });
    await findHeading(/Wear the colours/);
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(email, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await findToast('Subscribed!', 'Thank you for subscribing to our newsletter.');
    expect(email).toHaveValue('');
    expect(screen.getByText('Please confirm with the link we emailed you.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/newsletter/subscriptions')?.body).toEqual({
      email: 'asha@example.com',
    });
  });

  it('keeps the address and says why when the subscription is refused', async () => {
    const { user } = renderApp({
      path: '/',
      api: {
        'POST /newsletter/subscriptions': () => json({ error: 'Please enter a valid email address.' }, 400),
      },
    });
    await findHeading(/Wear the colours/);
    const email = screen.getByLabelText('Email address');
    await user.type(email, 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await findToast('Not subscribed', 'Please enter a valid email address.');
    expect(email).toHaveValue('asha@example.com');
    expect(screen.queryByText('Subscribed!')).toBeNull();
  });

  it('does not subscribe an invalid email', async () => {
    renderApp({ path: '/' });
    await findHeading(/Wear the colours/);
    const email = screen.getByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.submit(email.closest('form') as HTMLFormElement);
    expect(screen.queryByText('Subscribed!')).toBeNull();
    expect(email).toHaveValue('not-an-email');
  });

  it('adds a product from a featured card with its single size and colour preselected', async () => {
    const { user, storedCart } = renderApp({
      path: '/',
      api: {
        'GET /products': () =>
          json(
            productPage([
              apiProduct({
                id: 'solo',
                title: 'Solo Tee',
                regularPrice: 500,
                attributes: [
                  { id: 's', key: 'Size', values: ['Free'], metricUnit: null },
                  { id: 'c', key: 'colours', values: ['Rust'], metricUnit: null },
                ],
              }),
            ]),
          ),
      },
    });
    const card = await screen.findByRole('article', { name: 'Solo Tee' });
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await findToast('Added to cart', 'Solo Tee added to your cart.');
    expect(storedCart()).toEqual([
      storedLine({ id: 'solo', name: 'Solo Tee', price: 500, selectedSize: 'Free', selectedColor: 'Rust' }),
    ]);
  });

  it('has no serious accessibility violations', async () => {
    renderApp({ path: '/', api: { 'GET /products': () => json(productPage([apiProduct()])) } });
    await findHeading(/Wear the colours/);
    await screen.findByRole('article');
    await expectNoSeriousAxeViolations();
  });
});
