/**
 * Stock per size and colour, as both sides read it (docs/stock.md). The API answers `GET /stock` with
 * entries of units left; a product with no entries is not counted and never runs out. A size chip says
 * "Sold out" at 0 and "Only N left" at or below LOW_STOCK_THRESHOLD; the cart and the checkout use the
 * same words for a line that can no longer be had in full.
 */

/** At or below this many units left, a size shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export interface StockEntry {
  productId: string;
  size: string | null;
  color: string | null;
  left: number;
}

/** Sizes and colours compare trimmed and in any case, as the pickers and the order's check do. */
const same = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * Units left of one product's size and colour: null when the product's stock is not counted (no
 * entries) or, for a size asked without a colour, the most left in any of its colours (what a size
 * chip can promise before a colour is chosen); 0 when the product is counted but the variant has no row.
 */
export function unitsLeft(
  entries: readonly StockEntry[],
  productId: string,
  size: string | null | undefined,
  color: string | null | undefined,
): number | null {
  const id = productId.toLowerCase();
  const mine = entries.filter((entry) => entry.productId.toLowerCase() === id);
  if (mine.length === 0) return null;
  const matching = mine.filter(
    (entry) => (size == null || same(entry.size, size)) && (color == null || same(entry.color, color)),
  );
  return matching.reduce((most, entry) => Math.max(most, entry.left), 0);
}

export type StockLabel = { kind: 'soldOut'; text: 'Sold out' } | { kind: 'low'; text: string } | null;

/** What a chip or a line says about units left: nothing when plenty (or not counted). */
export function stockLabel(left: number | null): StockLabel {
  if (left === null || left > LOW_STOCK_THRESHOLD) return null;
  if (left <= 0) return { kind: 'soldOut', text: 'Sold out' };
  return { kind: 'low', text: `Only ${left} left` };
}
