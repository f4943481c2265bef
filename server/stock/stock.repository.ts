/**
 * Stock per size and colour (docs/stock.md, migration 0014): what is left, what an order takes and what
 * it gives back. Every change is a conditional update in the caller's transaction, never a read and
 * then a write: `units >= wanted` is checked by the row's update itself, so two orders for the last unit
 * cannot both take it, and the table's check keeps units from going below 0 whatever a caller does.
 * '' stands for "no size" or "no colour" in the table; the API shows null.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../context';
import { rowsOf } from '../db/rows';
import { orderItems, productStock, returnLines, stockHolds } from '../db/schema';

/** Any query runner: the database or a transaction of it. */
type Runner = Pick<Database, 'execute'>;

export interface StockRow {
  productId: string;
  size: string | null;
  color: string | null;
  left: number;
}

/** A line to take: `size`/`color` null means any (a `products`-map line); '' means the product has none. */
export interface WantedLine {
  productId: string;
  size: string | null;
  color: string | null;
  quantity: number;
}

/** A line short of stock: its place in the order's lines, the size and colour looked at, units left. */
export interface ShortLine {
  index: number;
  size: string | null;
  color: string | null;
  left: number;
}

const blankToNull = (value: string | null): string | null => (value === '' || value === null ? null : value);

const wantedJson = (lines: readonly WantedLine[]) =>
  JSON.stringify(
    lines.map((line, idx) => ({
      idx,
      product_id: line.productId,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
    })),
  );

/**
 * The CTEs that take an order's stock inside the statement that stores it (orders/orders.repository.ts
 * insertOrder, which must also define `lines`, the inserted order lines returning id and position):
 * - `pick`: per line, the size and colour to take from: the line's own, or for a line without them (a
 *   `products`-map line) the one with the most left;
 * - `taken`: one conditional update per picked row (`units >= quantity`, re-checked on the row's
 *   newest version when another order changed it meanwhile: READ COMMITTED);
 * - `guard`: a row for each line of a counted product that took nothing, calling
 *   statefront_stock_short() (migration 0014), whose error aborts the whole statement: nothing is
 *   taken and nothing stored. The statement's main query must read `guard.raised`.
 * Lines must be distinct by product, size and colour (the order service merges them): one statement
 * updates a row once.
 */
export function takingCtes(lines: readonly WantedLine[]): SQL {
  return sql`wanted as (
      select * from json_to_recordset(${wantedJson(lines)}::json)
        as w(idx int, product_id uuid, size text, color text, quantity int)
    ), pick as (
      select distinct on (w.idx) w.idx, s.product_id, s.size, s.color, w.quantity
      from wanted w join ${productStock} s on s.product_id = w.product_id
        and (w.size is null or s.size = w.size) and (w.color is null or s.color = w.color)
      order by w.idx, s.units desc, s.size, s.color
    ), taken as (
      update ${productStock} s set units = s.units - p.quantity, updated_at = now()
      from pick p
      where s.product_id = p.product_id and s.size = p.size and s.color = p.color
        and s.units >= p.quantity
      returning s.product_id, s.size, s.color
    ), guard as (
      select statefront_stock_short() as raised
      from wanted w
      where exists (select 1 from ${productStock} c where c.product_id = w.product_id)
        and not exists (
          select 1 from pick p join taken t
            on t.product_id = p.product_id and t.size = p.size and t.color = p.color
          where p.idx = w.idx)
    )`;
}

/** The CTE `held`, after `takingCtes` and `lines`: what each line took, for a release to give back. */
export const heldCte = sql`held as (
    insert into ${stockHolds} (order_item_id, product_id, size, color, units)
    select lines.id, p.product_id, p.size, p.color, p.quantity
    from pick p
      join taken t on t.product_id = p.product_id and t.size = p.size and t.color = p.color
      join lines on lines.position = p.idx
    returning order_item_id
  )`;

/** Whether a database error is statefront_stock_short()'s: a line of the order was short. */
export function isStockShort(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === 'SF409' || e?.cause?.code === 'SF409';
}

/**
 * After a statement aborted for a short line: which lines are short now and what is left of them (a
 * line without a size or colour: the most left in any). Read on its own, so under a race it may find
 * none short (another order gave units back meanwhile); the caller then tries once more.
 */
