/**
 * The attributes that hold a product's options: its sizes and its colours. The storefront's pickers
 * (machines/catalogue.model.ts), the order's check of the chosen size and colour
 * (server/orders/orders.service.ts), the catalogue's size and colour filters
 * (server/catalogue/attribute-values.ts) and the specifications the product page lists read the same
 * keys, in any case, trimmed: an attribute keyed "Colour" is a colour everywhere.
 */
export const SIZE_KEYS: readonly string[] = ['size', 'sizes'];
export const COLOR_KEYS: readonly string[] = ['color', 'colour', 'colors', 'colours'];

export type ProductOption = 'size' | 'color';

/** Which option an attribute key names, if any. */
export function optionOfKey(key: string): ProductOption | null {
  const name = key.trim().toLowerCase();
  if (SIZE_KEYS.includes(name)) return 'size';
  if (COLOR_KEYS.includes(name)) return 'color';
  return null;
}

/** The values a product offers for one option, trimmed, without blanks: [] when it has none. */
export function optionValues(
  attributes: readonly { key: string; values: readonly string[] }[],
  option: ProductOption,
): string[] {
  const attribute = attributes.find((a) => optionOfKey(a.key) === option);
  return (attribute?.values ?? []).map((value) => value.trim()).filter((value) => value !== '');
}
