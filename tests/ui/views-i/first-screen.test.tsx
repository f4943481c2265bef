import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_ANSWER_ID, type FirstAnswer } from '../../../shared/first-screen';
import { resetFirstAnswer } from '../../../src/app/actors/first-answer';
import { apiProduct, findHeading, json, productPage, renderApp } from '../../setup/app-harness';

/** The block the server writes into a page whose first screen it rendered (server/web/page-head.ts). */
function embed(first: FirstAnswer | string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_ANSWER_ID;
  block.textContent = typeof first === 'string' ? first : JSON.stringify(first);
  document.body.append(block);
}

const kurta = apiProduct({ id: 'p-kurta', title: 'Indigo Block-Print Kurta', category: 'men' });
const tee = apiProduct({ id: 'p-tee', title: 'Chai Pe Charcha Tee', category: 'men' });

describe('a page the server rendered (its first answer in the page)', () => {
  beforeEach(() => resetFirstAnswer());
  afterEach(() => {
    document.getElementById(FIRST_ANSWER_ID)?.remove();
    resetFirstAnswer();
  });

  it('shows the product without asking the API, and asks again once the shopper has moved on', async () => {
    embed({ route: 'product', id: 'P-KURTA', answer: kurta });
    const { calls, user } = renderApp({
      path: '/product/p-kurta',
      api: {
        'GET /products/:id': () => json(kurta),
        'GET /products': () => json(productPage([kurta, tee])),
      },
    });
    await findHeading('Indigo Block-Print Kurta');
    expect(screen.queryByRole('status', { name: 'Loading product' })).toBeNull();
    const productReads = () => calls.filter((c) => c.method === 'GET' && c.path === '/products/p-kurta');
    expect(productReads()).toHaveLength(0);
    // Back (landed here: the catalogue), then the same product again: a fresh read this time.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('link', { name: /Indigo Block-Print Kurta/ }));
    await findHeading('Indigo Block-Print Kurta');
    await waitFor(() => expect(productReads()).toHaveLength(1));
  });

  it('shows the list from its answer without asking for it; the type options are still asked for', async () => {
    embed({ route: 'products', search: 'category=men', answer: productPage([kurta, tee]) });
    const { calls } = renderApp({ path: '/products?category=men' });
    expect(await screen.findByRole('link', { name: /Chai Pe Charcha Tee/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading products' })).toBeNull();
    const listReads = () => calls.filter((c) => c.path === '/products' && c.query.get('facets') === 'true');
    expect(listReads()).toHaveLength(0);
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/products' && c.query.get('limit') === '100')).toBe(true),
    );
  });

  it('ignores an answer that belongs to another page or cannot be read', async () => {
    for (const first of [
      { route: 'products', search: 'category=women', answer: productPage([tee]) } as FirstAnswer,
      '{not json',
    ]) {
      resetFirstAnswer();
      document.getElementById(FIRST_ANSWER_ID)?.remove();
      embed(first);
      const { calls, unmount } = renderApp({
        path: '/products?category=men',
        api: { 'GET /products': () => json(productPage([kurta])) },
      });
      expect(await screen.findByRole('link', { name: /Indigo Block-Print Kurta/ })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Chai Pe Charcha Tee/ })).toBeNull();
      expect(calls.some((c) => c.path === '/products' && c.query.get('facets') === 'true')).toBe(true);
      unmount();
    }
  });
});
