import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../contract/schema';
import {
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
  type Handler,
  json,
  productPage,
  renderApp,
} from '../../setup/app-harness';

const KURTA_CHART: components['schemas']['SizeChart'] = {
  name: "Men's kurtas",
  note: 'Body measurements.',
  unit: 'in',
  columns: ['Chest', 'Length'],
  rows: [
    { size: 'S', values: [38, 40] },
    { size: 'M', values: [40, 41] },
  ],
};

function openProduct(product: ReturnType<typeof apiProduct>, list?: Handler) {
  return renderApp({
    path: `/product/${product.id}`,
    api: {
      'GET /products/:id': () => json(product),
      ...(list ? { 'GET /products': list } : {}),
    },
  });
}

describe('product detail: size chart', () => {
  it('opens the chart of the product’s sizes in a dialog, in inches or cm, and gives focus back on Escape', async () => {
    const kurta = apiProduct({ title: 'Chikankari Kurta', sizeChart: KURTA_CHART });
    openProduct(kurta);
    await findHeading('Chikankari Kurta');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'M' }));
    const opener = screen.getByRole('button', { name: 'Size chart' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Size chart' });
    const table = within(dialog).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['SizeChest (in)Length (in)', 'S3840', 'M4041']);
    // The picked size is marked.
    expect(rows[2]).toHaveAttribute('data-picked');
    await user.click(within(dialog).getByRole('button', { name: 'Centimetres' }));
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('S96.5101.5');
    expect(within(dialog).getByRole('button', { name: 'Centimetres' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoSeriousAxeViolations();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Size chart' })).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('offers no size chart when the product has none (one size)', async () => {
    openProduct(
      apiProduct({
        title: 'Banarasi Saree',
        sizeChart: null,
        attributes: [{ id: 'size', key: 'size', values: ['One Size'], metricUnit: null }],
      }),
    );
    await findHeading('Banarasi Saree');
    expect(screen.queryByRole('button', { name: 'Size chart' })).toBeNull();
  });
});

describe('product detail: similar items', () => {
  it('shows up to 8 cards of the same type, then of the category, never the product itself', async () => {
    const kurta = apiProduct({ title: 'Chikankari Kurta', category: 'Men', parentCategory: 'Kurta' });
    const sameType = [kurta, ...Array.from({ length: 3 }, (_, i) => apiProduct({ title: `Kurta ${i + 1}` }))];
    const sameCategory = [
      sameType[1],
      ...Array.from({ length: 6 }, (_, i) =>
        apiProduct({ title: `Sherwani ${i + 1}`, parentCategory: 'Sherwani' }),
      ),
    ] as ReturnType<typeof apiProduct>[];
    const asked: string[] = [];
    openProduct(kurta, (call) => {
      asked.push(call.query.toString());
      return json(productPage(call.query.get('parentCategory') ? sameType : sameCategory));
    });
    await findHeading('Chikankari Kurta');
    const section = await screen.findByRole('region', { name: 'Similar items' });
    await waitFor(() => expect(section).toHaveAttribute('aria-busy', 'false'));
    const cards = within(section).getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Kurta 1',
      'Kurta 2',
      'Kurta 3',
      'Sherwani 1',
      'Sherwani 2',
      'Sherwani 3',
      'Sherwani 4',
      'Sherwani 5',
    ]);
    // Through the list call with its own parameters: the type first, then the category to fill the row.
    expect(asked).toEqual(['parentCategory=Kurta&limit=9', 'category=Men&limit=12']);
    expect(within(section).getByRole('link', { name: 'Kurta 1' })).toHaveAttribute(
      'href',
      `/product/${sameType[1]?.id}`,
    );
  });

  it('shows placeholders while loading and nothing, not even the heading, when there are none', async () => {
    const kurta = apiProduct({ title: 'Only Kurta', category: 'Men', parentCategory: 'Kurta' });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    openProduct(kurta, async () => {
      await held;
      return json(productPage([kurta]));
    });
    await findHeading('Only Kurta');
    expect(await screen.findByTestId('similar-skeletons')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByTestId('similar-skeletons')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Similar items' })).toBeNull();
  });

  it('shows nothing when the list cannot be loaded', async () => {
    const kurta = apiProduct({ title: 'Lonely Kurta', category: 'Men', parentCategory: 'Kurta' });
    const asked: string[] = [];
    openProduct(kurta, (call) => {
      asked.push(call.query.toString());
      return json({ error: 'boom' }, 500);
    });
    await findHeading('Lonely Kurta');
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(screen.queryByTestId('similar-skeletons')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Similar items' })).toBeNull();
  });
});
