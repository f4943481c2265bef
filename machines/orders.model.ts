/** Orders as the order pages show them (spec §3 Order, §4 Order status codes). */

import type { Return as ApiReturn, components } from '../contract/schema';
import { formatRupees, paiseOf } from '../shared/money';
import {
  CANCELLABLE_STATUSES,
  ORDER_STATUS_LOOK,
  type OrderStatusCode,
  type StatusColor,
} from '../shared/order-status';
import {
  RETURN_KINDS,
  RETURN_STATUS_LABEL,
  type ReturnKind,
  type ReturnStatus,
} from '../shared/return-status';
import { arrivalText, variantLabel } from './order-text';

export type { StatusColor };

export type ApiOrder = components['schemas']['Order'];

export type DisplayOrder = {
  id: string;
  date: string;
  status: number | null;
  statusLabel: string;
  statusColor: StatusColor;
  items: DisplayOrderItem[];
  shipping: {
    address: string;
    method: string;
    tracking: string;
    /** The courier's own tracking page (an https link from the fulfilment webhook), else null. */
    trackingUrl: string | null;
    carrier: string | null;
  };
  total: number;
  canPay: boolean;
  /** A Pending order's payment deadline (ISO), else null: unpaid by then, it is cancelled. */
  payBy: string | null;
  /** Pending or Processing: the shopper may still cancel it (the order lifecycle's rule). */
  canCancel: boolean;
  /** Every status change, oldest first: what My Orders and Track Order show as a timeline. */
  timeline: DisplayOrderEvent[];
  /**
   * Cash on delivery (docs/payments.md), absent for an order paid online: `due` rupees to pay the courier
   * while `status` is 'due'; 'paid' once delivered; 'void' once cancelled (nothing to pay).
   */
  cashOnDelivery?: CashOnDeliveryPayment;
  /** A cancelled order paid online: the money going back (Order.refund); absent or null otherwise. */
  refund?: DisplayRefund | null;
  /** An order on its way: 'Arriving between Fri, 11 Dec and Tue, 15 Dec' (Order.expectedDelivery), else null. */
  arrival?: string | null;
  /**
   * A Delivered order's last moment (ISO) to ask for a return or exchange (Order.returnBy); null or absent
   * for any other order, and once the window has passed.
   */
  returnBy?: string | null;
  /** Its returns and exchanges, oldest first (Order.returns); absent from older answers. */
  returns?: DisplayReturn[];
};

export type DisplayRefund = components['schemas']['Refund'];

/** My Orders' filters, in the order the page shows them. */
export const ORDER_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'toPay', label: 'To pay' },
  { value: 'onTheWay', label: 'On the way' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled / Returned' },
] as const;

export type OrdersFilter = (typeof ORDER_FILTERS)[number]['value'];

/** How many orders My Orders shows at first, and how many more each 'Show more orders' adds. */
export const ORDERS_PAGE_SIZE = 10;

/**
 * Whether `order` is one `filter` shows: to pay is a Pending order Pay Now can pay; on the way is paid
 * or confirmed and not yet delivered (Processing, Shipped); cancelled / returned is a Cancelled order or
 * one with a return or exchange (whatever its status).
 */
export function matchesFilter(
  order: Pick<DisplayOrder, 'status' | 'canPay' | 'returns'>,
  filter: OrdersFilter,
): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'toPay':
      return order.canPay;
    case 'onTheWay':
      return order.status === 1 || order.status === 2;
    case 'delivered':
      return order.status === 3;
    case 'cancelled':
      return order.status === 4 || (order.returns?.length ?? 0) > 0;
  }
}

export type CashOnDeliveryPayment = { status: 'due' | 'paid' | 'void'; amount: number; due: number };

