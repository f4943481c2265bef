/**
 * The order lifecycle's journeys (shared/order-lifecycle.ts) in a browser, each step driven by whoever
 * moves an order in the store: the shopper in the page (checkout, paying on the sandbox gateway, cash
 * on delivery, Cancel order with its confirmation), the courier through the signed fulfilment webhook,
 * an operator through `npm run orders` (scripts/orders.ts as a child process, so the operator's CLI is
 * proven too), and time (the server's expiry job, with a short ORDER_PAYMENT_WINDOW). After each step
 * My Orders — and Track Order once shipped — must show the status, the newest history entry (what,
 * by whom) and what happens to the money.
 *
 * The runner starts these journeys on a server of their own (tests/journeys/run.ts): the short payment
 * window would expire the checkout and payment journeys' orders.
 */
import { execFile } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Locator } from 'playwright-core';
import type { EventObject } from 'xstate';
import { PAID_ON_DELIVERY } from '../../../shared/cash-on-delivery';
import type { orderLifecycleMachine } from '../../../shared/order-lifecycle';
import { E2E_FULFILMENT_SECRET } from '../../e2e/shop';
import { fillShipping, openCheckout, placeOrder, type SubmitEvent } from './checkout.drivers';
import {
  appStarted,
  at,
  heading,
  type MachineDrivers,
  myOrdersCard,
  orderConfirmed,
  see,
  toast,
  type World,
} from './driver';

const ROOT = resolve(import.meta.dirname, '../../..');
const TIMEOUT = 15_000;

/** ORDER_PAYMENT_WINDOW of the lifecycle journeys' server: long enough to pay in, short enough to wait out. */
export const LIFECYCLE_PAYMENT_WINDOW_MS = 30_000;
/** How long the expiry step waits at most: the window, one run of the job (every max(5 s, window/4)), slack. */
const EXPIRY_WAIT_MS =
  LIFECYCLE_PAYMENT_WINDOW_MS + Math.max(5_000, LIFECYCLE_PAYMENT_WINDOW_MS / 4) + 20_000;

/** The shopper's phone as the checkout form sends it (Track Order accepts it with the order number). */
const PHONE = '+919876543210';
const CARRIER = 'Delhivery';
const OPERATOR_NOTE = 'Out of stock';
const PAY_ON_DELIVERY = /^Pay ₹[\d,]+\.\d\d on delivery$/;

type Who = 'shopper' | 'gateway' | 'courier' | 'operator' | 'timer';
const byOf = (event: EventObject) => (event as EventObject & { by?: Who }).by;

/** The history entry the last step must have added: its title, by whom, and a detail it shows. */
type Entry = { title: string; by: string; detail?: string };

/** What the journey has done to its order so far, for the page checks. */
type Memo = {
  order?: string;
  entry?: Entry;
  /** 'card' once paid on the gateway; the 'Pay ₹X on delivery' words once cash on delivery was chosen. */
  paid?: 'card' | { cod: string };
  shipment?: { number: string; url: string };
};
const memo = (world: World) => world.memo as Memo;
function orderOf(world: World): string {
  const id = memo(world).order;
  if (!id) throw new Error('no order placed yet (the start step places it)');
  return id;
}

/** My Orders, freshly loaded, and the journey's order card on it with its details open. */
async function orderDetails(world: World): Promise<Locator> {
  const card = await myOrdersCard(world, orderOf(world));
  // The card is compact: its history is behind 'Order details', as a shopper finds it.
  await card.getByText('Order details', { exact: true }).click();
  return card;
}

/** The status badge (in the card's header) and the newest history entry say what the step did. */
async function showsStatus(scope: Locator, label: string, entry: Entry | undefined) {
  // The badge (StatusBadge carries data-tone), not the history's entry of the same word.
  await scope
    .locator('[data-tone]')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .waitFor({ timeout: TIMEOUT });
  if (!entry) throw new Error('no history entry expected: the step recorded none');
  const newest = scope.getByRole('region', { name: 'Order history' }).getByRole('listitem').last();
  let found = newest.filter({ hasText: entry.title }).filter({ hasText: `· ${entry.by}` });
  if (entry.detail) found = found.filter({ hasText: entry.detail });
  await found.waitFor({ timeout: TIMEOUT }).catch(async () => {
    const text = (await newest.textContent().catch(() => '')) ?? '';
    throw new Error(
      `the newest history entry is '${text}', not '${entry.title} · ${entry.by}${entry.detail ? ` ${entry.detail}` : ''}'`,
    );
  });
}

async function absent(scope: Locator, what: string) {
  if ((await scope.count()) > 0) throw new Error(`${what} is offered`);
}

