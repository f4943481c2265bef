/**
 * The return lifecycle's journeys (shared/return-lifecycle.ts) in a browser. The start step delivers
 * the journey's order (paid by card on the sandbox gateway for an exchange, by cash on delivery for a
 * return; shipped and delivered through the signed courier webhook), then the shopper asks on My Orders
 * with 'Return or exchange': a return of one piece refunded to a UPI ID, or an exchange for another size.
 * Every later move is an operator's `npm run orders -- return <return> <step>` (scripts/orders.ts, run as
 * a child process) or the courier's signed `POST /api/v1/fulfilment/returns/events`. After each step My
 * Orders must show the return's status, and its history (in 'Order details') its newest move.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { Locator } from 'playwright-core';
import {
  RETURN_STATUS_LABEL,
  type ReturnKind,
  type ReturnStatus,
  type returnLifecycleMachine,
} from '../../../shared/return-lifecycle';
import { E2E_FULFILMENT_SECRET } from '../../e2e/shop';
import { appStarted, type MachineDrivers, myOrdersCard, toast, type World } from './driver';
import { operatorRuns } from './lifecycle.drivers';

const TIMEOUT = 15_000;
const UPI_ID = 'asha.verma@okicici';
const UPI_SHOWN = 'UPI a•••@okicici';
const PICKUP_NOTE = 'Delhivery, tomorrow 10 am–2 pm';
const REJECTED_NOTE = 'Worn and washed: not as it was sent';

type Memo = { kind?: ReturnKind; returnId?: string; note?: string };
const memo = (world: World) => world.memo as Memo;
const kindOf = (context: unknown): ReturnKind =>
  (context as { kind?: ReturnKind } | undefined)?.kind ?? 'return';

function orderOf(world: World): string {
  if (!world.orderId) throw new Error('the journey has no order (needsOrder)');
  return world.orderId;
}
function returnOf(world: World): string {
  const id = memo(world).returnId;
  if (!id) throw new Error('no return requested yet (the start step requests it)');
  return id;
}

/** The shopper's bearer token, from the browser's cookie. */
async function tokenOf(world: World): Promise<string> {
  const token = (await world.page.context().cookies(world.base)).find((c) => c.name === 'auth_token')?.value;
  if (!token) throw new Error('the browser holds no auth_token');
  return token;
}

