/**
 * Orders as the contract shows them (components.schemas.Order): the stored row, its lines with each
 * product's current image, its timeline and its cash-on-delivery payment. Every order answer (list,
 * track, cancel, the fulfilment listing) is built here.
 */
import type { Order } from '../../contract/schema';
import { type DeliveryConfig, expectedDeliveryOf } from '../addresses/delivery';
import type { Database } from '../context';
import { OrderStatus } from '../db/schema';
import { toRupees } from '../payments/money';
import { type OrderRefund, refundExpectedBy, refundsOfOrders } from '../payments/refunds.repository';
import {
  deliveredAtIn,
  itemReturnJson,
  returnByOf,
  returnedByItem,
  toReturnJson,
} from '../returns/return-json';
import { type ReturnRecord, returnsOfOrders } from '../returns/returns.repository';
import {
  type CashOnDelivery,
  cashOnDeliveryOf,
  itemsOfOrders,
  type OrderEventRow,
  type OrderItemWithImage,
  type OrderRow,
  timelinesOf,
} from './orders.repository';

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

/** What an order's answer is read with besides its row and lines; each part left out is left out of it. */
export interface OrderJsonParts {
  /** Its events: Order.timeline. */
  timeline?: readonly OrderEventRow[] | undefined;
  /** Its cash-on-delivery attempt: Order.payment. */
  cod?: CashOnDelivery | undefined;
  /** ORDER_PAYMENT_WINDOW: a Pending order carries `payBy`, when it is cancelled if still unpaid. */
  paymentWindowMs?: number | undefined;
  /** Read for Order.refund: its refund, or null when it has none. */
  refund?: OrderRefund | null | undefined;
  /** Where orders leave from (store config `delivery`): an order on its way carries its expected days. */
  delivery?: DeliveryConfig | null | undefined;
  /** Read for returns: its returns (Order.returns), and when it was delivered (Order.returnBy). */
  returns?: { records: readonly ReturnRecord[]; deliveredAt: Date | undefined; now: Date } | undefined;
}

/** What every order answer of a request is read with: the payment window and the dispatch PIN. */
export type OrderView = Pick<OrderJsonParts, 'paymentWindowMs' | 'delivery'>;

const ON_ITS_WAY: readonly number[] = [OrderStatus.Processing, OrderStatus.Shipped];

/** Order.refund from its row: 'pending' until the gateway answers; expected back 7 days after it was owed. */
function toRefundJson(refund: OrderRefund): NonNullable<Order['refund']> {
  const status = refund.status as NonNullable<Order['refund']>['status'];
  return {
    amount: toRupees(refund.amountPaise),
    status,
    expectedBy: refundExpectedBy(refund.createdAt),
  };
}

/** An order as the contract shows it. */
export function toOrderJson(
  order: OrderRow,
  items: OrderItemWithImage[],
  { timeline, cod, paymentWindowMs, refund, delivery, returns }: OrderJsonParts = {},
): Order {
  const returnBy = returns ? returnByOf(order.status, returns.deliveredAt) : null;
  const open = returnBy !== null && returns !== undefined && returnBy > returns.now;
  const taken = returnedByItem(returns?.records ?? []);
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    ...(paymentWindowMs === undefined
      ? {}
      : {
          payBy:
            order.status === OrderStatus.Pending
              ? new Date(order.createdAt.getTime() + paymentWindowMs).toISOString()
              : null,
        }),
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      productTitle: item.productTitle,
      quantity: item.quantity,
      price: toRupees(item.unitPricePaise),
      size: item.size ?? null,
      color: item.color ?? null,
      imgUrl: item.imgUrl ?? null,
      ...(returns ? itemReturnJson(item, open, taken) : {}),
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
    ...(refund === undefined ? {} : { refund: refund ? toRefundJson(refund) : null }),
    ...(returns
      ? {
          returnBy: open && returnBy ? returnBy.toISOString() : null,
          returns: returns.records.map(toReturnJson),
        }
      : {}),
    ...(delivery === undefined
      ? {}
      : {
          expectedDelivery: ON_ITS_WAY.includes(order.status)
            ? expectedDeliveryOf(delivery, order.shipPostalCode, order.createdAt)
            : null,
        }),
  };
}

/**
 * Orders with their lines, timelines, cash on delivery, refunds and returns, read side by side (five
 * statements); when each was delivered is read from its timeline.
 */
export async function ordersJson(
  db: Database,
  rows: readonly OrderRow[],
  view: OrderView = {},
): Promise<Order[]> {
  const ids = rows.map((order) => order.id);
  const [items, timelines, cod, refunds, returns] = await Promise.all([
    itemsOfOrders(db, ids),
    timelinesOf(db, ids),
    cashOnDeliveryOf(db, ids),
    refundsOfOrders(db, ids),
    returnsOfOrders(db, ids),
  ]);
  const now = new Date();
  return rows.map((order) => {
    const timeline = timelines.get(order.id) ?? [];
    return toOrderJson(order, items.get(order.id) ?? [], {
      timeline,
      cod: cod.get(order.id),
      ...view,
      refund: refunds.get(order.id) ?? null,
      returns: { records: returns.get(order.id) ?? [], deliveredAt: deliveredAtIn(timeline), now },
    });
  });
}

/** One order as the contract shows it. */
export async function orderJson(db: Database, order: OrderRow, view: OrderView = {}): Promise<Order> {
  const [json] = await ordersJson(db, [order], view);
  if (!json) throw new Error(`order ${order.id} has no answer`);
  return json;
}
