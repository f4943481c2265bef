import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema';
import { loadSnapshot } from '../../server/catalogue/snapshot-load';
import { products } from '../../server/db/schema';
import { toProductJson } from '../../server/handlers/products.handlers';
import { API, setupTestApp } from './helpers';

type ProductPage = components['schemas']['ProductPage'];

const t = setupTestApp();

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `${API}/products${query}` });
  expect(response.statusCode).toBe(200);
  return { page: response.json<ProductPage>(), etag: String(response.headers.etag) };
};

/**
 * Resolves with the catalogue version once the read model has swapped in a new snapshot, or rejects
 * after `ms`: the change must reach this process through NOTIFY alone (PGlite in-process, or
 * PostgreSQL's dedicated LISTEN connection under `npm run test:pg`), within a second.
 */
function nextVersion(ms = 1000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no catalogue change seen within ${ms} ms`));
    }, ms);
    const stop = t.app.catalogue.onChange((version) => {
      clearTimeout(timer);
      stop();
      resolve(version);
    });
  });
}

describe('catalogue read model', () => {
  it('serves every product exactly as toProductJson shapes the row, in the contract order', async () => {
    const rows = await t.ctx.db.select().from(products).orderBy(desc(products.createdAt), asc(products.id));
    const { page } = await list('?limit=100');
    expect(page.data).toEqual(rows.map(toProductJson));
    // Including a rupee price with paise and the featured marker added to featured products.
    expect(page.data.some((p) => !Number.isInteger(p.discountedPrice ?? 0))).toBe(true);
    for (const row of rows.filter((r) => r.featured)) {
      const served = page.data.find((p) => p.id === row.id);
      expect(served?.attributes.some((a) => a.key === 'featured')).toBe(true);
    }
  });

  it('reads a catalogue too large for one text value in parts, to the same bytes and search index', async () => {
    const whole = await loadSnapshot(t.ctx.db, null);
    // Parts of 7 products: several parts and a short last one, as a million products in parts of 100,000.
    const parted = await loadSnapshot(t.ctx.db, null, { part: 7 });
    expect(whole.size).toBeGreaterThan(14);
    expect(parted.idOf).toEqual(whole.idOf);
    expect(parted.json.equals(whole.json)).toBe(true);
    expect([...parted.starts]).toEqual([...whole.starts]);
    expect([...parted.ends]).toEqual([...whole.ends]);
    expect(parted.searchIndex?.vectors).toEqual(whole.searchIndex?.vectors);
    expect(parted.searchIndex).not.toBeNull();
  });

  it('shows a product write in the list within a second, through NOTIFY alone', async () => {
    const before = await list('?limit=12');
    const first = before.page.data[0];
    if (!first) throw new Error('empty catalogue');
    const versionBefore = t.app.catalogue.version;
    const changed = nextVersion();
    await t.ctx.db
      .update(products)
      .set({ title: 'Renamed Kurta For The Test' })
      .where(eq(products.id, first.id));
    expect(await changed).toBeGreaterThan(versionBefore);
    const after = await list('?limit=12');
    expect(after.page.data[0]?.title).toBe('Renamed Kurta For The Test');
    expect(after.etag).not.toBe(before.etag);
    // Only that product's JSON was rebuilt (a patch); every product still matches its row.
    const rows = await t.ctx.db.select().from(products).orderBy(desc(products.createdAt), asc(products.id));
    expect((await list('?limit=100')).page.data).toEqual(rows.map(toProductJson));
    // A cached detail answer is replaced too.
    const detail = await t.app.inject({ method: 'GET', url: `${API}/products/${first.id}` });
    expect(detail.json<{ title: string }>().title).toBe('Renamed Kurta For The Test');
  });

  it('sees a new product (first, newest) and its removal after an explicit invalidate()', async () => {
    const before = await list('?category=men&limit=3');
    const id = '11111111-2222-4333-8444-555555555555';
    await t.ctx.db.insert(products).values({
      id,
      title: 'Brand New Nehru Jacket',
      description: 'Added by a test.',
      imgUrl: '/images/products/x.svg',
      category: 'Men',
      parentCategory: 'Nehru Jacket',
      regularPricePaise: 199_900,
      featured: false,
      createdAt: new Date('2099-01-01T00:00:00.000Z'),
    });
    // A writer in this process can wait for its own write instead of the notification.
    await t.app.catalogue.invalidate();
    const added = await list('?category=men&limit=3');
    expect(added.page.count).toBe(before.page.count + 1);
    expect(added.page.data[0]?.id).toBe(id);
    expect(added.page.data[0]?.regularPrice).toBe(1999);

    await t.ctx.db.delete(products).where(eq(products.id, id));
    await t.app.catalogue.invalidate();
    const removed = await list('?category=men&limit=3');
    expect(removed.page.count).toBe(before.page.count);
    expect((await t.app.inject({ method: 'GET', url: `${API}/products/${id}` })).statusCode).toBe(404);
  });

  it('gives filtered and deep pages the same totals as counting the table', async () => {
    const rows = await t.ctx.db.select().from(products);
    const men = rows.filter((r) => r.category.toLowerCase() === 'men');
    const featuredMen = men.filter((r) => r.featured);
    const page = (await list(`?gender=men&filter=featured&limit=1&page=${featuredMen.length}`)).page;
    expect(page.count).toBe(featuredMen.length);
    expect(page.data).toHaveLength(featuredMen.length > 0 ? 1 : 0);
    const mismatch = (await list('?category=men&gender=women')).page;
    expect(mismatch.count).toBe(0);
  });
});
