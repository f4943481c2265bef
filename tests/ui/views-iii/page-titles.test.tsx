import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type ApiCall,
  apiProduct,
  findHeading,
  heldAnswer,
  json,
  productPage,
  renderApp,
} from '../../setup/app-harness';

const kurta = apiProduct({ id: 'p-kurta', title: 'Indigo Block-Print Kurta', regularPrice: 1899 });

/** Thirty products in all, so second pages exist; the kurta by id, 404 for any other. */
const api = {
  'GET /products': (call: ApiCall) => json(productPage([kurta], 30, Number(call.query.get('page') ?? '1'))),
  'GET /products/:id': (call: ApiCall) =>
    call.path.endsWith('/p-kurta') ? json(kurta) : json({ error: 'Product not found' }, 404),
};

const titleIs = (title: string) => waitFor(() => expect(document.title).toBe(title));

describe('document title on /products (the words of the HTML the server sends, server/web/page-head.ts)', () => {
  it('names the search, category, type, featured list and page, and follows links and Back', async () => {
    const { router } = renderApp({ path: '/products?q=kurta', api });
    await titleIs('Search results for “kurta” | Rangrez');
    await router.navigate('/products?category=t%20shirts&page=2');
    // The store's own spelling of the category.
    await titleIs('T Shirts – Page 2 | Rangrez');
    await router.navigate('/products?category=men&parentCategory=kurta');
    await titleIs('Kurta | Rangrez');
    await router.navigate('/products?filter=featured');
    await titleIs('Featured products | Rangrez');
    await router.navigate('/products?filter=silk%20saree');
    await titleIs('Search results for “silk saree” | Rangrez');
    await router.navigate('/products');
    await titleIs('All products | Rangrez');
    await router.navigate(-1);
    await titleIs('Search results for “silk saree” | Rangrez');
    await router.navigate('/cart');
    await titleIs('Rangrez');
  });

  it("follows the list's own page changes", async () => {
    const { user } = renderApp({ path: '/products?category=women', api });
    await titleIs('Women | Rangrez');
    await user.click(await screen.findByRole('button', { name: /page 2/i }));
    await titleIs('Women – Page 2 | Rangrez');
  });
});

describe('document title on /product/{id}', () => {
  it("keeps the server's title while the product loads, then names the product", async () => {
    document.title = 'Indigo Block-Print Kurta | Rangrez';
    const held = heldAnswer();
    const { router } = renderApp({
      path: '/product/p-kurta',
      api: { ...api, 'GET /products/:id': held.hold(() => json(kurta)) },
    });
    await screen.findByRole('status', { name: 'Loading product' });
    // Not the store name in between.
    expect(document.title).toBe('Indigo Block-Print Kurta | Rangrez');
    document.title = 'As the server sent it';
    held.release();
    await findHeading('Indigo Block-Print Kurta');
    await titleIs('Indigo Block-Print Kurta | Rangrez');
    await router.navigate('/products');
    await titleIs('All products | Rangrez');
  });

  it('is the store name for a product that does not exist', async () => {
    document.title = 'Statefront';
    renderApp({ path: '/product/p-gone', api });
    await findHeading('Product Not Found');
    await titleIs('Rangrez');
  });
});
