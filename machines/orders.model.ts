/** Orders as the order pages show them (spec §3 Order, §4 Order status codes). */
import type { components } from '../src/api/schema';

export type ApiOrder = components['schemas']['Order'];

export type StatusColor = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'gray';

export type DisplayOrder = {
  id: string;
  date: string;
  status: number | null;
  statusLabel: string;
  statusColor: StatusColor;
  items: DisplayOrderItem[];
  shipping: { address: string; method: string; tracking: string };
  total: number;
  canPay: boolean;
};

export type DisplayOrderItem = {
  id: string;
  name: string;
  quantity: number;
  price: number;
  /** 'Colour: White · Size: M' (the cart's wording), '' when the line recorded neither. */
  variant: string;
  /** The product's image, '' when unknown. */
  image: string;
};

export const PENDING = 0;
export const SHIPPING_METHOD = 'Standard Shipping';
export const NO_TRACKING = 'Not available';

const STATUSES: Record<number, { label: string; color: StatusColor }> = {
  0: { label: 'Pending', color: 'yellow' },
  1: { label: 'Processing', color: 'blue' },
  2: { label: 'Shipped', color: 'purple' },
  3: { label: 'Delivered', color: 'green' },
  4: { label: 'Cancelled', color: 'red' },
};

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

/** Only Pending orders offer payment. */
export function isPayable(status: unknown): boolean {
  return asCode(status) === PENDING;
}

/** Has the order left Pending (what the payment QR screen waits for)? */
export function hasLeftPending(status: unknown): boolean {
  const code = asCode(status);
  return code !== null && code !== PENDING;
}

export function formatShippingAddress(a: Partial<ApiOrder['shippingAddress']> | undefined): string {
  if (!a) return '';
  return [a.address, a.city, a.state, a.postalCode]
    .filter((s) => typeof s === 'string' && s.trim() !== '')
    .join(', ');
}

export function toDisplayOrder(o: ApiOrder): DisplayOrder {
  const status = asCode(o.status ?? PENDING);
  const items = (o.items ?? []).map((i) => ({
    id: i.id,
    name: i.productTitle,
    quantity: i.quantity,
    price: i.price,
    variant: variantLabel(i.size, i.color),
    image: i.imgUrl ?? '',
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
    },
    total: items.reduce((sum, i) => sum + i.price * i.quantity, 0),
    canPay: isPayable(status),
  };
}

/** 'Colour: White · Size: M' (en-IN) as the cart words a line's choices; either part is left out when absent. */
export function variantLabel(size: string | null | undefined, color: string | null | undefined): string {
  return [color?.trim() ? `Colour: ${color.trim()}` : '', size?.trim() ? `Size: ${size.trim()}` : '']
    .filter((part) => part !== '')
    .join(' · ');
}