/** A signed courier event: the order's (`/fulfilment/events`) or the return's (`/fulfilment/returns/events`). */
async function courierSends(world: World, path: string, body: Record<string, string>) {
  const raw = JSON.stringify({
    id: `courier-${randomUUID()}`,
    at: new Date().toISOString(),
    actor: 'courier',
    ...body,
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', E2E_FULFILMENT_SECRET).update(`${t}.${raw}`).digest('hex');
  const answer = await fetch(`${world.base}/api/v1/fulfilment/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-statefront-signature': `t=${t},v1=${v1}` },
    body: raw,
  });
  if (answer.status !== 200)
    throw new Error(`POST /fulfilment/${path} answered ${answer.status}: ${await answer.text()}`);
}

/** The operator moves the return one step and the CLI says where it is now. */
async function operatorMoves(world: World, step: string, to: ReturnStatus, note?: string) {
  const id = returnOf(world);
  const said = await operatorRuns(world, ['return', id, step, ...(note ? ['--note', note] : [])]);
  const words = `${id} is now ${RETURN_STATUS_LABEL[to].toLowerCase()}`;
  if (!said.includes(words))
    throw new Error(`npm run orders -- return printed '${said.trim()}', not '${words}'`);
  memo(world).note = note;
}

/** Pays the journey's Pending order: by card on the sandbox gateway, or by choosing cash on delivery. */
async function pay(world: World, kind: ReturnKind) {
  if (kind === 'exchange') return world.payOnGateway(orderOf(world));
  const answer = await world.page.request.post(`${world.base}/api/v1/payments`, {
    headers: { authorization: `Bearer ${await tokenOf(world)}` },
    data: {
      orderId: orderOf(world),
      fields: { payerName: 'Asha Verma', email: world.shopper.email, phone: '+919876543210', method: 'cod' },
    },
  });
  if (answer.status() !== 200) throw new Error(`choosing cash on delivery answered ${answer.status()}`);
}

/** My Orders, freshly loaded, and the journey's order card. */
const orderCard = (world: World): Promise<Locator> => myOrdersCard(world, orderOf(world));

/** The card's return shows `status` (its badge), and its history ends with that move (and its note). */
async function showsReturn(world: World, status: ReturnStatus) {
  const card = await orderCard(world);
  const words = `${memo(world).kind === 'exchange' ? 'Exchange' : 'Return'} ${returnOf(world)}`;
  const glance = card
    .getByRole('region', { name: 'Returns and exchanges' })
    .getByRole('listitem')
    .filter({ hasText: words });
  await glance
    .locator('[data-tone]')
    .filter({ hasText: new RegExp(`^${RETURN_STATUS_LABEL[status]}$`) })
    .waitFor({ timeout: TIMEOUT })
    .catch(async () => {
      throw new Error(
        `the card's return reads '${(await glance.textContent().catch(() => '')) ?? ''}', not '${RETURN_STATUS_LABEL[status]}'`,
      );
    });
  await card.getByText('Order details', { exact: true }).click();
  const history = card.getByRole('region', { name: `${words} history` });
  const newest = history.getByRole('listitem').last();
  let found = newest.filter({ hasText: RETURN_STATUS_LABEL[status] });
  const note = memo(world).note;
  if (note) found = found.filter({ hasText: note });
  await found.waitFor({ timeout: TIMEOUT }).catch(async () => {
    throw new Error(
      `the newest return history entry is '${(await newest.textContent().catch(() => '')) ?? ''}'`,
    );
  });
  return { card, glance };
}

