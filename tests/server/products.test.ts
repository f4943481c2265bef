import { describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { API, type Product, type ProductPage, setupTestApp } from './helpers';

const t = setupTestApp();

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `${API}/products${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<ProductPage>();
};

/** The order the contract promises: newest first, then id. */
const expectedOrder = [...catalogue].sort(
  (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
);

describe('GET /products', () => {
  it('answers the first 12 products newest first with pagination and count when no query is given', async () => {
    const page = await list();
    expect(page.data.map((p) => p.id)).toEqual(expectedOrder.slice(0, 12).map((p) => p.id));
    expect(page.pagination).toEqual({
      page: 1,
      limit: 12,
      total: catalogue.length,
      totalPages: Math.ceil(catalogue.length / 12),
    });
    expect(page.count).toBe(catalogue.length);
  });

  it('serves each product exactly as the contract shapes it, prices in rupees', async () => {
    const page = await list('?limit=100');
    const source = catalogue[0];
    const product = page.data.find((p) => p.id === source?.id);
    expect(product).toMatchObject({
      id: source?.id,
      title: source?.title,
      description: source?.description,
      imgUrl: source?.imgUrl,
      category: source?.category,
      parentCategory: source?.parentCategory,
      regularPrice: source?.regularPrice,
      discountedPrice: source?.discountedPrice,
      createdAt: new Date(source?.createdAt ?? 0).toISOString(),
      images: source?.images,
    });
    expect(Object.keys(product ?? {}).sort()).toEqual(
      [
        'attributes',
        'category',
        'createdAt',
        'description',
        'discountedPrice',
        'id',
        'images',
        'imgUrl',
        'parentCategory',
        'regularPrice',
        'title',
      ].sort(),
    );
  });

  it('walks every product exactly once across pages', async () => {
    const seen: string[] = [];
    const first = await list('?limit=7');
    for (let page = 1; page <= first.pagination.totalPages; page++) {
      seen.push(...(await list(`?limit=7&page=${page}`)).data.map((p) => p.id));
    }
    expect(seen).toEqual(expectedOrder.map((p) => p.id));
  });

  it('answers an empty page past the end', async () => {
    const page = await list('?page=999');
    expect(page.data).toEqual([]);
    expect(page.count).toBe(catalogue.length);
  });

  it('caps limit at 100 instead of rejecting a larger value', async () => {
    const page = await list('?limit=5000');
    expect(page.pagination.limit).toBe(100);
    expect(page.data.length).toBe(Math.min(100, catalogue.length));
  });

  it('matches category case-insensitively', async () => {
    const expected = catalogue.filter((p) => p.category.toLowerCase() === 't shirts').length;
    expect(expected).toBeGreaterThan(0);
    for (const category of ['t shirts', 'T SHIRTS', 'T%20Shirts']) {
      const page = await list(`?category=${category.replace(/ /g, '%20')}&limit=100`);
      expect(page.count).toBe(expected);
      expect(page.data.every((p) => p.category.toLowerCase() === 't shirts')).toBe(true);
    }
  });

  it('filters by parentCategory case-insensitively, alone or with category', async () => {
    const kurtas = catalogue.filter((p) => p.parentCategory?.toLowerCase() === 'kurta');
    expect(kurtas.length).toBeGreaterThan(0);
    expect((await list('?parentCategory=KURTA&limit=100')).count).toBe(kurtas.length);
    expect((await list('?parentCategory=kurta&category=men&limit=100')).count).toBe(
      kurtas.filter((p) => p.category.toLowerCase() === 'men').length,
    );
  });

  it('maps gender Men and Women to the men and women categories', async () => {
    for (const gender of ['Men', 'Women', 'men']) {
      const expected = catalogue.filter((p) => p.category.toLowerCase() === gender.toLowerCase()).length;
      const page = await list(`?gender=${gender}&limit=100`);
      expect(page.count).toBe(expected);
      expect(page.data.every((p) => p.category.toLowerCase() === gender.toLowerCase())).toBe(true);
    }
  });

  it('keeps only featured products with filter=featured and marks them with a featured attribute', async () => {
    const page = await list('?filter=featured&limit=4');
    expect(page.count).toBe(catalogue.filter((p) => p.featured).length);
    expect(page.data).toHaveLength(4);
    for (const product of page.data) {
      const attribute = product.attributes.find((a) => a.key.toLowerCase() === 'featured');
      expect(attribute?.values.join(',')).toContain('true');
    }
  });

  it('treats empty filters as absent and ignores unknown query parameters', async () => {
    expect((await list('?category=&parentCategory=&_=123')).count).toBe(catalogue.length);
  });

  it('answers 0 results, not an error, for a category that does not exist', async () => {
    const page = await list('?category=spaceships');
    expect(page).toEqual({ data: [], pagination: { page: 1, limit: 12, total: 0, totalPages: 0 }, count: 0 });
  });

  it.each([
    ['?page=0', 'page must be at least 1'],
    ['?page=-1', 'page must be at least 1'],
    ['?page=abc', 'page must be an integer'],
    ['?limit=1.5', 'limit must be an integer'],
    ['?limit=0', 'limit must be at least 1'],
    ['?gender=robot', 'gender must be one of: Men, Women, men, women'],
    ['?sort=cheapest', 'sort must be one of: relevance, newest, price-asc, price-desc, discount'],
    ['?page=1e400', 'page must be at most 100000'],
  ])('answers 400 for %s', async (query, error) => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/products${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
  });

  it('answers 200 concurrent catalogue requests', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({ method: 'GET', url: `${API}/products?page=${(i % 5) + 1}&limit=12` }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
  });
});

describe('GET /products/{id}', () => {
  it('returns the product', async () => {
    const source = catalogue[3];
    const response = await t.app.inject({ method: 'GET', url: `${API}/products/${source?.id}` });
    expect(response.statusCode).toBe(200);
    const product = response.json<Product>();
    expect(product.id).toBe(source?.id);
    expect(product.regularPrice).toBe(source?.regularPrice);
  });

  it('matches an id written in capitals', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/products/${catalogue[0]?.id.toUpperCase()}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '1',
    '..%2F..%2Fetc%2Fpasswd',
    "1' OR '1'='1",
    '%F0%9F%98%80',
  ])('answers 404 Product not found for %s', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/products/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Product not found' });
  });
});
