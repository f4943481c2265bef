/**
 * Stock per size and colour (docs/stock.md, server/stock/stock.repository.ts): placing an order takes its
 * units or answers 409 and takes nothing; expiry, cancellation and a received return give them back;
 * GET /stock shows what is left and PUT /fulfilment/stock sets it. A real app on a fresh database
 * (PGlite, or PostgreSQL with TEST_DATABASE=postgres, where the race runs on several connections).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StockList, StockShortageError } from '../../contract/schema';
import { demoStock } from '../../server/catalogue/demo-stock';
import { productStock, stockHolds } from '../../server/db/schema';
import { runOrderExpiry } from '../../server/orders/order-expiry';
import { applyFulfilmentEvent } from '../../server/orders/orders.repository';
import { setStockUnits } from '../../server/stock/stock.repository';
import {
  API,
  bearer,
  DEFAULT_SHIPPING,
  fulfilmentConfig,
  injectSigned,
  type Order,
  type Product,
  registerAndLogin,
  setupShopper,
  setupTestApp,
} from './helpers';

const SECRET = 'stock-test-secret-0123456789abcdef';
const t = setupTestApp(fulfilmentConfig(SECRET));
const shopper = setupShopper(t);

/** A tee sold in sizes and colours, and a second product, from the seeded demo catalogue. */
let tee: Product;
let other: Product;
beforeAll(async () => {
  const page = await t.app.inject({ method: 'GET', url: `${API}/products?limit=40` });
  const products = page.json<{ data: Product[] }>().data;
  const sized = products.filter(
    (p) =>
      (p.attributes.find((a) => a.key === 'size')?.values.length ?? 0) >= 3 &&
      (p.attributes.find((a) => a.key === 'color')?.values.length ?? 0) >= 2,
  );
  if (!sized[0] || !sized[1]) throw new Error('the demo catalogue needs two products in sizes and colours');
  [tee, other] = [sized[0], sized[1]];
});

const valuesOf = (p: Product, key: string) => p.attributes.find((a) => a.key === key)?.values ?? [];

async function unitsOf(productId: string, size: string, color: string): Promise<number | undefined> {
  const [row] = await t.ctx.db
    .select({ units: productStock.units })
    .from(productStock)
    .where(
      and(eq(productStock.productId, productId), eq(productStock.size, size), eq(productStock.color, color)),
    );
  return row?.units;
}

const setUnits = (productId: string, size: string, color: string, units: number) =>
  setStockUnits(t.ctx.db, [{ productId, size, color, units }]);

function order(
  token: string,
  lines: { productId: string; quantity: number; size?: string; color?: string }[],
  products?: Record<string, number>,
) {
  const map: Record<string, number> = {};
  for (const line of lines) map[line.productId] = (map[line.productId] ?? 0) + line.quantity;
  return t.app.inject({
    method: 'POST',
    url: `${API}/orders`,
    headers: bearer(token),
    payload: products
      ? { products, shippingAddress: DEFAULT_SHIPPING }
      : { products: map, lines, shippingAddress: DEFAULT_SHIPPING },
  });
}

const holdsOf = (productId: string) =>
  t.ctx.db
    .select({ units: sql<number>`coalesce(sum(${stockHolds.units}), 0)::int` })
    .from(stockHolds)
    .where(eq(stockHolds.productId, productId));

describe('the demo catalogue', () => {
  it('counts every size and colour, with a few sold out and a few low', () => {
    const rows = [...demoStock.values()].flat();
    expect(rows.length).toBeGreaterThan(200);
    const soldOut = rows.filter((row) => row.units === 0).length;
    const low = rows.filter((row) => row.units > 0 && row.units <= 5).length;
    expect(soldOut).toBeGreaterThanOrEqual(3);
    expect(low).toBeGreaterThanOrEqual(3);
    expect(soldOut + low).toBeLessThan(rows.length / 10);
  });
});

