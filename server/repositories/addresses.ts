import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { ShippingAddress } from '../../shared/checkout-address';
import type { Database } from '../context';
import { savedAddresses } from '../db/schema';

/** How many shipping addresses one account keeps. */
export const SAVED_ADDRESS_LIMIT = 5;
export const ADDRESS_BOOK_FULL = `You can keep up to ${SAVED_ADDRESS_LIMIT} addresses. Delete one to add another`;
export const ADDRESS_NOT_FOUND = 'Address not found';

export type SavedAddressRow = typeof savedAddresses.$inferSelect;

/** The shopper's addresses, last used first. */
export async function addressesOf(db: Database, userId: string): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.seq))
    .limit(SAVED_ADDRESS_LIMIT);
}

/**
 * Puts this address (as the checkout rules normalised it) first: one already saved moves up, a new
 * one is added. When the book is full a new address is refused ('full') unless `makeRoom`, which drops
 * the least recently used instead — placing an order never fails for want of room.
 */
export async function rememberAddress(
  db: Database,
  userId: string,
  address: Readonly<ShippingAddress>,
  { makeRoom }: { makeRoom: boolean },
): Promise<'saved' | 'full'> {
  return db.transaction(async (tx) => {
    const same = and(
      eq(savedAddresses.userId, userId),
      eq(savedAddresses.fullName, address.fullName),
      eq(savedAddresses.address, address.address),
      eq(savedAddresses.city, address.city),
      eq(savedAddresses.state, address.state),
      eq(savedAddresses.postalCode, address.postalCode),
      eq(savedAddresses.phone, address.phone),
    );
    const moved = await tx
      .update(savedAddresses)
      .set({ seq: sql`nextval(pg_get_serial_sequence('saved_addresses', 'seq'))` })
      .where(same)
      .returning({ id: savedAddresses.id });
    if (moved.length > 0) return 'saved';
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId));
    if ((count?.n ?? 0) >= SAVED_ADDRESS_LIMIT && !makeRoom) return 'full';
    // Two tabs saving the same new address at once: the unique index keeps one.
    await tx
      .insert(savedAddresses)
      .values({ userId, ...address })
      .onConflictDoNothing();
    const keep = tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.seq))
      .limit(SAVED_ADDRESS_LIMIT);
    await tx
      .delete(savedAddresses)
      .where(and(eq(savedAddresses.userId, userId), notInArray(savedAddresses.id, keep)));
    return 'saved';
  });
}

/** Deletes one of the shopper's addresses; false when it is not theirs (or not there). */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)))
    .returning({ id: savedAddresses.id });
  return deleted.length > 0;
}
