import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../context';
import { orderItems, orders, products, users } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
/** An order line as stored, plus the product's current image when it is known. */
export type OrderItemWithImage = OrderItemRow & { imgUrl?: string | null };

/** What createOrder stores: the order (its id and status already chosen) and its priced lines. */
export type NewOrder = Omit<typeof orders.$inferInsert, 'createdAt' | 'updatedAt'>;
export type NewOrderLine = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'position'>;

/** The order as payments need it; the amount is always the stored total. */
export interface PayableOrder {
  id: string;
  userId: string;
  status: OrderRow['status'];
  totalPaise: number;
}

/** Stores an order and its lines in one transaction; each line keeps its place in the request. */
export async function insertOrder(
  db: Database,
  order: NewOrder,
  lines: readonly NewOrderLine[],
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  return db.transaction(async (tx) => {
    const [stored] = await tx.insert(orders).values(order).returning();
    const items = await tx
      .insert(orderItems)
      .values(lines.map((line, position) => ({ ...line, orderId: order.id, position })))
      .returning();
    if (!stored) throw new Error('order insert returned no row');
    return { order: stored, items };
  });
}

/** A shopper's orders, newest first. */
export function ordersOfUser(db: Database, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One order and the email of the account that placed it (order tracking checks either). */
export async function orderWithOwnerEmail(
  db: Database,
  orderId: string,
): Promise<{ order: OrderRow; email: string } | null> {
  const [found] = await db
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return found ?? null;
}

/** The lines of each order (by title, then request order), with each product's current image. */
export async function itemsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, OrderItemWithImage[]>> {
  const byOrder = new Map<string, OrderItemWithImage[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ item: orderItems, imgUrl: products.imgUrl })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.productTitle), asc(orderItems.position), asc(orderItems.id));
  for (const { item, imgUrl } of rows) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push({ ...item, imgUrl });
    byOrder.set(item.orderId, list);
  }
  return byOrder;
}

export async function findPayableOrder(db: Database, orderId: string): Promise<PayableOrder | null> {
  const [row] = await db
    .select({ id: orders.id, userId: orders.userId, status: orders.status, totalPaise: orders.totalPaise })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}
