/**
 * `npm run orders` (scripts/orders.ts) against a real server on a loopback port: ship, deliver, list,
 * and its refusals (wrong secret, illegal move, missing arguments) with a non-zero exit.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable } from '../../server/db/schema';
import { signFulfilment } from '../../server/orders/fulfilment.handlers';
import {
  fulfilmentConfig,
  myOrder,
  placeOrder,
  placePaidOrder,
  runOperatorCommand,
  setupShopper,
  setupTestApp,
} from './helpers';

const SECRET = 'orders-cli-secret-0123456789abcdef0123';

const t = setupTestApp(fulfilmentConfig(SECRET));
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const shopper = setupShopper(t);

const orders = (args: string[], secret = SECRET) =>
  runOperatorCommand('scripts/orders.ts', args, baseUrl, secret);

const paidOrder = () => placePaidOrder(t, shopper.token);
const statusOf = (orderId: string) => myOrder(t.app, shopper.token, orderId);

describe('npm run orders', () => {
  it('ships, lists and delivers an order as an operator', async () => {
    const order = await paidOrder();
    const listed = await orders(['list', '--status', 'processing']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${order.id}  Processing`);

    const shipped = await orders(['ship', order.id, '--carrier', 'Delhivery', '--tracking', '1234']);
    expect(shipped).toMatchObject({ code: 0 });
    expect(shipped.stdout).toContain(`${order.id} is now Shipped`);
    expect(await statusOf(order.id)).toMatchObject({
      status: 2,
      carrier: 'Delhivery',
      trackingNumber: '1234',
    });
    expect((await statusOf(order.id))?.timeline?.at(-1)).toMatchObject({ actor: 'operator', to: 2 });

    expect((await orders(['deliver', order.id])).stdout).toContain('is now Delivered');
    const late = await orders(['ship', order.id, '--carrier', 'Delhivery', '--tracking', '1234']);
    expect(late.code).toBe(0);
    expect(late.stdout).toContain('nothing changed, it is already Delivered');
    expect((await statusOf(order.id))?.status).toBe(3);
  }, 60_000);

  it('lists the oldest first and ends a full page with the command for the next', async () => {
    const [first, second] = [await paidOrder(), await paidOrder()];
    const newest = await orders(['list', '--status', 'processing', '--limit', '1']);
    expect(newest.stdout).toContain(`${second.id}  Processing`);
    expect(newest.stdout).toContain(
      `More: npm run orders -- list --status processing --limit 1 --after ${second.id}`,
    );
    const next = await orders(['list', '--status', 'processing', '--limit', '1', '--after', second.id]);
    expect(next.stdout).toContain(`${first.id}  Processing`);
    const oldest = await orders(['list', '--status', 'processing', '--oldest', '--limit', '500']);
    const ids = [...oldest.stdout.matchAll(/^(SF-\w+) {2}/gm)].map((match) => match[1]);
    expect(ids.slice(-2)).toEqual([first.id, second.id]);
    expect(oldest.stdout).not.toContain('More:');
  }, 60_000);

  it('moves a return along its lifecycle, refusing a skipped step and a reject without a reason', async () => {
    const order = await paidOrder();
    expect((await orders(['ship', order.id, '--carrier', 'Delhivery', '--tracking', '77'])).code).toBe(0);
    expect((await orders(['deliver', order.id])).code).toBe(0);
    const [line] = order.items;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/returns`,
      headers: { authorization: `Bearer ${shopper.token}` },
      payload: { kind: 'return', reason: 'Changed my mind', lines: [{ itemId: line?.id, quantity: 1 }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = asked.json().returns[0].id as string;
    const skipped = await orders(['return', returnId, 'received']);
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toMatch(/409: A return that is requested cannot become received/);
    const noReason = await orders(['return', returnId, 'reject']);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/reject needs --note saying why/);
    const pickup = await orders(['return', returnId, 'pickup', '--note', 'Delhivery tomorrow, 10 am–2 pm']);
    expect(pickup.stdout).toContain(`${returnId} is now pickup scheduled`);
    expect((await orders(['return', returnId, 'picked-up'])).stdout).toContain('is now picked up');
    // Paid online: received, the server refunds it through the gateway.
    expect((await orders(['return', returnId, 'received'])).stdout).toContain('is now refunded');
    expect((await statusOf(order.id))?.returns?.[0]?.status).toBe('refunded');
  }, 60_000);

  it('exits non-zero with the reason on a refusal', async () => {
    const order = await placeOrder(t.app, shopper.token);
    const illegal = await orders(['deliver', order.id]);
    expect(illegal.code).toBe(1);
    expect(illegal.stderr).toMatch(/409: .*Pending.*cannot become delivered/);

    const wrongSecret = await orders(['cancel', order.id], 'another-secret-0123456789abcdef01234');
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.stderr).toMatch(/401: Invalid signature/);
    expect((await statusOf(order.id))?.status).toBe(0);

    const usage = await orders(['ship', order.id]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/ship needs --carrier and --tracking/);
    expect((await orders(['cancel', order.id])).stdout).toContain('is now Cancelled');
  }, 60_000);

  it('escapes control characters a stored row still holds, in the listing and on the terminal', async () => {
    // A row from before stored text refused controls: an erase-line, a carriage return and a line up,
    // a C1 CSI, and a hyperlink (OSC 8) that would print a forged order over the real one.
    const order = await paidOrder();
    const hostile =
      'Asha\u001b[2K\r\u001b[1A\u001b[2K\u009b2K\u001b]8;;https://evil.example\u0007SF-FORGED\u001b]8;;\u0007';
    await t.ctx.db
      .update(ordersTable)
      .set({ shipFullName: hostile, shipAddress: '12 MG Road\nSF-FORGED  Delivered' })
      .where(eq(ordersTable.id, order.id));
    const path = '/api/v1/fulfilment/orders?limit=5';
    const listing = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'x-statefront-signature': signFulfilment(SECRET, path) },
    });
    // No raw control character in the bytes a courier integration reads (JSON escapes C0 already).
    expect(listing.body).not.toMatch(/\p{Cc}/u);
    const listed = await orders(['list', '--limit', '5']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(/(?!\n)\p{Cc}/u);
    const line = listed.stdout.split('\n').find((text) => text.includes('12 MG Road'));
    expect(line).toContain('Asha\\u001b[2K\\r\\u001b[1A');
    expect(line).toContain('12 MG Road\\nSF-FORGED  Delivered');
  }, 60_000);
});