describe('GET /stock', () => {
  it('answers each counted size and colour of the products asked for, never cached', async () => {
    const size = valuesOf(tee, 'size')[0] ?? '';
    const color = valuesOf(tee, 'color')[0] ?? '';
    await setUnits(tee.id, size, color, 7);
    const answer = await t.app.inject({
      method: 'GET',
      url: `${API}/stock?products=${tee.id.toUpperCase()}, ${other.id}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { items } = answer.json<StockList>();
    expect(items).toContainEqual({ productId: tee.id, size, color, left: 7 });
    expect(items.filter((item) => item.productId === tee.id)).toHaveLength(
      valuesOf(tee, 'size').length * valuesOf(tee, 'color').length,
    );
    expect(items.some((item) => item.productId === other.id)).toBe(true);
  });

  it('answers 400 to no ids, a malformed id or too many', async () => {
    for (const query of [
      'products=',
      'products=nope',
      `products=${Array(51)
        .fill(tee.id)
        .map((id, i) => id.slice(0, -2) + String(i).padStart(2, '0'))
        .join(',')}`,
    ]) {
      const answer = await t.app.inject({ method: 'GET', url: `${API}/stock?${query}` });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error).toMatch(/products/);
    }
  });
});

describe('placing an order takes its stock', () => {
  it('takes the units of the line’s size and colour, and writes a hold', async () => {
    const [size, color] = [valuesOf(tee, 'size')[1] ?? '', valuesOf(tee, 'color')[0] ?? ''];
    await setUnits(tee.id, size, color, 5);
    const placed = await order(shopper.token, [
      { productId: tee.id, quantity: 2, size: size.toLowerCase(), color },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await unitsOf(tee.id, size, color)).toBe(3);
  });

  it('answers 409 naming the short line and what is left, and takes nothing of any line', async () => {
    const [size, color] = [valuesOf(tee, 'size')[2] ?? '', valuesOf(tee, 'color')[1] ?? ''];
    const [otherSize, otherColor] = [valuesOf(other, 'size')[0] ?? '', valuesOf(other, 'color')[0] ?? ''];
    await setUnits(tee.id, size, color, 1);
    await setUnits(other.id, otherSize, otherColor, 9);
    const refused = await order(shopper.token, [
      { productId: other.id, quantity: 2, size: otherSize, color: otherColor },
      { productId: tee.id, quantity: 3, size, color },
    ]);
    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json<StockShortageError>();
    expect(body.error).toBe(`Only 1 left of "${tee.title}" in ${size}, ${color}`);
    expect(body.shortages).toEqual([
      { productId: tee.id, title: tee.title, size, color, requested: 3, left: 1 },
    ]);
    // The first line's units were not taken: the whole order was rolled back.
    expect(await unitsOf(other.id, otherSize, otherColor)).toBe(9);
    expect(await unitsOf(tee.id, size, color)).toBe(1);

    await setUnits(tee.id, size, color, 0);
    const soldOut = await order(shopper.token, [{ productId: tee.id, quantity: 1, size, color }]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json<StockShortageError>().error).toBe(`"${tee.title}" in ${size}, ${color} is sold out`);
  });

  it('takes a products-map line from the size and colour with the most left', async () => {
    const sizes = valuesOf(other, 'size');
    const colors = valuesOf(other, 'color');
    await setStockUnits(
      t.ctx.db,
      sizes.flatMap((size) => colors.map((color) => ({ productId: other.id, size, color, units: 3 }))),
    );
    const [size, color] = [sizes.at(-1) ?? '', colors.at(-1) ?? ''];
    await setUnits(other.id, size, color, 40);
    const placed = await order(shopper.token, [], { [other.id]: 4 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await unitsOf(other.id, size, color)).toBe(36);
  });

  it('never runs out of a product whose stock is not counted', async () => {
    await t.ctx.db.delete(productStock).where(eq(productStock.productId, other.id));
    const placed = await order(shopper.token, [], { [other.id]: 10 });
    expect(placed.statusCode, placed.body).toBe(201);
    const stock = await t.app.inject({ method: 'GET', url: `${API}/stock?products=${other.id}` });
    expect(stock.json<StockList>().items).toEqual([]);
  });

  it('places exactly 10 of 50 orders racing for 10 units, and stock ends at 0', async () => {
    const [size, color] = [valuesOf(tee, 'size')[0] ?? '', valuesOf(tee, 'color')[1] ?? ''];
    await setUnits(tee.id, size, color, 10);
    const [heldBefore] = await holdsOf(tee.id);
    const shoppers = await Promise.all(
      Array.from({ length: 5 }, () =>
        registerAndLogin(t.app, { email: `race-${randomBytes(4).toString('hex')}@example.in` }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        order(shoppers[i % 5]?.token ?? '', [{ productId: tee.id, quantity: 1, size, color }]),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 409)).toHaveLength(40);
    expect(await unitsOf(tee.id, size, color)).toBe(0);
    const [heldAfter] = await holdsOf(tee.id);
    expect((heldAfter?.units ?? 0) - (heldBefore?.units ?? 0)).toBe(10);
  });
});

describe('stock comes back', () => {
  const line = () => ({ size: valuesOf(tee, 'size')[1] ?? '', color: valuesOf(tee, 'color')[1] ?? '' });

  async function placeTwo(): Promise<Order> {
    const { size, color } = line();
    const placed = await order(shopper.token, [{ productId: tee.id, quantity: 2, size, color }]);
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json<Order>();
  }

  it('when the shopper cancels, once', async () => {
    const { size, color } = line();
    await setUnits(tee.id, size, color, 6);
    const placed = await placeTwo();
    expect(await unitsOf(tee.id, size, color)).toBe(4);
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/orders/${placed.id}/cancel`,
        headers: bearer(shopper.token),
      });
    expect((await cancel()).statusCode).toBe(200);
    expect(await unitsOf(tee.id, size, color)).toBe(6);
    expect((await cancel()).statusCode).toBe(409);
    expect(await unitsOf(tee.id, size, color)).toBe(6);
  });

  it('when an operator cancels', async () => {
    const { size, color } = line();
    await setUnits(tee.id, size, color, 6);
    const placed = await placeTwo();
    const moved = await applyFulfilmentEvent(t.ctx.db, {
      externalId: `evt-${randomBytes(6).toString('hex')}`,
      orderId: placed.id,
      event: 'order.cancelled',
      actor: 'operator',
      at: new Date(),
    });
    expect(moved.kind).toBe('recorded');
    expect(await unitsOf(tee.id, size, color)).toBe(6);
  });

  it('when an unpaid order expires', async () => {
    const { size, color } = line();
    await setUnits(tee.id, size, color, 6);
    const placed = await placeTwo();
    const window = 30 * 60_000;
    expect(await runOrderExpiry(t.ctx.db, window, undefined, new Date(Date.now() + window + 1000))).toContain(
      placed.id,
    );
    expect(await unitsOf(tee.id, size, color)).toBe(6);
  });
});

