/**
 * Stock per size and colour (docs/stock.md, migration 0014): what is left, what an order takes and what
 * it gives back. Every change is a conditional update in the caller's transaction, never a read and
 * then a write: `units >= wanted` is checked by the row's update itself, so two orders for the last unit
 * cannot both take it, and the table's check keeps units from going below 0 whatever a caller does.
 * '' stands for "no size" or "no colour" in the table; the API shows null.
 */
import { sql } from 'drizzle-orm';
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

export interface Taking {
  /** Whether the product's stock is counted at all; an uncounted line takes nothing and is never short. */
  counted: boolean;
  /** Whether the units were taken (false: short, and the caller must roll back). */
  taken: boolean;
  /** The size and colour taken from (or looked at), '' for none; null when not counted. */
  size: string | null;
  color: string | null;
  /** Units left of that size and colour after this statement (unchanged when short). */
  left: number;
}

const blankToNull = (value: string | null): string | null => (value === '' || value === null ? null : value);

/**
 * Takes every line's units in one statement. A line naming its size and colour takes from that row; a
 * line without them takes from the size and colour with the most left (the one most able to serve it).
 * Lines must be distinct by product, size and colour (the order service merges them): one statement
 * updates a row once. Answers per line, in order; the caller rolls the transaction back on any short line.
 */
export async function takeStock(db: Runner, lines: readonly WantedLine[]): Promise<Taking[]> {
  if (lines.length === 0) return [];
  const wanted = JSON.stringify(
    lines.map((line, idx) => ({
      idx,
      product_id: line.productId,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
    })),
  );
  const result = await db.execute(sql`
    with wanted as (
      select * from json_to_recordset(${wanted}::json)
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
      returning s.product_id, s.size, s.color, s.units
    )
    select w.idx,
      exists (select 1 from ${productStock} c where c.product_id = w.product_id) as counted,
      t.product_id is not null as taken,
      coalesce(p.size, w.size) as size, coalesce(p.color, w.color) as color,
      coalesce(t.units, s.units, 0) as "left"
    from wanted w
      left join pick p on p.idx = w.idx
      left join taken t on t.product_id = p.product_id and t.size = p.size and t.color = p.color
      left join ${productStock} s on s.product_id = p.product_id and s.size = p.size and s.color = p.color
    order by w.idx`);
  return rowsOf<{
    counted: boolean;
    taken: boolean;
    size: string | null;
    color: string | null;
    left: number;
  }>(result).map((row) => ({
    counted: row.counted,
    taken: row.taken,
    size: row.counted ? (row.size ?? '') : null,
    color: row.counted ? (row.color ?? '') : null,
    left: Number(row.left),
  }));
}

/**
 * The CTE `held` for insertOrder's statement: a hold per counted line, joined to the inserted lines
 * (a CTE `lines` returning id and position) by position.
 */
export interface StockHold {
  position: number;
  productId: string;
  size: string;
  color: string;
  units: number;
}

export function holdsCte(holds: readonly StockHold[]) {
  const rows = JSON.stringify(
    holds.map((hold) => ({
      position: hold.position,
      product_id: hold.productId,
      size: hold.size,
      color: hold.color,
      units: hold.units,
    })),
  );
  return sql`held as (
    insert into ${stockHolds} (order_item_id, product_id, size, color, units)
    select lines.id, h.product_id, h.size, h.color, h.units
    from json_to_recordset(${rows}::json) as h(position int, product_id uuid, size text, color text, units int)
      join lines on lines.position = h.position
    returning order_item_id
  )`;
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
