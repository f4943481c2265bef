/**
 * A product's specifications as the product page shows them (spec §2 Product detail, §5): only what is
 * meant for shoppers, with readable labels. Apart from catalogue.model so the home page and the product
 * lists, which never show specifications, do not load it.
 */
import { optionOfKey } from '../shared/product-options';
import type { DisplayProduct } from './catalogue.model';

/** Keys that drive the shop, not the shopper (the size and colour keys are shown by the pickers). */
const NOT_FOR_SHOPPERS = new Set(['featured', 'id', 'sku', 'slug']);

/**
 * Whether an attribute is for the shopper's eyes: not a 'phone' key (spec §5), not one the pickers
 * already show, not a flag or an id (`featured`, `id`, `productId`, `vendor_id`, `_internal`).
 */
export function isShopperAttribute(key: string): boolean {
  const trimmed = key.trim();
  const lower = trimmed.toLowerCase();
  if (lower === '' || lower.includes('phone') || trimmed.startsWith('_')) return false;
  if (NOT_FOR_SHOPPERS.has(lower) || optionOfKey(lower) !== null) return false;
  // An id: 'productId', 'productID', 'vendor_id', 'Vendor ID' (not a word that ends in 'id': 'braid').
  return !/(?:[a-z0-9](?:Id|ID)|[\s_-](?:id|Id|ID))$/.test(trimmed);
}

/**
 * An attribute key as a shopper reads it: words split at camelCase humps, '_' and '-', in title case,
 * the en-IN spelling ('blousePiece' → 'Blouse Piece', 'sleeve_length' → 'Sleeve Length',
 * 'colorFamily' → 'Colour Family'). Keys stay as they are everywhere else.
 */
export function attributeLabel(key: string): string {
  return key
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter((word) => word !== '')
    .map((word) => {
      const lower = word.toLowerCase();
      const spelt = lower === 'color' ? 'colour' : lower === 'colors' ? 'colours' : lower;
      // A short acronym keeps its capitals (GSM, UPF); any other word gets a capital first letter.
      return word.length > 1 && word.length <= 4 && word === word.toUpperCase() && /[A-Z]/.test(word)
        ? word
        : spelt.charAt(0).toUpperCase() + spelt.slice(1);
    })
    .join(' ');
}

export type SpecificationRow = { id: string; label: string; value: string };

/**
 * Specification rows (spec §5: attributes whose key mentions 'phone' are hidden, at most 10 shown),
 * only the attributes meant for shoppers (isShopperAttribute), each with a readable label and its
 * values joined, the metric unit after them ('0.8 m').
 */
export function specifications(p: Pick<DisplayProduct, 'attributes'>): SpecificationRow[] {
  return p.attributes
    .filter((a) => isShopperAttribute(a.key) && a.values.length > 0)
    .slice(0, 10)
    .map((a) => ({
      id: a.id || a.key,
      label: attributeLabel(a.key),
      value: `${a.values.join(', ')}${a.metricUnit ? ` ${a.metricUnit}` : ''}`,
    }));
}