/** One step of an order's (or a return's) timeline, in the words the order pages show. */
export type DisplayOrderEvent = {
  /** 'Order placed', 'Payment received', 'Shipped', 'Delivered', 'Cancelled'; a return's status label. */
  title: string;
  at: string;
  /** Who moved it: 'By you', 'Payment gateway', the courier's name, 'Statefront', 'Payment window ran out'. */
  by: string;
  /** The courier and tracking number of a shipment, or the note left with the change; '' when none. */
  detail: string;
  trackingUrl: string | null;
};

type ApiOrderEvent = NonNullable<ApiOrder['timeline']>[number];

export type DisplayOrderItem = {
  id: string;
  name: string;
  quantity: number;
  price: number;
  /** 'Colour: White · Size: M' (the cart's wording), '' when the line recorded neither. */
  variant: string;
  /** The product's image, '' when unknown. */
  image: string;
  /** How many pieces may still be returned or exchanged now (OrderItem.returnable); 0 or absent: none. */
  returnable?: number;
  /** Why the Return policy excludes the product ('Unsealed hygiene goods cannot be returned …'), else null. */
  notReturnable?: string | null;
  /** The product's other sizes an exchange may ask for; empty when it has one size. */
  exchangeSizes?: string[];
};

/** One return or size exchange of a delivered order (Return), as the order card shows it. */
export type DisplayReturn = {
  /** 'RT-4Q8M2K7XH3TB'. */
  id: string;
  kind: ReturnKind;
  status: ReturnStatus;
  /** 'Pickup scheduled' (shared/return-lifecycle.ts). */
  statusLabel: string;
  statusColor: StatusColor;
  reason: string;
  /** What the shopper added, '' when nothing. */
  note: string;
  createdAt: string;
  /** The lines it takes back, by the order's item names; `size` is an exchange's new size. */
  lines: { itemId: string; name: string; quantity: number; size: string | null }[];
  /** Rupees the returned lines cost (what a return refunds). */
  amount: number;
  /** A return of an order paid online, once refunded through its gateway; else null. */
  refund: DisplayRefund | null;
  /** Where a cash-on-delivery return is refunded, masked ('UPI a•••@okicici'); else null. */
  refundTo: string | null;
  /** Every move of the return, oldest first. */
  timeline: DisplayOrderEvent[];
};

/** What POST /orders/{orderId}/returns asks (openapi.yaml ReturnRequest). */
export type ReturnRequest = components['schemas']['ReturnRequest'];

const PENDING = 0;
const DELIVERED = 3;
const SHIPPING_METHOD = 'Standard Shipping';
const NO_TRACKING = 'Not available';

const STATUSES: Record<number, { label: string; color: StatusColor } | undefined> = ORDER_STATUS_LOOK;

const asCode = (status: unknown): number | null =>
  typeof status === 'number' && Number.isFinite(status) ? status : null;

/** 'Pending' … 'Cancelled'; 'Unknown ({code})' for other numbers; 'Unknown' for anything else. */
export function orderStatusLabel(status: unknown): string {
  const code = asCode(status);
  if (code === null) return 'Unknown';
  return STATUSES[code]?.label ?? `Unknown (${code})`;
}

export function orderStatusColor(status: unknown): StatusColor {
  const code = asCode(status);
  return (code !== null && STATUSES[code]?.color) || 'gray';
}

/** An order the lifecycle still lets be cancelled: not shipped, delivered or cancelled already. */
export function isCancellable(status: unknown): boolean {
  const code = asCode(status);
  return code !== null && CANCELLABLE_STATUSES.includes(code as OrderStatusCode);
}

/** What POST /orders/{id}/cancel answered, the order as the pages show it. */
export type CancelledOrder = {
  order: DisplayOrder;
  refund: components['schemas']['Refund'] | null;
};

/**
 * The toast after a cancellation: nothing to refund for an unpaid order; otherwise how much comes back
 * and by when, or that the store will refund it by hand when the gateway refused.
 */
