/**
 * What the product page makes of `GET /stock` (the rule itself, and its words "Sold out" and "Only N
 * left", live in shared/stock.ts): pure functions over the product machine's context. The cart's are
 * in ./cart-stock.machine.ts, the checkout's in ./shortage.model.ts, each in its own page's download.
 */
import { type StockEntry, unitsLeft } from '../shared/stock';

export type { StockEntry };

/** The size and colour picked on a product page (either may be unpicked). */
type VariantPick = { selectedSize: string | null; selectedColor: string | null };

/**
 * Units left of a pick: null when stock is unknown (not read, failed, or not counted). An unpicked
 * colour counts the most left in any colour, an unpicked size the most in any size (shared/stock.ts
 * `unitsLeft`): a size chip before a colour is chosen is sold out only when it is in every colour.
 */
export function pickedLeft(
  stock: readonly StockEntry[] | null,
  id: string,
  pick: VariantPick,
): number | null {
  return stock ? unitsLeft(stock, id, pick.selectedSize, pick.selectedColor) : null;
}

/** The quantity kept within what is left (never below 1: a sold-out pick cannot be added anyway). */
export function quantityWithin(quantity: number, left: number | null): number {
  return left === null || left <= 0 ? quantity : Math.min(quantity, left);
}
