/**
 * Orders as the contract shows them (components.schemas.Order): the stored row, its lines with each
 * product's current image, its timeline and its cash-on-delivery payment. Every order answer (list,
 * track, cancel, the fulfilment listing) is built here.
 */
import type { components } from '../../contract/schema';
import type { Database } from '../context';
import { toRupees } from '../payments/money';
import {
  type CashOnDelivery,
  cashOnDeliveryOf,
  itemsOfOrders,
  type OrderEventRow,
  type OrderItemWithImage,
  type OrderRow,
  timelinesOf,
} from '../repositories/orders';

type Order = components['schemas']['Order'];

/** One timeline entry of the contract's Order. */
function toOrderEventJson(event: OrderEventRow): NonNullable<Order['timeline']>[number] {
  return {
    from: event.fromStatus,
    to: event.toStatus,
    at: event.at.toISOString(),
    actor: event.actor,
    note: event.note,
    carrier: event.carrier,
    trackingNumber: event.trackingNumber,
    trackingUrl: event.trackingUrl,
  };
}

/** Order.payment of a cash-on-delivery order: what is due, paid on delivery, or void (cancelled). */
export function toOrderPayment(cod: CashOnDelivery): NonNullable<Order['payment']> {
  const status = cod.status === 'succeeded' ? 'paid' : cod.status === 'failed' ? 'void' : 'due';
  const amount = toRupees(cod.amountPaise);
  return { method: 'cod', status, amount, due: status === 'due' ? amount : 0 };
}

export function toOrderJson(
  order: OrderRow,
  items: OrderItemWithImage[],
  timeline?: readonly OrderEventRow[],
  cod?: CashOnDelivery,
): Order {
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productTitle: item.productTitle,
      quantity: item.quantity,
      price: toRupees(item.unitPricePaise),
      size: item.size ?? null,
      color: item.color ?? null,
      imgUrl: item.imgUrl ?? null,
    })),
    shippingAddress: {
      fullName: order.shipFullName,
      address: order.shipAddress,
      city: order.shipCity,
      state: order.shipState,
      postalCode: order.shipPostalCode,
      phone: order.shipPhone,
    },
    total: toRupees(order.totalPaise),
    trackingNumber: order.trackingNumber,
    carrier: order.carrier,
    trackingUrl: order.trackingUrl,
    ...(timeline ? { timeline: timeline.map(toOrderEventJson) } : {}),
    ...(cod ? { payment: toOrderPayment(cod) } : {}),
  };
}

/** Orders with their lines, timelines and cash on delivery, read side by side (three statements). */
export async function ordersJson(db: Database, rows: readonly OrderRow[]): Promise<Order[]> {
  const ids = rows.map((order) => order.id);
  const [items, timelines, cod] = await Promise.all([
    itemsOfOrders(db, ids),
    timelinesOf(db, ids),
    cashOnDeliveryOf(db, ids),
  ]);
  return rows.map((order) =>
    toOrderJson(order, items.get(order.id) ?? [], timelines.get(order.id) ?? [], cod.get(order.id)),
  );
}

/** One order as the contract shows it. */
export async function orderJson(db: Database, order: OrderRow): Promise<Order> {
  const [json] = await ordersJson(db, [order]);
  if (!json) throw new Error(`order ${order.id} has no answer`);
  return json;
}