export function cancelledMessage({ order, refund }: CancelledOrder): string {
  const cancelled = `Order ${order.id} is cancelled.`;
  if (!refund) return cancelled;
  const amount = refundAmount(refund);
  if (refund.status === 'failed')
    return `${cancelled} We could not start the refund of ${amount} automatically; we will refund it and email you.`;
  return `${cancelled} ${amount} will be back in your account by ${refundBackBy(refund)}.`;
}

/** A refund's amount, '₹1,299.00': the shop's one rupee format (shared/money.ts). */
const refundAmount = (refund: DisplayRefund) => formatRupees(paiseOf(refund.amount));

/** The day a refund should be back, '14 December'. */
function refundBackBy(refund: DisplayRefund): string {
  return new Date(`${refund.expectedBy}T00:00:00`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
  });
}

/**
 * What a cancelled paid order says of its money on My Orders and Track Order: how much goes back and by
 * when, or that the store will refund it by hand when the gateway refused.
 */
export function refundText(refund: DisplayRefund): string {
  const amount = refundAmount(refund);
  if (refund.status === 'failed')
    return `${amount}: we could not start the refund automatically; we will refund it and email you`;
  return `${amount} going back to the way you paid, by ${refundBackBy(refund)}`;
}

/** Only Pending orders offer payment. */
export function isPayable(status: unknown): boolean {
  return asCode(status) === PENDING;
}

/** Has the order left Pending (what the payment QR screen waits for)? */
export function hasLeftPending(status: unknown): boolean {
  const code = asCode(status);
  return code !== null && code !== PENDING;
}

function formatShippingAddress(a: Partial<ApiOrder['shippingAddress']> | undefined): string {
  if (!a) return '';
  return [a.address, a.city, a.state, a.postalCode]
    .filter((s) => typeof s === 'string' && s.trim() !== '')
    .join(', ');
}

export function toDisplayOrder(o: ApiOrder): DisplayOrder {
  const status = asCode(o.status ?? PENDING);
  const cashOnDelivery: CashOnDeliveryPayment | undefined =
    o.payment?.method === 'cod'
      ? { status: o.payment.status, amount: o.payment.amount, due: o.payment.due }
      : undefined;
  const items: DisplayOrderItem[] = (o.items ?? []).map((i) => ({
    id: i.id,
    name: i.productTitle,
    quantity: i.quantity,
    price: i.price,
    variant: variantLabel(i.size, i.color),
    image: i.imgUrl ?? '',
    returnable: Math.max(0, Math.trunc(i.returnable ?? 0)),
    notReturnable: i.notReturnable?.trim() ? i.notReturnable : null,
    exchangeSizes: i.exchangeSizes ?? [],
  }));
  return {
    id: o.id,
    date: o.createdAt,
    status,
    statusLabel: orderStatusLabel(status),
    statusColor: orderStatusColor(status),
    items,
    shipping: {
      address: formatShippingAddress(o.shippingAddress),
      method: SHIPPING_METHOD,
      tracking: o.trackingNumber?.trim() ? o.trackingNumber : NO_TRACKING,
      trackingUrl: safeLink(o.trackingUrl),
      carrier: o.carrier?.trim() ? o.carrier : null,
    },
    total: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    // A cash-on-delivery order is paid to the courier, never through Pay Now.
    canPay: isPayable(status) && !cashOnDelivery,
    payBy: isPayable(status) && !cashOnDelivery ? (o.payBy ?? null) : null,
    canCancel: isCancellable(status),
    timeline: (o.timeline ?? []).map(toDisplayEvent),
    ...(cashOnDelivery ? { cashOnDelivery } : {}),
    refund: o.refund ?? null,
    arrival: o.expectedDelivery ? arrivalText(o.expectedDelivery) : null,
    returnBy: status === DELIVERED ? (o.returnBy ?? null) : null,
    returns: (o.returns ?? []).map((r) => toDisplayReturn(r, items)),
  };
}

