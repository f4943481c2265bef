import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AddressBook } from '../../contract/schema';
import { SAVED_ADDRESS_LIMIT } from '../../server/addresses/addresses.repository';
import { rowsOf } from '../../server/db/rows';
import {
  apiCaller,
  DEFAULT_SHIPPING,
  expectEmptyAccountList,
  placeOrder,
  setupTestApp,
  setupTwoShoppers,
} from './helpers';

const t = setupTestApp();
const { asha, ravi } = setupTwoShoppers(t);

const call = apiCaller(t, '/addresses');

const book = async (token: string) => (await call('GET', '', token)).json<AddressBook>().items;

async function reset(token: string) {
  for (const { id } of await book(token)) await call('DELETE', `/${id}`, token);
}

/** Five different addresses: the same street, flats 1 to n. */
const flat = (n: number) => ({ ...DEFAULT_SHIPPING, address: `Flat ${n}, 14 MG Road, Indiranagar` });

describe('GET /addresses', () => {
  it('answers an empty list for a new account, never cached', async () => {
    await expectEmptyAccountList(call, ravi.token);
  });

  it.each([
    ['GET', ''],
    ['POST', ''],
    ['DELETE', '/00000000-0000-4000-8000-000000000000'],
  ] as const)('answers 401 to %s without a token', async (method, path) => {
    const res = await call(method, path, null, method === 'POST' ? DEFAULT_SHIPPING : undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });
});

describe('POST /addresses', () => {
  it('saves an address normalised, last added first, and a repeat moves it up instead of doubling', async () => {
    await reset(asha.token);
    const first = await call('POST', '', asha.token, {
      ...flat(1),
      phone: '098765 43210',
      state: 'karnataka',
    });
    expect(first.statusCode).toBe(201);
    await call('POST', '', asha.token, flat(2));
    const again = await call('POST', '', asha.token, { ...flat(1), fullName: ' Asha Verma ' });
    expect(again.statusCode).toBe(201);
    const items = again.json<AddressBook>().items;
    expect(items.map((a) => a.address)).toEqual([flat(1).address, flat(2).address]);
    expect(items[0]).toMatchObject({ phone: '+919876543210', state: 'Karnataka', fullName: 'Asha Verma' });
    expect(items[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it(`refuses a sixth address with 409 and keeps the ${SAVED_ADDRESS_LIMIT}`, async () => {
    await reset(asha.token);
    for (let n = 1; n <= SAVED_ADDRESS_LIMIT; n++)
      expect((await call('POST', '', asha.token, flat(n))).statusCode).toBe(201);
    const sixth = await call('POST', '', asha.token, flat(6));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ error: 'You can keep up to 5 addresses. Delete one to add another' });
    expect(await book(asha.token)).toHaveLength(SAVED_ADDRESS_LIMIT);
    // One already saved is no sixth: it moves up.
    expect((await call('POST', '', asha.token, flat(1))).statusCode).toBe(201);
    expect((await book(asha.token))[0]?.address).toBe(flat(1).address);
  });

  it(`keeps the cap of ${SAVED_ADDRESS_LIMIT} under 12 adds at once (each sees the book before the others)`, async () => {
    await reset(asha.token);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('POST', '', asha.token, flat(i + 1))),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(codes.filter((code) => code === 409)).toHaveLength(12 - SAVED_ADDRESS_LIMIT);
    const [stored] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from saved_addresses s
        join users u on u.id = s.user_id where u.email = ${asha.email}`),
    );
    expect(stored?.n).toBe(SAVED_ADDRESS_LIMIT);
  });

  it.each([
    [{ postalCode: '110001' }, { error: 'PIN code 110001 is in Delhi, not Karnataka', field: 'postalCode' }],
    [{ postalCode: '56003' }, { error: 'Enter a valid 6-digit PIN code', field: 'postalCode' }],
    [{ state: 'Atlantis' }, { error: 'Please select your state or union territory', field: 'state' }],
    [{ fullName: '  ' }, { error: 'Full name is required', field: 'fullName' }],
    [{ city: 42 }, { error: 'city must be a string' }],
    [{ extra: 'x' }, { error: 'Unknown field "extra" in body' }],
  ])('answers 400 for %j', async (change, body) => {
    const res = await call('POST', '', ravi.token, { ...DEFAULT_SHIPPING, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});

describe('DELETE /addresses/{addressId}', () => {
  it("deletes one of the shopper's addresses and answers the rest", async () => {
    await reset(asha.token);
    await call('POST', '', asha.token, flat(1));
    await call('POST', '', asha.token, flat(2));
    const [top] = await book(asha.token);
    const res = await call('DELETE', `/${top?.id}`, asha.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<AddressBook>().items.map((a) => a.address)).toEqual([flat(1).address]);
  });

  it("answers 404 for an unknown id, a malformed one and another shopper's address", async () => {
    await call('POST', '', asha.token, flat(3));
    const [ashas] = await book(asha.token);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', ashas?.id]) {
      const res = await call('DELETE', `/${id}`, ravi.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Address not found' });
    }
    expect((await book(asha.token)).map((a) => a.id)).toContain(ashas?.id);
  });
});

describe('POST /orders saves the address used', () => {
  it('puts the order address first, once, and a full book drops the least recently used', async () => {
    await reset(asha.token);
    for (let n = 1; n <= SAVED_ADDRESS_LIMIT; n++) await call('POST', '', asha.token, flat(n));
    await placeOrder(t.app, asha.token, undefined, { address: flat(3).address });
    let items = await book(asha.token);
    expect(items).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(items[0]?.address).toBe(flat(3).address);
    await placeOrder(t.app, asha.token, undefined, {
      address: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
    });
    items = await book(asha.token);
    expect(items.map((a) => a.address)).toEqual([
      '7 Park Street',
      flat(3).address,
      flat(5).address,
      flat(4).address,
      flat(2).address,
    ]);
  });
});
