import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../contract/schema';
import {
  type ApiCall,
  apiProduct,
  expectNoSeriousAxeViolations,
  findHeading,
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

function openProduct(product: ReturnType<typeof apiProduct>, list?: (call: ApiCall) => Response) {
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
