import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { generatedProduct, seedScaleCatalogue, stableUuid } from '../../server/db/scale-seed';
import { API, type ProductPage, setupTestApp, TEST_STORE } from './helpers';

// Starts with the 62-product demo catalogue, as a first server start would leave it.
const t = setupTestApp();

const count = async (where = sql`true`) => {
  const result = await t.ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM products WHERE ${where}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
};

describe('scale seed', () => {
  it('tops the catalogue up to the requested size with realistic products, and is repeatable', async () => {
    const first = await seedScaleCatalogue(t.ctx.db, 500);
    expect(first).toEqual({ inserted: 500 - catalogue.length, total: 500 });

    // Only the store's categories, each one used; some featured, some on sale; valid prices.
    const categories = await t.ctx.db.execute<{ category: string }>(
      sql`SELECT DISTINCT category FROM products ORDER BY category`,
    );
    const names = (categories as unknown as { rows: { category: string }[] }).rows.map((r) => r.category);
    expect(names.sort()).toEqual([...TEST_STORE.categories].sort());
    expect(await count(sql`featured`)).toBeGreaterThan(catalogue.filter((p) => p.featured).length);
    expect(await count(sql`discounted_price_paise IS NOT NULL`)).toBeGreaterThan(50);
    expect(await count(sql`discounted_price_paise >= regular_price_paise`)).toBe(0);
    expect(await count(sql`jsonb_array_length(attributes) < 3`)).toBe(0);

    // A second run adds nothing and changes nothing.
    expect(await seedScaleCatalogue(t.ctx.db, 500)).toEqual({ inserted: 0, total: 500 });
  });

  it('is served by the API once the read model sees it', async () => {
    await t.app.catalogue.invalidate();
    const response = await t.app.inject({ method: 'GET', url: `${API}/products?limit=100&page=5` });
    const page = response.json<ProductPage>();
    expect(page.count).toBe(500);
    expect(page.data).toHaveLength(100);
    const men = (
      await t.app.inject({ method: 'GET', url: `${API}/products?category=men&limit=1` })
    ).json<ProductPage>();
    expect(men.count).toBe(await count(sql`lower(category) = 'men'`));
  });

  it('derives the same product from the same number every time', () => {
    expect(generatedProduct(7, catalogue)).toEqual(generatedProduct(7, catalogue));
    expect(generatedProduct(7, catalogue).id).toBe(stableUuid('7'));
    expect(stableUuid('7')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(Array.from({ length: 1000 }, (_, k) => stableUuid(String(k)))).size).toBe(1000);
  });
});

// Runs in `npm run test:pg` (the PostgreSQL pass of the same suite): PGlite has one connection, and
// `npm run seed` loads it in one transaction.
if (process.env.TEST_DATABASE === 'postgres') {
  describe('scale seed over several connections (PostgreSQL)', () => {
    const catalogueVersion = async () => {
      const result = await t.ctx.db.execute<{ version: string }>(
        sql`SELECT version FROM catalogue_version WHERE id = 1`,
      );
      return Number((result as unknown as { rows: { version: string }[] }).rows[0]?.version);
    };

    it('adds every product once and tells the servers once; ordinary writes still tell them', async () => {
      const before = await catalogueVersion();
      // 8,500 more products: five batches over three transactions at once.
      expect(await seedScaleCatalogue(t.ctx.db, 9000, { connections: 3 })).toEqual({
        inserted: 8500,
        total: 9000,
      });
      expect(await count(sql`title LIKE '% · Style %'`)).toBe(9000 - catalogue.length);
      // Once for the whole seed, not once a batch (the batches' transactions keep the trigger quiet).
      expect(await catalogueVersion()).toBe(before + 1);
      // The quiet setting ended with those transactions: a write on a pooled connection bumps it again.
      await Promise.all(
        [1, 2, 3].map((k) =>
          t.ctx.db.execute(sql`UPDATE products SET featured = featured WHERE id = ${stableUuid(String(k))}`),
        ),
      );
      expect(await catalogueVersion()).toBe(before + 4);
    });
  });
}
