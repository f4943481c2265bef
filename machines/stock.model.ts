/**
 * What the product page, the cart and the checkout make of `GET /stock` (the rule itself, and its words
 * "Sold out" and "Only N left", live in shared/stock.ts). Pure functions over the machines' context:
 * the machines decide with them and the views show what they return.
 */
import { type StockEntry, type StockLabel, stockLabel, unitsLeft } from '../shared/stock';
import { type CartLine, type LineKey, sameLine } from './cart.model';

export type { StockEntry, StockLabel };

/** The size and colour picked on a product page (either may be unpicked). */
type VariantPick = { selectedSize: string | null; selectedColor: string | null };

/**
 * Units left of the variant picked: null when stock is unknown (not loaded, failed, or not counted).
 * An unpicked colour counts the most left in any colour (shared/stock.ts `unitsLeft`).
 */
export function pickedLeft(
  stock: readonly StockEntry[] | null,
  id: string,
  pick: VariantPick,
): number | null {
  if (!stock) return null;
  return unitsLeft(stock, id, pick.selectedSize, pick.selectedColor);
}

/** Whether the picked variant is known to be sold out (Add to Cart cannot add it). */
export function isPickSoldOut(stock: readonly StockEntry[] | null, id: string, pick: VariantPick): boolean {
  return pickedLeft(stock, id, pick) === 0;
}

/** A size chip's label: sold out in the picked colour, or in every colour while none is picked. */
export function sizeStock(
  stock: readonly StockEntry[] | null,
  id: string,
  size: string,
  selectedColor: string | null,
): StockLabel {
  return stock ? stockLabel(unitsLeft(stock, id, size, selectedColor)) : null;
}

/** A colour chip's label: sold out in the picked size (every size while none is picked). */
export function colorStock(
  stock: readonly StockEntry[] | null,
  id: string,
  color: string,
  selectedSize: string | null,
): StockLabel {
  return stock ? stockLabel(unitsLeft(stock, id, selectedSize, color)) : null;
}

/** The quantity kept within what is left (never below 1: a sold-out pick cannot be added anyway). */
export function quantityWithin(quantity: number, left: number | null): number {
  return left === null || left <= 0 ? quantity : Math.min(quantity, left);
}

/** A cart line that can no longer be had in full: how many are left of its size and colour. */
export type LineShortage = LineKey & { left: number };

/**
 * The lines of `lines` asking for more than is left (0: sold out), by the stock loaded for them. A
 * line whose product is not counted, or was added after the stock was read, is never short.
 */
export function shortLines(lines: readonly CartLine[], stock: readonly StockEntry[] | null): LineShortage[] {
  if (!stock) return [];
  return lines.flatMap((line) => {
    const left = unitsLeft(stock, line.id, line.selectedSize, line.selectedColor);
    return left !== null && left < line.quantity
      ? [
          {
            id: line.id,
            ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
            ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
            left,
          },
        ]
      : [];
  });
}

/** What a short line says: "Sold out" or "Only N left" (null for a line that is not short). */
export function lineStock(line: CartLine, stock: readonly StockEntry[] | null): StockLabel {
  const short = shortLines([line], stock)[0];
  return short ? stockLabel(short.left) : null;
}

/**
 * The cart after fitting each short line to what is left: its quantity becomes `left`, and a line
 * with nothing left goes (the other lines of its product stay, unlike the cart's Remove).
 */
export function fitLines(lines: readonly CartLine[], fits: readonly LineShortage[]): CartLine[] {
  return lines.flatMap((line) => {
    const fit = fits.find((f) => sameLine(f, line));
    if (!fit || fit.left >= line.quantity) return [line];
    return fit.left > 0 ? [{ ...line, quantity: fit.left }] : [];
  });
}

/** At most this many ids in one `GET /stock?products=` (openapi.yaml, getStock). */
const STOCK_IDS_LIMIT = 50;

/**
 * The product ids of `lines`, once each, in order: one `GET /stock` for the whole cart. Past the
 * call's limit the rest go unchecked here (the order's 409 still catches them).
 */
export function productIdsOf(lines: readonly { id: string }[]): string[] {
  return [...new Set(lines.map((line) => line.id))].slice(0, STOCK_IDS_LIMIT);
}

/** What a 409 from POST /orders says of one line (openapi.yaml, StockShortage). */
type OrderShortage = {
  productId: string;
  size: string | null;
  color: string | null;
  left: number;
};

const sameChoice = (picked: string | undefined, named: string | null) =>
  picked === undefined || named === null || picked.trim().toLowerCase() === named.trim().toLowerCase();

/**
 * The cart lines a 409's shortages are about, each with what is left: matched by product, and by size
 * and colour where both name one (a line without a size took the size the server chose for it).
 */
export function linesShortOf(
  lines: readonly CartLine[],
  shortages: readonly OrderShortage[],
): LineShortage[] {
  return shortages.flatMap((shortage) => {
    const line = lines.find(
      (l) =>
        l.id.toLowerCase() === shortage.productId.toLowerCase() &&
        sameChoice(l.selectedSize, shortage.size) &&
        sameChoice(l.selectedColor, shortage.color),
    );
    if (!line) return [];
    return [
      {
        id: line.id,
        ...(line.selectedSize ? { selectedSize: line.selectedSize } : {}),
        ...(line.selectedColor ? { selectedColor: line.selectedColor } : {}),
        left: shortage.left,
      },
    ];
  });
}