export async function shortLines(db: Runner, lines: readonly WantedLine[]): Promise<ShortLine[]> {
  const result = await db.execute(sql`
    with wanted as (
      select * from json_to_recordset(${wantedJson(lines)}::json)
        as w(idx int, product_id uuid, size text, color text, quantity int)
    )
    select distinct on (w.idx) w.idx, w.quantity, s.size, s.color, coalesce(s.units, 0) as units
    from wanted w left join ${productStock} s on s.product_id = w.product_id
      and (w.size is null or s.size = w.size) and (w.color is null or s.color = w.color)
    where exists (select 1 from ${productStock} c where c.product_id = w.product_id)
    order by w.idx, s.units desc nulls last`);
  return rowsOf<{ idx: number; quantity: number; size: string | null; color: string | null; units: number }>(
    result,
  )
    .filter((row) => Number(row.units) < Number(row.quantity))
    .map((row) => {
      const line = lines[row.idx];
      return {
        index: row.idx,
        size: blankToNull(row.size ?? line?.size ?? null),
        color: blankToNull(row.color ?? line?.color ?? null),
        left: Number(row.units),
      };
    });
}

/**
 * The CTEs `freed` and `restocked`: gives back every hold of the orders a CTE `<ordersCte>` names (a
 * column `id`), and forgets the holds so nothing is given back twice. Holds of one size and colour
 * across several orders are summed first: one statement updates a row once.
 */
export function releaseCtes(ordersCte: string) {
  return sql`freed as (
    delete from ${stockHolds} h using ${orderItems} i, ${sql.identifier(ordersCte)} o
    where h.order_item_id = i.id and i.order_id = o.id
    returning h.product_id, h.size, h.color, h.units
  ), restocked as (
    update ${productStock} s set units = s.units + f.units, updated_at = now()
    from (select product_id, size, color, sum(units)::int as units from freed group by 1, 2, 3) f
    where s.product_id = f.product_id and s.size = f.size and s.color = f.color
    returning s.product_id
  )`;
}

/** Gives back what an order's lines hold (a cancellation), in the caller's transaction. */
export async function releaseStockOf(db: Runner, orderId: string): Promise<void> {
  await db.execute(
    sql`with released as (select ${orderId}::text as id), ${releaseCtes('released')} select count(*) from restocked`,
  );
}

/**
 * A received return puts back what it took back: each of its lines gives its quantity from its order
 * line's hold (never more than the hold still has) back to that size and colour.
 */
export async function restockReturn(db: Runner, returnId: string): Promise<void> {
  await db.execute(sql`
    with give as (
      select h.order_item_id, least(h.units, r.quantity) as units
      from ${stockHolds} h join ${returnLines} r on r.order_item_id = h.order_item_id
      where r.return_id = ${returnId} and h.units > 0
    ), back as (
      update ${stockHolds} h set units = h.units - g.units
      from give g where h.order_item_id = g.order_item_id
      returning h.product_id, h.size, h.color, g.units
    )
    update ${productStock} s set units = s.units + b.units, updated_at = now()
    from (select product_id, size, color, sum(units)::int as units from back group by 1, 2, 3) b
    where s.product_id = b.product_id and s.size = b.size and s.color = b.color`);
}

/** Units left of the given products' sizes and colours (ids lowercase), sorted by product, size, colour. */
export async function stockOf(db: Runner, productIds: readonly string[]): Promise<StockRow[]> {
  if (productIds.length === 0) return [];
  const result = await db.execute(sql`
    select product_id, size, color, units from ${productStock}
    where product_id in (select value::uuid from json_array_elements_text(${JSON.stringify(productIds)}::json))
    order by product_id, size, color`);
  return rowsOf<{ product_id: string; size: string; color: string; units: number }>(result).map((row) => ({
    productId: row.product_id,
    size: blankToNull(row.size),
    color: blankToNull(row.color),
    left: Number(row.units),
  }));
}

/** Sets units of sizes and colours ('' for none), inserting rows not there yet. */
export async function setStockUnits(
  db: Runner,
  rows: readonly { productId: string; size: string; color: string; units: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({ product_id: row.productId, size: row.size, color: row.color, units: row.units })),
  );
  await db.execute(sql`
    insert into ${productStock} (product_id, size, color, units)
    select product_id, size, color, units
    from json_to_recordset(${json}::json) as r(product_id uuid, size text, color text, units int)
    on conflict (product_id, size, color) do update set units = excluded.units, updated_at = now()`);
}
