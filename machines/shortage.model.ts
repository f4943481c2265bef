/**
 * POST /orders's 409 (openapi.yaml, StockShortageError) as the checkout reads it: which cart lines can
 * no longer be had in full, and what is left of each. Apart from ./stock.model.ts so the product page
 * does not download it, and from ./errors.ts, which every page downloads (the cart's).
 */
import type { components } from '../contract/schema';
import type { CartLine, LineShortage } from './cart.model';
import { RequestError } from './errors';

/** One line POST /orders could not reserve (its 409): what was asked and what is left (0: sold out). */
export type StockShortage = components['schemas']['StockShortage'];

/**
 * POST /orders answered 409: some lines ask for more than is left. The checkout shows each of them and
 * offers to fit the bag to what is left (machines/checkout.machine.ts).
 */
export class StockShortageError extends RequestError {
  readonly shortages: StockShortage[];

  constructor(message: string, shortages: StockShortage[]) {
    super(message, { status: 409, serverMessage: message });
    this.name = 'StockShortageError';
    this.shortages = shortages;
  }
}

export function isStockShortageError(error: unknown): error is StockShortageError {
  return error instanceof StockShortageError;
}

/** What a 409 from POST /orders says of one line (openapi.yaml, StockShortage). */
type OrderShortage = Pick<StockShortage, 'productId' | 'size' | 'color' | 'left'>;

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