const EVENT_TITLES: Record<number, string> = {
  0: 'Order placed',
  1: 'Payment received',
  2: 'Shipped',
  3: 'Delivered',
  4: 'Cancelled',
};

/** The timeline's step of an order confirmed for cash on delivery (its note says what to pay). */
const COD_CONFIRMED_TITLE = 'Confirmed for cash on delivery';

/** Who moved an order or a return, in the timeline's words. */
function byWords(actor: ApiOrderEvent['actor'], carrier: string | null): string {
  const by: Record<ApiOrderEvent['actor'], string> = {
    shopper: 'By you',
    gateway: 'Payment gateway',
    courier: carrier ?? 'Courier',
    operator: 'Statefront',
    timer: 'Payment window ran out',
  };
  return by[actor] ?? '';
}

function toDisplayEvent(e: ApiOrderEvent): DisplayOrderEvent {
  const carrier = e.carrier?.trim() ? e.carrier : null;
  const shipment = [
    carrier ? `With ${carrier}` : '',
    e.trackingNumber ? `tracking number ${e.trackingNumber}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  // The shopper moves an order to Processing only by choosing cash on delivery: nothing was received.
  const title =
    e.to === 1 && e.actor === 'shopper'
      ? COD_CONFIRMED_TITLE
      : (EVENT_TITLES[e.to] ?? orderStatusLabel(e.to));
  // The server's own notes repeat the step ('Order placed'): only a note that says more is shown.
  const note = e.note?.trim() ?? '';
  return {
    title,
    at: e.at,
    by: byWords(e.actor, carrier),
    detail: shipment || (note.toLowerCase() === title.toLowerCase() ? '' : note),
    trackingUrl: safeLink(e.trackingUrl),
  };
}

/** Only http(s) links are followed from a courier's data (never javascript: or data:). */
function safeLink(url: string | null | undefined): string | null {
  return typeof url === 'string' && /^https?:\/\//i.test(url.trim()) ? url.trim() : null;
}

/** A return's badge colour: waiting yellow, on its way blue, checked purple, done green, refused red. */
const RETURN_STATUS_COLOR: Record<ReturnStatus, StatusColor> = {
  requested: 'yellow',
  pickupScheduled: 'blue',
  pickedUp: 'blue',
  received: 'purple',
  refunded: 'green',
  exchanged: 'green',
  rejected: 'red',
};

const returnStatusOf = (status: unknown): ReturnStatus | null =>
  typeof status === 'string' && Object.hasOwn(RETURN_STATUS_LABEL, status) ? (status as ReturnStatus) : null;

function toDisplayReturn(r: ApiReturn, items: readonly DisplayOrderItem[]): DisplayReturn {
  const status = returnStatusOf(r.status) ?? 'requested';
  const nameOf = (itemId: string) => items.find((i) => i.id === itemId)?.name ?? 'An item of this order';
  return {
    id: r.id,
    // A kind this storefront does not know is shown as a return.
    kind: RETURN_KINDS.includes(r.kind) ? r.kind : 'return',
    status,
    statusLabel: RETURN_STATUS_LABEL[status],
    statusColor: RETURN_STATUS_COLOR[status],
    reason: r.reason,
    note: r.note?.trim() ?? '',
    createdAt: r.createdAt,
    lines: (r.lines ?? []).map((l) => ({
      itemId: l.itemId,
      name: nameOf(l.itemId),
      quantity: l.quantity,
      size: l.size ?? null,
    })),
    amount: r.amount ?? 0,
    refund: r.refund ?? null,
    refundTo: r.refundTo?.trim() ? r.refundTo : null,
    timeline: (r.timeline ?? []).map((step) => {
      const to = returnStatusOf(step.to);
      return {
        title: to ? RETURN_STATUS_LABEL[to] : 'Updated',
        at: step.at,
        by: byWords(step.actor, null),
        detail: step.note?.trim() ?? '',
        trackingUrl: null,
      };
    }),
  };
}
