import { describe, expect, it } from 'vitest';
import { catalogue } from '../../server/catalogue/catalogue';
import { API, bearer, DEFAULT_SHIPPING, myOrder, type Order, setupShopper, setupTestApp } from './helpers';

const values = (p: (typeof catalogue)[number], keys: string[]) =>
  p.attributes.find((a) => keys.includes(a.key.toLowerCase()))?.values ?? [];
const tee = catalogue.find(
  (p) => values(p, ['size']).length > 1 && values(p, ['color', 'colour', 'colors']).length > 1,
);
const oneSize = catalogue.find(
  (p) => values(p, ['size']).join() === 'One Size' && values(p, ['color', 'colors']).length <= 1,
);

const t = setupTestApp();
const shopper = setupShopper(t);

const create = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `${API}/orders`,
    headers: bearer(shopper.token),
    payload: { shippingAddress: DEFAULT_SHIPPING, ...payload },
  });

describe('order lines with size and colour', () => {
  it('needs a catalogue tee with several sizes and colours and a one-size product', () => {
    expect(tee).toBeDefined();
    expect(oneSize).toBeDefined();
  });

  it('keeps two variants of the same tee as two lines, in the answer, My Orders and tracking', async () => {
    if (!tee) return;
    const [s1, s2] = values(tee, ['size']).slice(1, 3) as [string, string];
    const [c1, c2] = values(tee, ['color', 'colour', 'colors']).slice(0, 2) as [string, string];
    const response = await create({
      products: { [tee.id]: 3 },
      lines: [
        { productId: tee.id, quantity: 1, size: s1, color: c1 },
        { productId: tee.id, quantity: 2, size: s2, color: c2 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const order = response.json<Order>();
    const summary = (o: Order) =>
      o.items.map((i) => ({ productId: i.productId, quantity: i.quantity, size: i.size, color: i.color }));
    expect(summary(order)).toEqual([
      { productId: tee.id, quantity: 1, size: s1, color: c1 },
      { productId: tee.id, quantity: 2, size: s2, color: c2 },
    ]);
    // Each line shows the product in its own colour (shared/product-images.ts), here and in My Orders.
    const pictureOf = (colour: string) => tee.images.find((image) => image.color === colour)?.url;
    expect(order.items[0]?.imgUrl).toBe(tee.imgUrl);
    expect(order.items[0]?.imgUrl).toBe(pictureOf(c1));
    expect(order.items[1]?.imgUrl).toBe(pictureOf(c2));
    expect(pictureOf(c2)).not.toBe(tee.imgUrl);
    expect(((await myOrder(t.app, shopper.token, order.id)) as Order).items.map((i) => i.imgUrl)).toEqual([
      pictureOf(c1),
      pictureOf(c2),
    ]);

    expect(summary((await myOrder(t.app, shopper.token, order.id)) as Order)).toEqual(summary(order));
    const tracked = await t.app.inject({
      method: 'GET',
      url: `${API}/orders/${order.id}?contactInfo=${encodeURIComponent(DEFAULT_SHIPPING.phone)}`,
    });
    expect(summary(tracked.json<Order>())).toEqual(summary(order));
  });

  it('matches offered values case-insensitively and stores the catalogue spelling', async () => {
    if (!tee) return;
    const size = values(tee, ['size'])[0] as string;
    const color = values(tee, ['color', 'colour', 'colors'])[0] as string;
    const response = await create({
      products: { [tee.id]: 1 },
      lines: [{ productId: tee.id, quantity: 1, size: size.toLowerCase(), color: color.toUpperCase() }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().items[0]).toMatchObject({ size, color });
  });

  it('fills in the only size and colour a product offers', async () => {
    if (!oneSize) return;
    const response = await create({
      products: { [oneSize.id]: 1 },
      lines: [{ productId: oneSize.id, quantity: 1 }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().items[0]?.size).toBe('One Size');
  });

  it('refuses a size the product does not offer, naming the offered ones', async () => {
    if (!tee) return;
    const response = await create({
      products: { [tee.id]: 1 },
      lines: [{ productId: tee.id, quantity: 1, size: 'XXXXL', color: values(tee, ['color', 'colors'])[0] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/not available in size "XXXXL" \(choose /);
  });

  it('refuses a line without a size when the product offers several', async () => {
    if (!tee) return;
    const response = await create({
      products: { [tee.id]: 1 },
      lines: [{ productId: tee.id, quantity: 1, color: values(tee, ['color', 'colors'])[0] }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^Choose a size for /);
  });

  it('refuses lines that do not add up to the products map, or name another product', async () => {
    if (!tee || !oneSize) return;
    const size = values(tee, ['size'])[0];
    const color = values(tee, ['color', 'colors'])[0];
    const short = await create({
      products: { [tee.id]: 2 },
      lines: [{ productId: tee.id, quantity: 1, size, color }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/add up to 1, not 2/);
    const other = await create({
      products: { [tee.id]: 1 },
      lines: [
        { productId: tee.id, quantity: 1, size, color },
        { productId: oneSize.id, quantity: 1 },
      ],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatch(/is not in products/);
  });

  it('still accepts a spec client that sends only products, recording no size or colour', async () => {
    if (!tee) return;
    const response = await create({ products: { [tee.id]: 2 } });
    expect(response.statusCode).toBe(201);
    expect(response.json<Order>().items).toMatchObject([{ quantity: 2, size: null, color: null }]);
  });
});
