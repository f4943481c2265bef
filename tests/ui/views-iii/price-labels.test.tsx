import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiProduct, json, productPage, renderApp } from '../../setup/app-harness';

const kurta = apiProduct({ id: 'p-kurta', title: 'Indigo Kurta', regularPrice: 1899, discountedPrice: 1499 });
const tee = apiProduct({ id: 'p-tee', title: 'Plain Tee', regularPrice: 499, discountedPrice: null });
const api = {
  'GET /products': () => json(productPage([kurta, tee])),
  'GET /products/:id': () => json(kurta),
};
const cardOf = (name: string) => screen.findByRole('article', { name });

describe('x% OFF and the taxes line on cards and Quick View', () => {
  it('shows x% OFF beside the struck MRP on a sale card, and nothing of it on a full-price card', async () => {
    renderApp({ path: '/products', api });
    const sale = await cardOf('Indigo Kurta');
    // 400 off 1,899 is 21.06%: rounded down.
    expect(within(sale).getByText('21% OFF')).toBeInTheDocument();
    expect(within(sale).getByText('₹1,899.00').closest('s')).not.toBeNull();
    const full = await cardOf('Plain Tee');
    expect(within(full).queryByText(/% OFF/)).toBeNull();
  });

  it('says Inclusive of all taxes under the price in Quick View', async () => {
    const { user } = renderApp({ path: '/products', api });
    const card = await cardOf('Indigo Kurta');
    await user.click(within(card).getByRole('button', { name: 'Quick View' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await within(dialog).findByRole('heading', { name: 'Indigo Kurta' });
    expect(within(dialog).getByText('21% OFF')).toBeInTheDocument();
    expect(within(dialog).getByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(within(dialog).getByRole('radiogroup', { name: 'Colour' })).toBeInTheDocument();
  });
});