describe('PUT /fulfilment/stock', () => {
  const put = (body: unknown, secret = SECRET) =>
    injectSigned(t, secret, 'PUT', `${API}/fulfilment/stock`, body);

  it('sets units in the product’s own spelling and answers the product’s rows', async () => {
    const [size, color] = [valuesOf(tee, 'size')[0] ?? '', valuesOf(tee, 'color')[0] ?? ''];
    const answer = await put({
      items: [
        {
          productId: ` ${tee.id.toUpperCase()} `,
          size: size.toLowerCase(),
          color: ` ${color.toUpperCase()}`,
          units: 12,
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<StockList>().items).toContainEqual({ productId: tee.id, size, color, left: 12 });
    expect(await unitsOf(tee.id, size, color)).toBe(12);
  });

  it('stores no row when one is bad, and says which', async () => {
    const [size, color] = [valuesOf(tee, 'size')[0] ?? '', valuesOf(tee, 'color')[0] ?? ''];
    await setUnits(tee.id, size, color, 12);
    const answer = await put({
      items: [
        { productId: tee.id, size, color, units: 1 },
        { productId: tee.id, size: 'XXXXL', color, units: 1 },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatch(/^items\[1\]: .*XXXXL/);
    expect(await unitsOf(tee.id, size, color)).toBe(12);
  });

  it('takes 5,000 rows in one call, the last of a size and colour winning, and refuses a body over 1 MiB', async () => {
    const variants = valuesOf(tee, 'size').flatMap((size) =>
      valuesOf(tee, 'color').map((color) => ({ size, color })),
    );
    const items = Array.from({ length: 5000 }, (_, i) => ({
      productId: tee.id,
      ...(variants[i % variants.length] as { size: string; color: string }),
      units: i,
    }));
    const answer = await put({ items });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    const last = items.at(-1);
    expect(await unitsOf(tee.id, last?.size ?? '', last?.color ?? '')).toBe(4999);
    const huge = await put({
      items: items.map((item) => ({ ...item, color: `${item.color}${' '.repeat(200)}` })),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('Request body is too large (limit 1 MB)');
  });

  it('refuses an unsigned or wrongly signed request', async () => {
    const answer = await put({ items: [{ productId: tee.id, units: 1 }] }, 'another-secret-0123456789abcdef');
    expect(answer.statusCode).toBe(401);
  });
});
