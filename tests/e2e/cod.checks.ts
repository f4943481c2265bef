/**
 * Cash on delivery in the browser: a shopper's Pending order within COD_LIMIT offers
 * 'Cash on delivery' on the payment page; choosing it and pressing 'Confirm order' lands on the order
 * confirmation with 'Pay ₹X on delivery', and My Orders shows the order Processing with the same words
 * and no Pay Now. Above the limit the form says why it is not offered.
 */
import { at, type Check, choose, h1, url } from './checks';
import { shopperWithOrder, shot } from './payments.checks';

const PAY_ON_DELIVERY = /^Pay ₹[\d,]+\.\d\d on delivery$/;

export const COD_CHECKS: Check[] = [
  {
    name: 'cod',
    path: '/',
    expect: async (page) => {
      const orderId = await shopperWithOrder(page);
      await page.goto(at(page, `/payment?orderId=${encodeURIComponent(orderId)}`));
      await h1(page, 'Complete Your Payment');
      await page.getByRole('button', { name: 'Pay Now' }).waitFor({ timeout: 15_000 });
      await page.getByRole('textbox', { name: /^Email/ }).fill('asha@example.in');
      await choose(page, /^Pay with/, 'Cash on delivery');
      await shot(page, 'payment-cod');
      await page.getByRole('button', { name: 'Confirm order', exact: true }).click();

      await url(page, '/order-success');
      await h1(page, 'Thank You for Your Order!');
      const due = page.getByText(PAY_ON_DELIVERY);
      await due.waitFor({ timeout: 10_000 });
      const words = (await due.textContent())?.trim() ?? '';
      await shot(page, 'order-success-cod');

      await page.getByRole('link', { name: 'View My Orders' }).click();
      await url(page, '/orders');
      const card = page.getByRole('article', { name: `Order ${orderId}` });
      await card.getByText(words, { exact: true }).waitFor({ timeout: 10_000 });
      await card.getByText('Processing', { exact: true }).first().waitFor();
      if ((await card.getByRole('link', { name: 'Pay Now' }).count()) > 0)
        throw new Error('a cash-on-delivery order offers Pay Now');
      await shot(page, 'orders-cod');
    },
  },
  {
    name: 'cod-above-limit',
    path: '/',
    expect: async (page) => {
      // Above COD_LIMIT (₹10,000 by default) the form says why Cash on delivery is not among the ways.
      const orderId = await shopperWithOrder(page, { aboveRupees: 10_000 });
      await page.goto(at(page, `/payment?orderId=${encodeURIComponent(orderId)}`));
      await h1(page, 'Complete Your Payment');
      await page.getByRole('button', { name: 'Pay Now' }).waitFor({ timeout: 15_000 });
      await page
        .getByText(/Cash on delivery is available up to ₹10,000\.00; this order is ₹[\d,]+\.\d\d\./)
        .waitFor();
      await page.getByRole('combobox', { name: /^Pay with/ }).click();
      await page.getByRole('option', { name: 'UPI QR code', exact: true }).waitFor();
      if ((await page.getByRole('option', { name: 'Cash on delivery', exact: true }).count()) > 0)
        throw new Error('Cash on delivery offered above the limit');
      await page.keyboard.press('Escape');
      await shot(page, 'payment-cod-above-limit');
    },
  },
];
