/**
 * Row 4: order totals above ₹2,14,74,836.47 were a 500 ("out of range for type integer": paise in
 * `integer` columns). Replayed on PostgreSQL against real server processes: a ₹2,50,000 product × 86.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attack, type Shop, startShop } from './harness';
import { type TestDatabase, testDatabase } from './postgres';
import { SHIPPING, type Shopper, shopperOf } from './shopper';

const LEHENGA = '7e1f0c3a-2b4d-4c5e-8f60-718293a4b5c6';

/** POST /orders of `quantity` lehengas to SHIPPING (with `extra` fields in the body). */
const orderLehengas = (shopper: Shopper, quantity: number, extra: Record<string, unknown> = {}) =>
  shopper.call('POST', '/orders', { products: { [LEHENGA]: quantity }, ...extra, shippingAddress: SHIPPING });

let db: TestDatabase;
let shop: Shop;
let bulkShop: Shop;

beforeAll(async () => {
  db = await testDatabase();
  // The shop with its defaults, and one that raised both limits (MAX_LINE_QUANTITY, MAX_ORDER_VALUE).
  shop = await startShop({ DATABASE_URL: db.url });
  bulkShop = await startShop({ DATABASE_URL: db.url, MAX_LINE_QUANTITY: '99', MAX_ORDER_VALUE: '50000000' });
  // A ₹2,50,000 bridal lehenga, written straight into the catalogue (as an admin import would).
  await db.query(
    `INSERT INTO products (id, title, description, img_url, category, regular_price_paise)
     VALUES ($1, 'Bridal Lehenga', 'Hand-embroidered', '/images/lehenga.svg', 'Women', 25000000)`,
    [LEHENGA],
  );
});

afterAll(async () => {
  await Promise.allSettled([shop?.close(), bulkShop?.close()]);
  await db?.close();
});

describe('row 4: money that cannot overflow (PostgreSQL)', () => {
  it('answers 400 naming the quantity for ₹2,50,000 × 86, never 500', async () => {
    const shopper = await shopperOf(shop.url);
    const answer = await orderLehengas(shopper, 86);
    expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    expect(answer.json).toEqual({ error: `quantity of product "${LEHENGA}" must be at most 10` });
    const line = await orderLehengas(shopper, 86, { lines: [{ productId: LEHENGA, quantity: 86 }] });
    expect(line.status).toBe(400);
    expect(line.json).toEqual({ error: 'lines[0].quantity must be at most 10' });
    attack(
      4,
      'POST /orders with a ₹2,50,000 product × 86 (₹2,15,00,000) on PostgreSQL',
      `400 ${answer.json.error}`,
    );
  });

  it('answers 400 for an order above ₹10,00,000 and 201 up to it', async () => {
    const shopper = await shopperOf(shop.url);
    const over = await orderLehengas(shopper, 10);
    expect(over.status).toBe(400);
    expect(over.json).toEqual({
      error: 'The order total ₹25,00,000.00 is above the limit of ₹10,00,000.00 per order',
    });
    const within = await orderLehengas(shopper, 4);
    expect(within.status).toBe(201);
    expect(within.json.total).toBe(1_000_000);
    attack(4, 'POST /orders with ₹2,50,000 × 10 (₹25,00,000, within the line cap)', `400 ${over.json.error}`);
  });

  it('stores ₹2,15,00,000 exactly in bigint columns when the shop raises its limits', async () => {
    const shopper = await shopperOf(bulkShop.url);
    const answer = await orderLehengas(shopper, 86);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(answer.json.total).toBe(21_500_000);
    const [row] = await db.query<{ total_paise: string; type: string }>(
      `SELECT total_paise::text, pg_typeof(total_paise)::text AS type FROM orders WHERE id = $1`,
      [answer.json.id],
    );
    expect(row).toEqual({ total_paise: '2150000000', type: 'bigint' });
    const listed = await shopper.call('GET', '/orders');
    expect(listed.json[0]).toMatchObject({ total: 21_500_000, items: [{ price: 250_000, quantity: 86 }] });
    attack(
      4,
      'the same ₹2,15,00,000 order with MAX_LINE_QUANTITY=99, MAX_ORDER_VALUE=5,00,00,000',
      '201, stored exactly as 2150000000 paise in a bigint column',
    );
  });
});
