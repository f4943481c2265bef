import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { WISHLIST_LIMIT } from '../../shared/wishlist';
import type { ProductRow } from '../catalogue/products.repository';
import type { Database } from '../context';
import { products, wishlistItems } from '../db/schema';

/** The shopper's saved products, most recently saved first. */
export async function wishlistOf(db: Database, userId: string): Promise<ProductRow[]> {
  const rows = await db
    .select({ product: products })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.seq))
    .limit(WISHLIST_LIMIT);
  return rows.map((row) => row.product);
}

/**
 * Saves these products in this order (oldest first), each on top of the ones before it; an id already
 * saved moves up instead of appearing twice. Ids that are not products are skipped. Returns how many
 * were saved. Past `limit` the least recently saved drop off. One transaction, so a merge is never half applied.
 */
export async function saveToWishlist(
  db: Database,
  userId: string,
  productIds: readonly string[],
  limit = WISHLIST_LIMIT,
): Promise<number> {
  // The last mention of an id is its place: [a, b, a] saves b, then a on top.
  const ordered = [...new Map(productIds.map((id, index) => [id, index])).entries()]
    .sort((x, y) => x[1] - y[1])
    .map(([id]) => id);
  if (ordered.length === 0) return 0;
  return db.transaction(async (tx) => {
    const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ordered));
    const exists = new Set(known.map((row) => row.id));
    const ids = ordered.filter((id) => exists.has(id));
    if (ids.length === 0) return 0;
    // One row at a time keeps `seq` in the given order (a multi-row insert does not promise it).
    for (const productId of ids) {
      await tx
        .insert(wishlistItems)
        .values({ userId, productId })
        .onConflictDoUpdate({
          target: [wishlistItems.userId, wishlistItems.productId],
          set: { seq: sql`nextval(pg_get_serial_sequence('wishlist_items', 'seq'))` },
        });
    }
    const keep = tx
      .select({ productId: wishlistItems.productId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.seq))
      .limit(limit);
    await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), notInArray(wishlistItems.productId, keep)));
    return ids.length;
  });
}

/** Removes one product from the shopper's wishlist; removing one that is not there changes nothing. */
export async function removeFromWishlist(db: Database, userId: string, productId: string): Promise<void> {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
