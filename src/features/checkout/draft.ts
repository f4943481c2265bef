import { SHIPPING_FIELDS, type ShippingAddress } from '../../../machines/checkout.machine';

/** sessionStorage keys: the shipping form being filled in, and the order it last placed. */
const DRAFT_KEY = 'checkout-draft';
const PLACED_KEY = 'checkout-placed-order';

type Draft = Partial<Record<(typeof SHIPPING_FIELDS)[number], string>>;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the checkout then simply keeps nothing.
    return null;
  }
}

/** The shipping fields typed so far in this tab (a refresh keeps them until the order is placed). */
export function readDraft(): Draft {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(DRAFT_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const draft: Draft = {};
    for (const name of SHIPPING_FIELDS) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === 'string') draft[name] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

/** The shipping fields as typed in the form. */
export function shippingFieldsOf(data: FormData): ShippingAddress {
  const field = (name: (typeof SHIPPING_FIELDS)[number]) => String(data.get(name) ?? '');
  return {
    fullName: field('fullName'),
    address: field('address'),
    city: field('city'),
    state: field('state'),
    postalCode: field('postalCode'),
    phone: field('phone'),
  };
}

export function saveDraft(form: HTMLFormElement) {
  session()?.setItem(DRAFT_KEY, JSON.stringify(shippingFieldsOf(new FormData(form))));
}

/** The order is placed: forget the draft, remember the order so Back from /payment returns to it. */
export function markPlaced(orderId: string) {
  session()?.removeItem(DRAFT_KEY);
  session()?.setItem(PLACED_KEY, orderId);
}

/** The order this tab placed last, while the cart it emptied is still empty. */
export function placedOrder(): string | null {
  return session()?.getItem(PLACED_KEY) || null;
}

export function forgetPlaced() {
  session()?.removeItem(PLACED_KEY);
}
