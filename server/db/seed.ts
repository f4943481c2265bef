import { sql } from 'drizzle-orm';
import type { SeedProduct } from '../catalogue/catalogue';
import type { Database } from '../context';
import { productStock, products } from './schema';

/** Rows per insert of the demo stock (well under the 65,535 parameters of one statement). */
const STOCK_BATCH = 2000;

export type { SeedProduct };

export const toPaise = (rupees: number) => Math.round(rupees * 100);

/** The demo catalogue, loaded on demand so the server only pays for it when it seeds. */
export async function defaultCatalogue(): Promise<SeedProduct[]> {
  const { catalogue } = await import('../catalogue/catalogue');
  return catalogue;
}

/**
 * Inserts the given products (existing ids are left alone) and, for those of the demo catalogue, their
 * stock (catalogue/demo-stock.ts; other products are not counted). Returns how many products were new.
 */
export async function seedProducts(db: Database, list: readonly SeedProduct[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = list.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    imgUrl: p.imgUrl,
    category: p.category,
    parentCategory: p.parentCategory,
    regularPricePaise: toPaise(p.regularPrice),
    discountedPricePaise: p.discountedPrice === null ? null : toPaise(p.discountedPrice),
    featured: p.featured,
    images: p.images,
    attributes: p.attributes,
    createdAt: new Date(p.createdAt),
  }));
  const inserted = await db
    .insert(products)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: products.id });
  const { demoStock } = await import('../catalogue/demo-stock');
  const stock = inserted.flatMap(({ id }) =>
    (demoStock.get(id) ?? []).map((row) => ({ productId: id, ...row })),
  );
  for (let from = 0; from < stock.length; from += STOCK_BATCH)
    await db
      .insert(productStock)
      .values(stock.slice(from, from + STOCK_BATCH))
      .onConflictDoNothing();
  return inserted.length;
}

/** Seeds the catalogue only when the products table is empty (first start). */
export async function seedIfEmpty(db: Database, list?: readonly SeedProduct[]): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if ((row?.n ?? 0) > 0) return 0;
  return seedProducts(db, list ?? (await defaultCatalogue()));
}
