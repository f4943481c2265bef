import { and, desc, eq, sql } from 'drizzle-orm';
import type { ShippingAddress } from '../../shared/checkout-address';
import type { Database } from '../context';
import { rowsOf } from '../db/rows';
import { savedAddresses, users } from '../db/schema';

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
 * the least recently used instead — placing an order never fails for want of room. One statement
 * (it runs after every order): its CTEs all read the book as it was before it, so `trimmed`
 * keeps the newest LIMIT − 1 rows it saw beside the one `added` wrote.
 */
export async function rememberAddress(
  db: Database,
  userId: string,
  address: Readonly<ShippingAddress>,
  { makeRoom }: { makeRoom: boolean },
): Promise<'saved' | 'full'> {
  const { fullName, address: line, city, state, postalCode, phone } = address;
  const same = and(
    eq(savedAddresses.userId, userId),
    eq(savedAddresses.fullName, fullName),
    eq(savedAddresses.address, line),
    eq(savedAddresses.city, city),
    eq(savedAddresses.state, state),
    eq(savedAddresses.postalCode, postalCode),
    eq(savedAddresses.phone, phone),
  );
  const ofUser = sql`${savedAddresses.userId} = ${userId}::uuid`;
  // Two tabs saving the same new address at once: the unique index keeps one (on conflict). Different
  // addresses at once each counted the book before the others wrote (PostgreSQL: 9 rows under a cap
  // of 5), so the account's row is locked first: one save at a time per shopper, each statement
  // seeing the ones before it (READ COMMITTED takes a new snapshot per statement).
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId}::uuid for update`);
    return rowsOf<{ moved: number; n: number }>(
      await tx.execute(sql`
      with moved as (
        update ${savedAddresses} set seq = nextval(pg_get_serial_sequence('saved_addresses', 'seq'))
        where ${same} returning id
      ), book as (
        select count(*)::int as n from ${savedAddresses} where ${ofUser}
      ), added as (
        insert into ${savedAddresses} (user_id, full_name, address, city, state, postal_code, phone)
        select ${userId}::uuid, ${fullName}::text, ${line}::text, ${city}::text, ${state}::text,
          ${postalCode}::text, ${phone}::text
        where not exists (select 1 from moved)
          and (${makeRoom}::boolean or (select n from book) < ${SAVED_ADDRESS_LIMIT})
        on conflict do nothing
        returning id
      ), trimmed as (
        delete from ${savedAddresses}
        where ${ofUser} and exists (select 1 from added) and ${savedAddresses.id} not in (
          select id from ${savedAddresses} where ${ofUser} order by seq desc limit ${SAVED_ADDRESS_LIMIT - 1}
        )
      )
      select (select count(*)::int from moved) as moved, (select n from book) as n`),
    );
  });
  if ((row?.moved ?? 0) > 0) return 'saved';
  return (row?.n ?? 0) >= SAVED_ADDRESS_LIMIT && !makeRoom ? 'full' : 'saved';
}

/** Deletes one of the shopper's addresses; false when it is not theirs (or not there). */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id)))
    .returning({ id: savedAddresses.id });
  return deleted.length > 0;
}
