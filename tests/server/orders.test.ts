import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { orderItems, orders } from '../../server/db/schema';
import { contactMatches, newOrderId, ORDER_ID_PATTERN } from '../../server/orders/orders.service';
import {
  API,
  bearer,
  DEFAULT_SHIPPING,
  type Order,
  placeOrder,
  registerAndLogin,
  setupShopper,
  setupTestApp,
  setupTwoShoppers,
  type TestApp,
  withTestApp,
} from './helpers';

const t = setupTestApp();
const { asha, ravi } = setupTwoShoppers(t);

const discounted = catalogue.find((p) => p.discountedPrice !== null);
const fullPrice = catalogue.find((p) => p.discountedPrice === null);

const create = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/orders`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const track = (orderId: string, contactInfo?: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/orders/${encodeURIComponent(orderId)}${contactInfo === undefined ? '' : `?contactInfo=${encodeURIComponent(contactInfo)}`}`,
    headers: token ? bearer(token) : {},
  });

describe('POST /orders', () => {
  it('creates a Pending order priced from the catalogue and answers 201 Order', async () => {
    if (!discounted || !fullPrice) throw new Error('catalogue needs discounted and full-price products');
    const response = await create(asha.token, {
      products: { [discounted.id]: 2, [fullPrice.id]: 1 },
      shippingAddress: DEFAULT_SHIPPING,
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    expect(order.id).toMatch(ORDER_ID_PATTERN);
    expect(order.status).toBe(0);
    expect(order.trackingNumber).toBeNull();
    // Unpaid by ORDER_PAYMENT_WINDOW (30 minutes) after placement, it is cancelled.
    expect(Date.parse(order.payBy ?? '') - Date.parse(order.createdAt)).toBe(30 * 60_000);
    expect(order.shippingAddress).toEqual(DEFAULT_SHIPPING);
    const byProduct = new Map(order.items.map((item) => [item.productId, item]));
    expect(byProduct.get(discounted.id)).toMatchObject({
      productTitle: discounted.title,
      quantity: 2,
      price: discounted.discountedPrice,
    });
    expect(byProduct.get(fullPrice.id)).toMatchObject({ quantity: 1, price: fullPrice.regularPrice });
    const expectedPaise =
      Math.round((discounted.discountedPrice ?? 0) * 100) * 2 + Math.round(fullPrice.regularPrice * 100);
    expect(order.total).toBe(expectedPaise / 100);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.totalPaise).toBe(expectedPaise);
  });

  it('trims shipping fields and normalises the phone', async () => {
    const order = await placeOrder(t.app, asha.token, undefined, {
      fullName: '  Asha Verma ',
      city: ' Pune ',
      state: ' maharashtra ',
      postalCode: ' 411001 ',
      phone: '+91 98765-43210',
    });
    expect(order.shippingAddress).toMatchObject({
      fullName: 'Asha Verma',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      phone: '+919876543210',
    });
  });

  it('answers 401 without a valid token and stores nothing', async () => {
    const before = await t.ctx.db.select().from(orders);
    const payload = { products: { [catalogue[0]?.id ?? '']: 1 }, shippingAddress: DEFAULT_SHIPPING };
    expect((await create(null, payload)).statusCode).toBe(401);
    expect((await create('A'.repeat(43), payload)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(orders)).toHaveLength(before.length);
  });

  it('answers 400 when the client sends prices, totals, status or any extra field', async () => {
    const id = catalogue[0]?.id ?? '';
    const attempts: Array<[unknown, string]> = [
      [
        { products: { [id]: 1 }, shippingAddress: DEFAULT_SHIPPING, total: 1 },
        'Unknown field "total" in body',
      ],
      [
        { products: { [id]: 1 }, shippingAddress: DEFAULT_SHIPPING, status: 3 },
        'Unknown field "status" in body',
      ],
      [
        { products: { [id]: 1 }, shippingAddress: DEFAULT_SHIPPING, userId: asha.email },
        'Unknown field "userId" in body',
      ],
      [
        { products: { [id]: { quantity: 1, price: 1 } }, shippingAddress: DEFAULT_SHIPPING },
        `quantity of product "${id}" must be an integer`,
      ],
      [
        { products: { [id]: 1 }, shippingAddress: { ...DEFAULT_SHIPPING, price: 1 } },
        'Unknown field "price" in shippingAddress',
      ],
    ];
    for (const [payload, error] of attempts) {
      const response = await create(asha.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
  });

  it.each([
    [0, 'must be at least 1'],
    [100, 'must be at most 99'],
    [11, 'must be at most 10'],
    [1.5, 'must be an integer'],
    [-3, 'must be at least 1'],
  ])('answers 400 for quantity %s', async (quantity, message) => {
    const id = catalogue[0]?.id ?? '';
    const response = await create(asha.token, {
      products: { [id]: quantity },
      shippingAddress: DEFAULT_SHIPPING,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `quantity of product "${id}" ${message}` });
  });

  it('answers 400 when products is empty', async () => {
    const response = await create(asha.token, { products: {}, shippingAddress: DEFAULT_SHIPPING });
    expect(response.json()).toEqual({ error: 'products must contain at least one product' });
  });

  it('answers 400 naming unknown and malformed product ids', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    const response = await create(asha.token, {
      products: { [catalogue[0]?.id ?? '']: 1, [ghost]: 1, 'not-a-uuid': 2, constructor: 1, toString: 1 },
      shippingAddress: DEFAULT_SHIPPING,
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json<{ error: string }>();
    expect(error).toMatch(/^Unknown product id\(s\): /);
    for (const id of [ghost, 'not-a-uuid', 'constructor', 'toString']) expect(error).toContain(`"${id}"`);
  });

  it('answers 400 for a __proto__ key in the products map without polluting anything', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/orders`,
      headers: { ...bearer(asha.token), 'content-type': 'application/json' },
      payload: `{"products":{"__proto__":{"polluted":1}},"shippingAddress":${JSON.stringify(DEFAULT_SHIPPING)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [{ fullName: '   ' }, { error: 'Full name is required', field: 'fullName' }],
    [{ state: '\t' }, { error: 'Please select your state or union territory', field: 'state' }],
    [{ fullName: '\u200B\u200B' }, { error: 'Full name is required', field: 'fullName' }],
    [{ address: ' \u200C\u200D\u2060 ' }, { error: 'Address is required', field: 'address' }],
    [{ city: '\uFEFF\u200B' }, { error: 'City is required', field: 'city' }],
    [{ state: '\u2060' }, { error: 'Please select your state or union territory', field: 'state' }],
    [{ state: 'Atlantis' }, { error: 'Please select your state or union territory', field: 'state' }],
    [{ postalCode: '56003' }, { error: 'Enter a valid 6-digit PIN code', field: 'postalCode' }],
    [{ postalCode: '056003' }, { error: 'Enter a valid 6-digit PIN code', field: 'postalCode' }],
    [{ postalCode: '5600389' }, { error: 'Enter a valid 6-digit PIN code', field: 'postalCode' }],
    [{ postalCode: '56OO38' }, { error: 'Enter a valid 6-digit PIN code', field: 'postalCode' }],
    // PIN 110001 (Delhi) was once accepted with Karnataka.
    [{ postalCode: '110001' }, { error: 'PIN code 110001 is in Delhi, not Karnataka', field: 'postalCode' }],
    [
      { postalCode: '999999' },
      { error: "PIN code 999999 is not in India Post's list. Please check it", field: 'postalCode' },
    ],
    [{ phone: '+9198765432' }, { error: 'Enter +91 followed by a 10-digit mobile number', field: 'phone' }],
    [{ phone: '+1 415 555 0100' }, { error: 'Phone number must start with +91', field: 'phone' }],
    [{ phone: '+91987654321O' }, { error: 'Enter +91 followed by a 10-digit mobile number', field: 'phone' }],
    [{ phone: '+91' }, { error: 'Phone number is required', field: 'phone' }],
    [{ city: '' }, { error: 'city must not be empty' }],
    [{ city: 42 }, { error: 'city must be a string' }],
    [{ address: 'x'.repeat(301) }, { error: 'address must be at most 300 characters' }],
  ])('answers 400 for shipping %j', async (change, body) => {
    const response = await create(asha.token, {
      products: { [catalogue[0]?.id ?? '']: 1 },
      shippingAddress: { ...DEFAULT_SHIPPING, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(body);
  });

  it.each([
    ['9876543210', '+919876543210'],
    ['098765 43210', '+919876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['91 98765 43210', '+919876543210'],
  ])('stores the mobile number %j as %j', async (phone, stored) => {
    const response = await create(asha.token, {
      products: { [catalogue[0]?.id ?? '']: 1 },
      shippingAddress: { ...DEFAULT_SHIPPING, phone, state: ' karnataka ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().shippingAddress).toMatchObject({ phone: stored, state: 'Karnataka' });
  });

  it('answers 400 when a shipping field is missing', async () => {
    const { phone: _phone, ...withoutPhone } = DEFAULT_SHIPPING;
    const response = await create(asha.token, {
      products: { [catalogue[0]?.id ?? '']: 1 },
      shippingAddress: withoutPhone,
    });
    expect(response.json()).toEqual({ error: 'shippingAddress.phone is required' });
  });

  it('keeps the price on the order when the catalogue price changes later', async () => {
    const product = catalogue[5];
    if (!product) throw new Error('catalogue too small');
    const order = await placeOrder(t.app, asha.token, { [product.id]: 1 });
    const { products } = await import('../../server/db/schema');
    await t.ctx.db
      .update(products)
      .set({ regularPricePaise: 999_999, discountedPricePaise: null })
      .where(eq(products.id, product.id));
    const again = await track(order.id, asha.email);
    expect(again.json<Order>().items[0]?.price).toBe(product.discountedPrice ?? product.regularPrice);
    const lines = await t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines[0]?.unitPricePaise).toBe(
      Math.round((product.discountedPrice ?? product.regularPrice) * 100),
    );
  });
});

describe('GET /orders', () => {
  it("lists only the caller's own orders, newest first, with items", async () => {
    const shopper = await registerAndLogin(t.app);
    const first = await placeOrder(t.app, shopper.token);
    const second = await placeOrder(t.app, shopper.token);
    await placeOrder(t.app, ravi.token);
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/orders`,
      headers: bearer(shopper.token),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<Order[]>();
    expect(list.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(list[0]?.items.length).toBeGreaterThan(0);
    expect(list[0]).toEqual(second);
  });

  it('answers an empty list for a new account', async () => {
    const shopper = await registerAndLogin(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/orders`,
      headers: bearer(shopper.token),
    });
    expect(response.json()).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/orders` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Authentication required' });
  });
});

describe('GET /orders/{orderId}', () => {
  let order: Order;
  beforeAll(async () => {
    order = await placeOrder(t.app, asha.token, undefined, { phone: '+91 91234 56789' });
  }, 60_000);

  it.each([
    ['the account email', () => asha.email],
    ['the account email in capitals with spaces', () => `  ${asha.email.toUpperCase()} `],
    ['the shipping phone', () => '+919123456789'],
    ['the shipping phone without +91', () => '9123456789'],
    ['the shipping phone with spaces and hyphens', () => '+91 91234-56789'],
  ])('returns the order to anyone with %s', async (_label, contact) => {
    const response = await track(order.id, contact());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(order);
  });

  it('matches the order number case-insensitively', async () => {
    expect((await track(order.id.toLowerCase(), asha.email)).statusCode).toBe(200);
  });

  it('answers exactly the same 404 for a wrong contact, a missing order and a malformed number', async () => {
    const wrongContact = await track(order.id, ravi.email);
    const wrongPhone = await track(order.id, '+919999999999');
    const missing = await track(newOrderId(), asha.email);
    const malformed = await track("SF-' OR 1=1 --", asha.email);
    for (const response of [wrongContact, wrongPhone, missing, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(JSON.stringify({ error: 'Order not found or access denied' }));
    }
  });

  it('does not show another user their neighbour’s order even when signed in', async () => {
    expect((await track(order.id, undefined, ravi.token)).statusCode).toBe(404);
    expect((await track(order.id, ravi.email, ravi.token)).statusCode).toBe(404);
  });

  it('lets the signed-in owner omit contactInfo', async () => {
    const response = await track(order.id, undefined, asha.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<Order>().id).toBe(order.id);
  });

  it('answers 400 when contactInfo is missing and nobody is signed in', async () => {
    for (const contact of [undefined, '', '   ']) {
      const response = await track(order.id, contact);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'contactInfo is required' });
    }
  });

  it('answers 401 when a forged token is sent', async () => {
    expect((await track(order.id, asha.email, 'B'.repeat(43))).statusCode).toBe(401);
  });
});

describe('order numbers', () => {
  it('are SF- plus 16 Crockford base32 characters and do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, newOrderId));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(ORDER_ID_PATTERN);
  });
});

describe('contactMatches', () => {
  it('accepts the email or the phone in the usual spellings only', () => {
    expect(contactMatches('A@B.in', 'a@b.in', '+919876543210')).toBe(true);
    expect(contactMatches('919876543210', 'a@b.in', '+919876543210')).toBe(true);
    expect(contactMatches('98765 43210', 'a@b.in', '+919876543210')).toBe(true);
    expect(contactMatches('9876543211', 'a@b.in', '+919876543210')).toBe(false);
    expect(contactMatches('b@b.in', 'a@b.in', '+919876543210')).toBe(false);
    expect(contactMatches('', 'a@b.in', '+919876543210')).toBe(false);
  });
});

describe('order limits (MAX_LINE_QUANTITY, MAX_ORDER_VALUE) and bigint money', () => {
  // ₹2,50,000: 86 of them (₹2,15,00,000) was a 500 when the paise columns were `integer`.
  const lehenga = {
    ...(catalogue[0] as (typeof catalogue)[number]),
    id: '7e1f0c3a-2b4d-4c5e-8f60-718293a4b5c6',
    title: 'Bridal Lehenga, hand-embroidered',
    regularPrice: 250_000,
    discountedPrice: null,
    attributes: [],
  };
  // Without sizes or colours, so lines need none.
  const found = catalogue.find((p) => p.discountedPrice === null && p.regularPrice < 2000);
  const tee = found && { ...found, attributes: [] };
  const limits = setupTestApp({}, () => {
    if (!tee) throw new Error('the catalogue needs a full-price product under ₹2,000');
    return { products: [lehenga, tee] };
  });
  const shopper = setupShopper(limits);

  const order = (app: TestApp, token: string, payload: Record<string, unknown>) =>
    app.app.inject({
      method: 'POST',
      url: `${API}/orders`,
      headers: bearer(token),
      payload: { shippingAddress: DEFAULT_SHIPPING, ...payload },
    });

  it('answers 400 naming the product when one product (no lines) is above 10', async () => {
    const response = await order(limits, shopper.token, { products: { [tee?.id ?? '']: 11 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `quantity of product "${tee?.id}" must be at most 10` });
    const ten = await order(limits, shopper.token, { products: { [tee?.id ?? '']: 10 } });
    expect(ten.statusCode).toBe(201);
  });

  it('answers 400 naming the line when a line is above 10, or two lines of one variant add up above it', async () => {
    const id = tee?.id ?? '';
    const over = await order(limits, shopper.token, {
      products: { [id]: 11 },
      lines: [{ productId: id, quantity: 11 }],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'lines[0].quantity must be at most 10' });
    const split = await order(limits, shopper.token, {
      products: { [id]: 12 },
      lines: [
        { productId: id, quantity: 6 },
        { productId: id, quantity: 6 },
      ],
    });
    expect(split.statusCode).toBe(400);
    expect(split.json<{ error: string }>().error).toMatch(/^lines\[1\]\.quantity must be at most 10 /);
  });

  it('answers 400 (not 500) when the total is above ₹10,00,000, and stores nothing', async () => {
    const before = await limits.ctx.db.select().from(orders);
    for (const quantity of [5, 86]) {
      const response = await order(limits, shopper.token, {
        products: { [lehenga.id]: quantity },
        lines: [{ productId: lehenga.id, quantity: Math.min(quantity, 10) }],
      });
      expect(response.statusCode).toBe(400);
    }
    const five = await order(limits, shopper.token, { products: { [lehenga.id]: 5 } });
    expect(five.json()).toEqual({
      error: 'The order total ₹12,50,000.00 is above the limit of ₹10,00,000.00 per order',
    });
    const four = await order(limits, shopper.token, { products: { [lehenga.id]: 4 } });
    expect(four.statusCode).toBe(201);
    expect(four.json<Order>().total).toBe(1_000_000);
    expect(await limits.ctx.db.select().from(orders)).toHaveLength(before.length + 1);
  });

  it('stores and answers totals above ₹2,14,74,836.47 exactly when the shop raises its limits', async () => {
    const raised = { orders: { maxLineQuantity: 99, maxTotalPaise: 100_000_000 * 100 } };
    await withTestApp(raised, { products: [lehenga] }, async (big) => {
      const { token } = await registerAndLogin(big.app);
      const response = await order(big, token, { products: { [lehenga.id]: 86 } });
      expect(response.statusCode, response.body).toBe(201);
      const placed = response.json<Order>();
      expect(placed.total).toBe(21_500_000);
      const [row] = await big.ctx.db.select().from(orders).where(eq(orders.id, placed.id));
      expect(row?.totalPaise).toBe(2_150_000_000);
      expect(typeof row?.totalPaise).toBe('number');
      const [item] = await big.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
      expect(item?.unitPricePaise).toBe(25_000_000);
      const listed = await big.app.inject({ method: 'GET', url: `${API}/orders`, headers: bearer(token) });
      expect(listed.json<Order[]>()[0]).toMatchObject({ total: 21_500_000, items: [{ price: 250_000 }] });
      const product = await big.app.inject({ method: 'GET', url: `${API}/products/${lehenga.id}` });
      expect(product.json()).toMatchObject({ regularPrice: 250_000, discountedPrice: null });
    });
  });
});
