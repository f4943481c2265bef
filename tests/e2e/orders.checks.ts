/**
 * Orders that move, in the browser: an order shipped through the signed fulfilment webhook
 * shows its history (placed, then shipped with the courier and a tracking link) on My Orders, and a
 * Pending order is cancelled from its card after the shopper confirms.
 */

import type { Page } from 'playwright-core';
import { sign } from '../../scripts/operator-api';
import { at, type Check, h1, open, text } from './checks';
import { shot } from './payments.checks';
import { E2E_FULFILMENT_SECRET } from './shop';

const SHIPPING = {
  fullName: 'Kavya Menon',
  address: '21, 4th Main, Jayanagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560041',
  phone: '+919876543210',
};

type Shopper = { ids: string[]; token: string; email: string };

/** A fresh account with two Pending orders, signed in through the login page. */
async function shopperWithOrders(page: Page): Promise<Shopper> {
  const email = `orders-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'saree-sunday-42';
  const registered = await page.request.post(at(page, '/api/v1/users/register'), {
    data: { email, password, firstName: 'Kavya', lastName: 'Menon' },
  });
  if (registered.status() !== 201) throw new Error(`register answered ${registered.status()}`);
  const login = await page.request.post(at(page, '/api/v1/users/authorize'), { data: { email, password } });
  const { token } = (await login.json()) as { token: string };
  const list = await page.request.get(at(page, '/api/v1/products?limit=1'));
  const [product] = ((await list.json()) as { data: { id: string }[] }).data;
  if (!product) throw new Error('no product to order');
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) {
    const placed = await page.request.post(at(page, '/api/v1/orders'), {
      data: { products: { [product.id]: 1 }, shippingAddress: SHIPPING },
      headers: { authorization: `Bearer ${token}` },
    });
    if (placed.status() !== 201) throw new Error(`POST /orders answered ${placed.status()}`);
    ids.push(((await placed.json()) as { id: string }).id);
  }
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
  return { ids, token, email };
}

/** Pays `orderId` by card on the sandbox gateway's page, as a shopper would (Pending → Processing). */
async function pay(page: Page, shopper: Shopper, orderId: string) {
  const started = await page.request.post(at(page, '/api/v1/payments'), {
    data: {
      orderId,
      fields: { payerName: 'Kavya Menon', email: shopper.email, phone: SHIPPING.phone, method: 'card' },
    },
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  const { redirectUrl } = (await started.json()) as { redirectUrl?: string };
  if (!redirectUrl) throw new Error(`POST /payments answered ${started.status()} without a gateway page`);
  const gateway = await page.context().newPage();
  try {
    await gateway.goto(redirectUrl);
    await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
    await gateway.waitForURL((u) => u.pathname === '/order-success', { timeout: 30_000 });
  } finally {
    await gateway.close();
  }
}

/** A courier's signed event for `orderId`, as `npm run orders -- ship` (or `deliver`) sends it. */
async function courier(page: Page, orderId: string, type: 'shipped' | 'delivered') {
  const body = JSON.stringify({
    id: `e2e-${orderId}-${type}`,
    type,
    orderId,
    at: new Date().toISOString(),
    carrier: 'Delhivery',
    ...(type === 'shipped'
      ? { trackingNumber: '1234567890', trackingUrl: 'https://www.delhivery.com/track/package/1234567890' }
      : {}),
  });
  const answer = await page.request.post(at(page, '/api/v1/fulfilment/events'), {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-statefront-signature': sign(E2E_FULFILMENT_SECRET, body),
    },
  });
  if (answer.status() !== 200) throw new Error(`the fulfilment webhook answered ${answer.status()}`);
}
const ship = (page: Page, orderId: string) => courier(page, orderId, 'shipped');

export const ORDERS_CHECKS: Check[] = [
  {
    name: 'orders-history-and-cancel',
    path: '/',
    expect: async (page) => {
      const shopper = await shopperWithOrders(page);
      const [shipped, pending] = shopper.ids;
      if (!shipped || !pending) throw new Error('two orders were not placed');
      await pay(page, shopper, shipped);
      await ship(page, shipped);
      await open(page, '/orders');
      await h1(page, 'My Orders');
      const pendingCard = page.getByRole('article', { name: `Order ${pending}` });
      // The unpaid one says by when it must be paid, beside its Pay Now.
      const payBy = pendingCard.getByText(/^Pay by .+, or it is cancelled$/);
      await payBy.waitFor({ timeout: 10_000 });
      await payBy.scrollIntoViewIfNeeded();
      await shot(page, 'orders-pay-by');
      await pendingCard.getByRole('button', { name: 'Cancel order' }).click();
      await pendingCard.getByRole('button', { name: 'Yes, cancel order' }).click();
      await text(page, `Order ${pending} is cancelled.`);
      await pendingCard.getByText('Cancelled', { exact: true }).first().waitFor({ timeout: 10_000 });
      // The paid one shipped: its history names the courier and links to its tracking page.
      const shippedCard = page.getByRole('article', { name: `Order ${shipped}` });
      // Compact until the shopper opens its details.
      const history = shippedCard.getByRole('region', { name: 'Order history' });
      if (await history.isVisible()) throw new Error('the card opens with its details showing');
      await shippedCard.getByText('Order details', { exact: true }).click();
      await history.getByText('With Delhivery, tracking number 1234567890').waitFor({ timeout: 10_000 });
      const link = history.getByRole('link', { name: /Track the package/ });
      if ((await link.getAttribute('href')) !== 'https://www.delhivery.com/track/package/1234567890')
        throw new Error('the tracking link does not lead to the courier');
      if (await shippedCard.getByRole('button', { name: 'Cancel order' }).count())
        throw new Error('a shipped order offers Cancel order');
      await history.scrollIntoViewIfNeeded();
      await shot(page, 'orders-details-open');
    },
  },
  {
    name: 'orders-return',
    path: '/',
    expect: async (page) => {
      const shopper = await shopperWithOrders(page);
      const [orderId] = shopper.ids;
      if (!orderId) throw new Error('no order was placed');
      await pay(page, shopper, orderId);
      await ship(page, orderId);
      await courier(page, orderId, 'delivered');
      await open(page, '/orders');
      await h1(page, 'My Orders');
      const card = page.getByRole('article', { name: `Order ${orderId}` });
      await card.getByText(/^Return or exchange by /).waitFor({ timeout: 10_000 });
      await card.getByRole('button', { name: 'Return or exchange' }).click();
      const form = card.getByRole('form', { name: `Return or exchange from order ${orderId}` });
      await form.waitFor({ timeout: 10_000 });
      // An exchange for another size: the only line is chosen already.
      await form.getByText('Exchange for another size', { exact: true }).click();
      const size = form.getByLabel(/^New size/);
      const [first] = (await size.locator('option').allTextContents()).filter((s) => s !== 'Choose a size');
      await size.selectOption(first ?? '');
      await form.getByLabel('Reason').selectOption('Size too small');
      await form.scrollIntoViewIfNeeded();
      await shot(page, 'orders-return-form');
      await form.getByRole('button', { name: 'Request exchange' }).click();
      await text(page, 'Exchange requested');
      const glance = card.getByRole('region', { name: 'Returns and exchanges' });
      await glance.getByText('Requested', { exact: true }).waitFor({ timeout: 10_000 });
      await card.getByText('Order details', { exact: true }).click();
      await card.getByRole('region', { name: /^Exchange RT-\w+ history$/ }).scrollIntoViewIfNeeded();
      await shot(page, 'orders-return-requested');
    },
  },
];
