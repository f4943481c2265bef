/**
 * Stock as the API shows and takes it (docs/stock.md): GET /stock for the chips, the cart and the
 * checkout; PUT /fulfilment/stock for operators (`npm run stock`). Sizes and colours are checked against
 * what the product is sold in, as an order's are (orders.service.ts chooseOption), and stored in the
 * product's own spelling, so "m" and "navy " land on "M" and "Navy".
 */
import type { SetStockRequest } from '../../contract/schema';
import { findProductsByIds, isProductId } from '../catalogue/products.repository';
import type { AppContext } from '../context';
import { badRequest, HttpError } from '../errors';
import { chooseOption } from '../orders/orders.service';
import { type StockRow, setStockUnits, stockOf } from './stock.repository';

/** How many products one GET /stock may ask about (a cart's lines fit many times over). */
const MAX_STOCK_PRODUCTS = 50;

/** Ids from `products=a,b,c`: trimmed, lower case, each a uuid, at most MAX_STOCK_PRODUCTS. */
function stockProductIds(raw: string): string[] {
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((id) => id.trim().toLowerCase())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length === 0) throw badRequest('products: give at least one product id');
  if (ids.length > MAX_STOCK_PRODUCTS)
    throw badRequest(`products: at most ${MAX_STOCK_PRODUCTS} product ids at a time`);
  const bad = ids.find((id) => !isProductId(id));
  if (bad !== undefined) throw badRequest(`products: "${bad.slice(0, 60)}" is not a product id`);
  return ids;
}

export function readStock(ctx: AppContext, raw: string): Promise<StockRow[]> {
  return stockOf(ctx.db, stockProductIds(raw));
}

/**
 * Sets the units of every row or of none: each row's product must exist and its size and colour be
 * ones it is sold in (a product sold in one size may leave it out); a 400 names the first bad row. The
 * same size and colour twice: the last row wins.
 */
export async function writeStock(ctx: AppContext, body: SetStockRequest): Promise<StockRow[]> {
  const ids = [...new Set(body.items.map((row) => row.productId.trim().toLowerCase()))];
  const bad = body.items.findIndex((row) => !isProductId(row.productId.trim().toLowerCase()));
  if (bad >= 0)
    throw badRequest(`items[${bad}].productId: "${body.items[bad]?.productId}" is not a product id`);
  const byId = new Map((await findProductsByIds(ctx.db, ids)).map((p) => [p.id, p]));
  const rows = new Map<string, { productId: string; size: string; color: string; units: number }>();
  for (const [index, row] of body.items.entries()) {
    const id = row.productId.trim().toLowerCase();
    const product = byId.get(id);
    if (!product) throw badRequest(`items[${index}]: unknown product ${id}`);
    let size: string | null;
    let color: string | null;
    try {
      size = chooseOption(product, 'size', row.size ?? undefined);
      color = chooseOption(product, 'color', row.color ?? undefined);
    } catch (error) {
      if (error instanceof HttpError) throw badRequest(`items[${index}]: ${error.message}`);
      throw error;
    }
    const key = JSON.stringify([id, size ?? '', color ?? '']);
    rows.set(key, { productId: id, size: size ?? '', color: color ?? '', units: row.units });
  }
  await setStockUnits(ctx.db, [...rows.values()]);
  return stockOf(ctx.db, ids);
}