/** The cash-on-delivery line of an order paid that way: 'Pay ₹X on delivery', 'Paid on delivery', …. */
async function showsCashOnDelivery(world: World, scope: Locator, when: 'due' | 'paid' | 'void') {
  const paid = memo(world).paid;
  if (typeof paid !== 'object') return;
  const words = {
    due: paid.cod,
    paid: PAID_ON_DELIVERY,
    void: 'Cash on delivery (cancelled, nothing to pay)',
  }[when];
  await scope.getByText(words, { exact: true }).first().waitFor({ timeout: TIMEOUT });
}

/**
 * The payment page of the order, from its card's Pay Now, with the payer's fields filled, `method` chosen
 * and `submit` pressed.
 */
async function payWith(world: World, method: string, submit: 'Pay Now' | 'Confirm order') {
  const { page } = world;
  const card = await orderDetails(world);
  await card.getByRole('link', { name: 'Pay Now' }).click();
  await at(page, '/payment');
  await heading(page, 'Complete Your Payment');
  await page.getByRole('button', { name: 'Pay Now', exact: true }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('textbox', { name: /^Name/ }).fill('Asha Verma');
  await page.getByRole('textbox', { name: /^Email/ }).fill('asha@example.in');
  const phone = page.getByRole('textbox', { name: /^Mobile number/ });
  await phone.fill('');
  await phone.pressSequentially('98765 43210');
  await page.getByRole('combobox', { name: /^Pay with/ }).click();
  await page.getByRole('option', { name: method, exact: true }).click();
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/** A courier's event through the signed webhook, as a courier integration sends it. */
async function courierSends(world: World, type: 'shipped' | 'delivered', extra: Record<string, string>) {
  const body = JSON.stringify({
    id: `courier-${randomUUID()}`,
    type,
    orderId: orderOf(world),
    at: new Date().toISOString(),
    actor: 'courier',
    carrier: CARRIER,
    ...extra,
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', E2E_FULFILMENT_SECRET).update(`${t}.${body}`).digest('hex');
  const answer = await fetch(`${world.base}/api/v1/fulfilment/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-statefront-signature': `t=${t},v1=${v1}` },
    body,
  });
  const result = (await answer.json().catch(() => null)) as { outcome?: string } | null;
  if (answer.status !== 200 || result?.outcome !== 'applied')
    throw new Error(
      `the fulfilment webhook answered ${answer.status} ${JSON.stringify(result)} to '${type}'`,
    );
}

/** `npm run orders -- <args>` against the journey's server, as an operator runs it. */
export function operatorRuns(world: World, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/orders.ts', ...args],
      {
        cwd: ROOT,
        timeout: 60_000,
        env: { ...process.env, STATEFRONT_URL: world.base, FULFILMENT_SECRET: E2E_FULFILMENT_SECRET },
      },
      (error, stdout, stderr) =>
        error
          ? fail(new Error(`npm run orders -- ${args.join(' ')}: ${stderr || error.message}`))
          : done(stdout),
    );
  });
}

/** Polls the order through the API (the shopper's own session) until its status is `status`, bounded. */
async function waitForStatus(world: World, status: number, within: number) {
  const { page, base } = world;
  const token = (await page.context().cookies(base)).find((c) => c.name === 'auth_token')?.value;
  if (!token) throw new Error('the browser holds no auth_token');
  const deadline = Date.now() + within;
  let last: unknown = null;
  while (Date.now() < deadline) {
    const answer = await page.request.get(`${base}/api/v1/orders/${encodeURIComponent(orderOf(world))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    last = ((await answer.json().catch(() => null)) as { status?: number } | null)?.status;
    if (last === status) return;
    await new Promise((next) => setTimeout(next, 1000));
  }
  throw new Error(`the order was still in status ${String(last)} after ${within / 1000} s, not ${status}`);
}

export const lifecycleDrivers: MachineDrivers<typeof orderLifecycleMachine> = {
  needsOrder: false,
  requests: {},
  steps: {
    start: {
      does: () =>
        'The shopper (signed in) opens /checkout with a product in the cart, fills the shipping form and clicks Place Order',
      perform: async ({ world }) => {
        const { page } = world;
        await openCheckout(world, [world.lines.sized]);
        await fillShipping(world, {
          type: 'checkout.submit',
          items: [],
          city: 'Bengaluru',
          postalCode: '560038',
        } as SubmitEvent);
        await placeOrder(world);
        await page.waitForURL((u) => u.pathname === '/payment' && u.searchParams.has('orderId'), {
          timeout: TIMEOUT,
          waitUntil: 'commit',
        });
        memo(world).order = new URL(page.url()).searchParams.get('orderId') ?? undefined;
        memo(world).entry = { title: 'Order placed', by: 'By you' };
      },
    },
    'payment.confirmed': {
      does: () =>
        "The shopper presses the order's Pay Now on My Orders, fills the payment form, picks 'Card / net banking', clicks Pay Now and pays on the sandbox gateway page ('Pay ₹…')",
      perform: async ({ world }) => {
        const { page } = world;
        await payWith(world, 'Card / net banking', 'Pay Now');
        await page.getByRole('button', { name: /^Pay ₹/ }).click({ timeout: TIMEOUT });
        await orderConfirmed(page);
        memo(world).paid = 'card';
        memo(world).entry = { title: 'Payment received', by: 'Payment gateway' };
      },
    },
    'payment.cashOnDelivery': {
      does: () =>
        "The shopper presses the order's Pay Now on My Orders, fills the payment form, picks 'Cash on delivery' and clicks 'Confirm order'",
      perform: async ({ world }) => {
        const { page } = world;
        await payWith(world, 'Cash on delivery', 'Confirm order');
        await orderConfirmed(page);
        const due = page.getByText(PAY_ON_DELIVERY).first();
        await due.waitFor({ timeout: TIMEOUT });
        memo(world).paid = { cod: (await due.textContent())?.trim() ?? '' };
        memo(world).entry = { title: 'Confirmed for cash on delivery', by: 'By you' };
      },
    },
    'fulfilment.shipped': {
      does: () =>
        `The courier posts a signed 'shipped' event (${CARRIER}, a tracking number and page) to POST /api/v1/fulfilment/events`,
      perform: async ({ world }) => {
        const number = `DL${Date.now().toString().slice(-9)}${Math.floor(Math.random() * 10)}`;
        const url = `https://www.delhivery.com/track/package/${number}`;
        await courierSends(world, 'shipped', { trackingNumber: number, trackingUrl: url });
        memo(world).shipment = { number, url };
        memo(world).entry = {
          title: 'Shipped',
          by: CARRIER,
          detail: `With ${CARRIER}, tracking number ${number}`,
        };
      },
    },
    'fulfilment.delivered': {
      does: () =>
        `The courier posts a signed 'delivered' event (${CARRIER}) to POST /api/v1/fulfilment/events`,
      perform: async ({ world }) => {
        await courierSends(world, 'delivered', {});
        memo(world).entry = { title: 'Delivered', by: CARRIER };
      },
    },
    'order.cancelled': {
      does: (event) =>
        byOf(event) === 'operator'
          ? `An operator runs \`npm run orders -- cancel <order> --note '${OPERATOR_NOTE}'\` against the server`
          : "The shopper presses the order's Cancel order on My Orders, reads what happens to the money and confirms 'Yes, cancel order'",
      perform: async ({ world, event }) => {
        const id = orderOf(world);
        if (byOf(event) === 'operator') {
          const said = await operatorRuns(world, ['cancel', id, '--note', OPERATOR_NOTE]);
          if (!said.includes(`${id} is now Cancelled`))
            throw new Error(`npm run orders -- cancel printed '${said.trim()}'`);
          memo(world).entry = { title: 'Cancelled', by: 'Statefront', detail: OPERATOR_NOTE };
          return;
        }
        const { page } = world;
        const card = await orderDetails(world);
        await card.getByRole('button', { name: 'Cancel order' }).click();
        await card.getByText(`Cancel order ${id}?`).waitFor({ timeout: TIMEOUT });
        // The refund note: a card payment comes back; nothing was taken otherwise (cash on delivery too).
        await card
          .getByText(
            memo(world).paid === 'card'
              ? /^Your payment of ₹[\d,]+\.\d\d is refunded to the way you paid, within 5–7 working days\.$/
              : 'Nothing has been paid for it, so there is nothing to refund.',
          )
          .waitFor({ timeout: TIMEOUT });
        await card.getByRole('button', { name: 'Yes, cancel order' }).click();
        // The toast says so, and when a card payment is back.
        await toast(page, 'Order cancelled');
        await see(
          page,
          memo(world).paid === 'card'
            ? new RegExp(
                `^Order ${id} is cancelled\\. ₹[\\d,]+\\.\\d\\d will be back in your account by \\d+ \\w+\\.$`,
              )
            : `Order ${id} is cancelled.`,
        );
        memo(world).entry = { title: 'Cancelled', by: 'By you', detail: 'Cancelled by the shopper' };
      },
    },
    'payment.windowExpired': {
      does: () =>
        `Nobody pays: the server's expiry job cancels the order once ORDER_PAYMENT_WINDOW (${LIFECYCLE_PAYMENT_WINDOW_MS / 1000} s here) has passed (the order is polled, at most ${Math.ceil(EXPIRY_WAIT_MS / 1000)} s)`,
      perform: async ({ world }) => {
        await waitForStatus(world, 4, EXPIRY_WAIT_MS);
        memo(world).entry = {
          title: 'Cancelled',
          by: 'Payment window ran out',
          detail: 'Not paid within the payment window',
        };
      },
    },
  },
  states: {
    pending: {
      shows:
        "My Orders: the order 'Pending' with Pay Now and Cancel order; its history ends 'Order placed · By you'",
      check: async (world) => {
        const card = await orderDetails(world);
        await showsStatus(card, 'Pending', memo(world).entry);
        await card.getByRole('link', { name: 'Pay Now' }).waitFor({ timeout: TIMEOUT });
        await card.getByRole('button', { name: 'Cancel order' }).waitFor({ timeout: TIMEOUT });
      },
    },
    processing: {
      shows:
        "My Orders: the order 'Processing' with Cancel order and no Pay Now; its history ends with the payment (or 'Confirmed for cash on delivery', with 'Pay ₹X on delivery')",
      check: async (world) => {
        const card = await orderDetails(world);
        await showsStatus(card, 'Processing', memo(world).entry);
        await showsCashOnDelivery(world, card, 'due');
        await card.getByRole('button', { name: 'Cancel order' }).waitFor({ timeout: TIMEOUT });
        await absent(card.getByRole('link', { name: 'Pay Now' }), 'Pay Now');
      },
    },
    shipped: {
      shows:
        "My Orders and Track Order: the order 'Shipped', the courier and its tracking link, history ending 'Shipped · Delhivery'; no Cancel order",
      check: async (world) => {
        const { page, base } = world;
        const shipment = memo(world).shipment;
        if (!shipment) throw new Error('nothing was shipped');
        const card = await orderDetails(world);
        await showsStatus(card, 'Shipped', memo(world).entry);
        await showsCashOnDelivery(world, card, 'due');
        await absent(card.getByRole('button', { name: 'Cancel order' }), 'Cancel order of a shipped order');
        // Track Order, as anyone with the order number and the phone it ships to.
        await page.goto(`${base}/track-order?id=${encodeURIComponent(orderOf(world))}`);
        await appStarted(page);
        await heading(page, 'Track Your Order');
        await page.getByLabel('Email or phone').fill(PHONE);
        await page.getByRole('button', { name: 'Track Order', exact: true }).click();
        const tracked = page.getByRole('region', { name: `Order ${orderOf(world)}`, exact: true });
        await tracked.waitFor({ timeout: TIMEOUT });
        await showsStatus(tracked, 'Shipped', memo(world).entry);
        await showsCashOnDelivery(world, tracked, 'due');
        await tracked.getByText(`${CARRIER} ·`).first().waitFor({ timeout: TIMEOUT });
        const links = [
          tracked.getByRole('link', { name: new RegExp(`^${shipment.number}`) }),
          tracked.getByRole('link', { name: /^Track the package/ }),
        ];
        for (const link of links) {
          await link.first().waitFor({ timeout: TIMEOUT });
          const href = await link.first().getAttribute('href');
          if (href !== shipment.url) throw new Error(`a tracking link leads to ${href}, not ${shipment.url}`);
        }
      },
    },
    delivered: {
      shows:
        "My Orders: the order 'Delivered', history ending 'Delivered · Delhivery'; a cash-on-delivery order says 'Paid on delivery'",
      check: async (world) => {
        const card = await orderDetails(world);
        await showsStatus(card, 'Delivered', memo(world).entry);
        await showsCashOnDelivery(world, card, 'paid');
        await absent(card.getByRole('button', { name: 'Cancel order' }), 'Cancel order of a delivered order');
      },
    },
    cancelled: {
      shows:
        "My Orders: the order 'Cancelled', history ending 'Cancelled' by the shopper ('By you'), an operator ('Statefront', with the note) or the expiry ('Payment window ran out'); no Pay Now or Cancel order",
      check: async (world) => {
        const card = await orderDetails(world);
        await showsStatus(card, 'Cancelled', memo(world).entry);
        await showsCashOnDelivery(world, card, 'void');
        await absent(card.getByRole('button', { name: 'Cancel order' }), 'Cancel order of a cancelled order');
        await absent(card.getByRole('link', { name: 'Pay Now' }), 'Pay Now of a cancelled order');
      },
    },
  },
};
