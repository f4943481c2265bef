import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readCatalogueSnapshot } from '../../server/catalogue/products.repository';
import { seedScaleCatalogue } from '../../server/db/scale-seed';
import { products } from '../../server/db/schema';
import { setupTestApp } from './helpers';

// Migration 0012's log of which products each catalogue version changed (the read model patches from it).
const t = setupTestApp();

const version = () => readCatalogueSnapshot(t.ctx.db, (reads) => reads.version());
const changedSince = (since: number) => readCatalogueSnapshot(t.ctx.db, (reads) => reads.changedSince(since));
const firstIds = async (n: number) =>
  (await t.ctx.db.select({ id: products.id }).from(products).orderBy(products.id).limit(n)).map((r) => r.id);

describe('catalogue change log', () => {
  it('lists the products each write changed, whether they moved, and whether their words changed', async () => {
    const [a, b] = await firstIds(2);
    const start = await version();
    expect(await changedSince(start)).toEqual({ ids: [], moved: false, reworded: [] });

    await t.ctx.db
      .update(products)
      .set({ regularPricePaise: sql`${products.regularPricePaise} + 100` })
      .where(eq(products.id, a as string));
    expect(await changedSince(start)).toEqual({ ids: [a], moved: false, reworded: [] });

    const priced = await version();
    await t.ctx.db
      .update(products)
      .set({ title: 'Moonthread Kurta' })
      .where(eq(products.id, b as string));
    expect(await changedSince(priced)).toEqual({ ids: [b], moved: false, reworded: [b] });
    expect((await changedSince(start))?.ids.sort()).toEqual([a, b].sort());

    // A new date moves a product in the catalogue's order; so do an insert and a delete.
    const renamed = await version();
    await t.ctx.db
      .update(products)
      .set({ createdAt: new Date('2001-01-01T00:00:00.000Z') })
      .where(eq(products.id, a as string));
    expect(await changedSince(renamed)).toMatchObject({ ids: [a], moved: true });
  });

  it('cannot say after a quiet seed, or once the versions asked about are pruned', async () => {
    // A seed in one transaction is listed (new products: they move the others, so a full load)…
    const before = await version();
    await seedScaleCatalogue(t.ctx.db, 80);
    expect(await changedSince(before)).toMatchObject({ moved: true });
    // …one over several connections is quiet and ends with this bump, which lists nothing.
    const listed = await version();
    await t.ctx.db.execute(sql`SELECT statefront_bump_catalogue_version()`);
    expect(await changedSince(listed)).toBeNull();

    // The newest 1,000 versions are kept (pruned every 100): a reader further behind loads everything.
    const seeded = await version();
    await t.ctx.db.transaction(async (tx) => {
      for (let k = 0; k < 1100; k++)
        await tx.execute(sql`UPDATE products SET featured = featured WHERE false`);
    });
    expect(await version()).toBe(seeded + 1100);
    expect(await changedSince(seeded)).toBeNull();
    expect(await changedSince(seeded + 100)).toEqual({ ids: [], moved: false, reworded: [] });
  });
});
