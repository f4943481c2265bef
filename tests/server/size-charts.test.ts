import { describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { sizeChartFor } from '../../server/catalogue/size-charts';
import { optionValues } from '../../shared/product-options';
import { API, type Product, type ProductPage, setupTestApp } from './helpers';

const t = setupTestApp();

const detail = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `${API}/products/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<Product>();
};

const seeded = (parentCategory: string) => {
  const product = catalogue.find((p) => p.parentCategory === parentCategory);
  if (!product) throw new Error(`no ${parentCategory} in the demo catalogue`);
  return product;
};

describe('sizeChartFor', () => {
  it('has a row for each size sold, in the product’s order, when its type has a chart', () => {
    expect(sizeChartFor('Tops', 'Crop Top', ['L', 'xs', 'XXL'])).toMatchObject({
      name: 'Crop tops',
      unit: 'in',
      columns: ['Bust', 'Waist', 'Length'],
      rows: [
        { size: 'L', values: [38, 32, 18.5] },
        { size: 'xs', values: [32, 26, 17] },
      ],
    });
  });

  it('falls back to the category’s chart when the type has none', () => {
    expect(sizeChartFor('T Shirts', 'Raglan', ['M'])?.name).toBe('T-shirts');
    expect(sizeChartFor('Tops', null, ['M'])?.name).toBe("Women's tops");
  });

  it('is null for one-size products and kinds without a chart', () => {
    expect(sizeChartFor('Accessories', 'Dupatta', ['One Size'])).toBeNull();
    expect(sizeChartFor('Women', 'Saree', ['One Size'])).toBeNull();
    expect(sizeChartFor('Men', 'Kurta', ['One Size'])).toBeNull();
    expect(sizeChartFor('Footwear', 'Juttis', ['7', '8'])).toBeNull();
  });
});

describe('GET /products/{id} sizeChart', () => {
  it('carries the chart of a kurta with a row for each of its sizes', async () => {
    const kurta = seeded('Kurta');
    const product = await detail(kurta.id);
    expect(product.sizeChart?.name).toBe("Men's kurtas");
    expect(product.sizeChart?.columns).toEqual(['Chest', 'Length', 'Shoulder', 'Sleeve']);
    expect(product.sizeChart?.rows.map((r) => r.size)).toEqual(optionValues(kurta.attributes, 'size'));
    for (const row of product.sizeChart?.rows ?? []) expect(row.values).toHaveLength(4);
  });

  it('answers sherwanis by their chest sizes', async () => {
    const product = await detail(seeded('Sherwani').id);
    expect(product.sizeChart?.rows.map((r) => [r.size, r.values[0]])).toEqual([
      ['38', 38],
      ['40', 40],
      ['42', 42],
      ['44', 44],
      ['46', 46],
    ]);
  });

  it('is null for a saree (one size) and otherwise leaves the product as the list serves it', async () => {
    const saree = seeded('Saree');
    const product = await detail(saree.id);
    expect(product.sizeChart).toBeNull();
    const list = await t.app.inject({ method: 'GET', url: `${API}/products?limit=100` });
    const listed = list.json<ProductPage>().data.find((p) => p.id === saree.id);
    const { sizeChart, ...rest } = product;
    expect(rest).toEqual(listed);
  });

  it('is never in a list’s products (their payload stays as it was)', async () => {
    const page = (
      await t.app.inject({ method: 'GET', url: `${API}/products?limit=100` })
    ).json<ProductPage>();
    expect(page.data.some((p) => 'sizeChart' in p)).toBe(false);
  });

  it('gives every seeded product with sizes beyond One Size a chart', async () => {
    for (const p of catalogue) {
      const sizes = optionValues(p.attributes, 'size');
      const chart = sizeChartFor(p.category, p.parentCategory, sizes);
      if (sizes.length === 1 && sizes[0] === 'One Size') expect(chart).toBeNull();
      else
        expect(
          chart?.rows.map((r) => r.size),
          p.title,
        ).toEqual(sizes);
    }
  });
});
