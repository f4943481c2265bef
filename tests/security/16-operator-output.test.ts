/**
 * Row 16: shopper text reached the operator's terminal raw. A name of erase-line and cursor-up
 * sequences, or an address with a newline, let a shopper rub out their own order's line in
 * `npm run orders -- list` and print a forged one (with a hyperlink) in its place; the signed
 * fulfilment listing handed the same bytes to courier tools. Replayed against a real server and the
 * real CLI.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING as SHIPPING } from '../server/fixtures';
import { newAccount, send } from './client';
import { attack, ROOT, setupShops } from './harness';

const SECRET = 'row16-fulfilment-secret-0123456789abcdef';

describe('row 16: what shoppers type cannot drive the operator’s terminal', () => {
  const shops = setupShops({ shop: { FULFILMENT_SECRET: SECRET } });

  it('refuses control characters in an order’s address, and the CLI lists what is stored plainly', async () => {
    const account = await newAccount(shops.shop.url);
    const page = await send(shops.shop.url, 'GET', '/api/v1/products?limit=1');
    const product = page.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
    const order = (shippingAddress: object) =>
      send(shops.shop.url, 'POST', '/api/v1/orders', {
        headers: { authorization: `Bearer ${account.token}` },
        body: { products: { [product]: 1 }, shippingAddress: { ...SHIPPING, ...shippingAddress } },
      });
    const erased = await order({ fullName: 'Asha\u001b[2K\r\u001b[1A\u001b[2K' });
    expect(erased.status).toBe(400);
    expect(erased.json()).toEqual({ error: 'shippingAddress.fullName must not contain control characters' });
    const forged = await order({
      address: '14 MG Road\nSF-FORGED  Delivered  \u001b]8;;https://evil.example\u0007',
    });
    expect(forged.status).toBe(400);
    expect(forged.json()).toEqual({ error: 'shippingAddress.address must not contain control characters' });
    expect((await order({})).status).toBe(201);

    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/orders.ts', 'list'],
      { cwd: ROOT, env: { ...process.env, STATEFRONT_URL: shops.shop.url, FULFILMENT_SECRET: SECRET } },
    );
    // One order, two lines, nothing a terminal would act on.
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(stdout).not.toMatch(/(?!\n)\p{Cc}/u);
    attack(
      16,
      'orders whose name erases lines and whose address prints a forged order with a hyperlink',
      '400 naming the field (no control characters in stored text); `npm run orders -- list` and GET /fulfilment/orders escape any a stored row still holds',
    );
  });
});