export const returnsDrivers: MachineDrivers<typeof returnLifecycleMachine> = {
  needsOrder: true,
  requests: {},
  steps: {
    start: {
      does: () =>
        "The journey's order is paid (by card for an exchange, cash on delivery for a return), shipped and delivered by the courier; the shopper presses 'Return or exchange' on its My Orders card, chooses the line, the reason (an exchange: 'Exchange for another size' and a new size; a return: the UPI ID to refund) and presses 'Request return' / 'Request exchange'",
      perform: async ({ world, context }) => {
        const { page } = world;
        const kind = kindOf(context);
        memo(world).kind = kind;
        await page.goto(`${world.base}/orders`);
        await appStarted(page);
        await pay(world, kind);
        await courierSends(world, 'events', {
          type: 'shipped',
          orderId: orderOf(world),
          carrier: 'Delhivery',
          trackingNumber: `DL${Date.now()}`,
        });
        await courierSends(world, 'events', { type: 'delivered', orderId: orderOf(world) });
        const card = await orderCard(world);
        await card.getByRole('button', { name: 'Return or exchange' }).click();
        const form = card.getByRole('form', { name: `Return or exchange from order ${orderOf(world)}` });
        await form.waitFor({ timeout: TIMEOUT });
        if (kind === 'exchange') await form.getByText('Exchange for another size', { exact: true }).click();
        const line = form.getByRole('listitem').first();
        // The order's only line is chosen already; a shopper taps the row only when it is not.
        if (!(await line.getByRole('checkbox').isChecked())) await line.locator('label').first().click();
        if (kind === 'exchange') {
          const size = line.getByLabel(/^New size/);
          const offered = (await size.locator('option').allTextContents()).filter(
            (s) => s !== 'Choose a size',
          );
          await size.selectOption(offered[0] ?? '');
        }
        await form
          .getByLabel('Reason')
          .selectOption(kind === 'exchange' ? 'Size too small' : 'Changed my mind');
        if (kind === 'return')
          await form.getByRole('textbox', { name: 'UPI ID' }).fill(` ${UPI_ID.toUpperCase()} `);
        await form
          .getByRole('button', { name: kind === 'exchange' ? 'Request exchange' : 'Request return' })
          .click();
        await toast(page, kind === 'exchange' ? 'Exchange requested' : 'Return requested');
        const glance = card.getByRole('region', { name: 'Returns and exchanges' });
        await glance.waitFor({ timeout: TIMEOUT });
        const id = /RT-[0-9A-Z]{12}/.exec((await glance.textContent()) ?? '')?.[0];
        if (!id) throw new Error('the card shows no return number');
        memo(world).returnId = id;
      },
    },
    'return.pickupScheduled': {
      does: () => `An operator runs \`npm run orders -- return <return> pickup --note '${PICKUP_NOTE}'\``,
      perform: ({ world }) => operatorMoves(world, 'pickup', 'pickupScheduled', PICKUP_NOTE),
    },
    'return.pickedUp': {
      does: () => "The courier posts a signed 'pickedUp' event to POST /api/v1/fulfilment/returns/events",
      perform: async ({ world }) => {
        await courierSends(world, 'returns/events', { type: 'pickedUp', returnId: returnOf(world) });
        memo(world).note = undefined;
      },
    },
    'return.received': {
      does: () => 'An operator runs `npm run orders -- return <return> received`',
      perform: ({ world }) => operatorMoves(world, 'received', 'received'),
    },
    'return.refunded': {
      does: () =>
        "An operator, having paid the UPI ID, runs `npm run orders -- return <return> refunded --note 'UPI transfer'`",
      perform: ({ world }) => operatorMoves(world, 'refunded', 'refunded', 'UPI transfer'),
    },
    'return.exchanged': {
      does: () =>
        "An operator runs `npm run orders -- return <return> exchanged --note 'New size: Delhivery'`",
      perform: ({ world }) => operatorMoves(world, 'exchanged', 'exchanged', 'New size: Delhivery'),
    },
    'return.rejected': {
      does: () => `An operator runs \`npm run orders -- return <return> reject --note '${REJECTED_NOTE}'\``,
      perform: ({ world }) => operatorMoves(world, 'reject', 'rejected', REJECTED_NOTE),
    },
  },
  states: {
    requested: {
      shows:
        "My Orders: the order Delivered, its return 'Requested' (a return: 'Refund to UPI a•••@okicici'); history 'Requested'",
      check: async (world) => {
        const { glance } = await showsReturn(world, 'requested');
        if (memo(world).kind === 'return')
          await glance.getByText(`Refund to ${UPI_SHOWN}`).waitFor({ timeout: TIMEOUT });
      },
    },
    pickupScheduled: {
      shows: `My Orders: the return 'Pickup scheduled', its history ending with the pickup's note ('${PICKUP_NOTE}')`,
      check: async (world) => {
        await showsReturn(world, 'pickupScheduled');
      },
    },
    pickedUp: {
      shows: "My Orders: the return 'Picked up'",
      check: async (world) => {
        await showsReturn(world, 'pickedUp');
      },
    },
    received: {
      shows: "My Orders: the return 'Received at our warehouse'",
      check: async (world) => {
        await showsReturn(world, 'received');
      },
    },
    refunded: {
      shows:
        "My Orders: the return 'Refunded', 'Refunded to UPI a•••@okicici'; the order offers no more return of that piece",
      check: async (world) => {
        const { glance } = await showsReturn(world, 'refunded');
        await glance.getByText(`Refunded to ${UPI_SHOWN}`).waitFor({ timeout: TIMEOUT });
      },
    },
    exchanged: {
      shows: "My Orders: the exchange 'Exchanged', its history ending with the operator's note",
      check: async (world) => {
        await showsReturn(world, 'exchanged');
      },
    },
    rejected: {
      shows: `My Orders: the return 'Not accepted', its history ending with why ('${REJECTED_NOTE}')`,
      check: async (world) => {
        await showsReturn(world, 'rejected');
      },
    },
  },
};
