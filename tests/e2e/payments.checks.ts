/**
 * Payment outcomes and the phone input in the browser: a UPI QR payment failed on the
 * sandbox gateway shows 'Payment failed' with 'Try again' and 'Choose another method' (and Try again
 * gives a new code), a paid one reaches the order confirmation, and the payment page's mobile number
 * takes '+91 98765 43210' typed after clearing and '098765 43210' pasted, refusing a number that starts
 * 0–5 with the field message and the 'Validation Error' toast.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { type ApiProduct, cardCartLine, toDisplayProduct } from '../../machines/catalogue.model';
import { toCreateOrderRequest } from '../../machines/checkout.machine';
import { at, type Check, choose, h1, text, url } from './checks';
import { handOverToUpiApp } from './upi-app';

const SHOTS = resolve(import.meta.dirname, '../../screenshots');

/**
 * A fresh shopper signed in (the token cookie) with a Pending order of their own: one of a one-size
 * product, or with `aboveRupees` enough of the dearest one-size product to cost more than that.
 */
export async function shopperWithOrder(
  page: Page,
  { aboveRupees }: { aboveRupees?: number } = {},
): Promise<string> {
  const email = `payments-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'chai-pe-charcha-42';
  const post = async (path: string, data: unknown, token?: string) => {
    const res = await page.request.post(at(page, `/api/v1${path}`), {
      data,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
    return res.json();
  };
  await post('/users/register', { email, password, firstName: 'Asha', lastName: 'Verma' });
  const { token } = await post('/users/authorize', { email, password });
  const list = await (await page.request.get(at(page, '/api/v1/products?limit=100'))).json();
  const oneSize = (list.data as ApiProduct[])
    .map(toDisplayProduct)
    .filter((p) => (p.sizes?.length ?? 0) <= 1);
  const product = aboveRupees === undefined ? oneSize[0] : [...oneSize].sort((a, b) => b.price - a.price)[0];
  if (!product) throw new Error('the catalogue needs a one-size product');
  const quantity = aboveRupees === undefined ? 1 : Math.floor(aboveRupees / product.price) + 1;
  if (quantity > 10)
    throw new Error(`no one-size product costs over ₹${aboveRupees} in 10 (MAX_LINE_QUANTITY)`);
  const request = toCreateOrderRequest({
    items: [{ ...cardCartLine(product), quantity }] as never,
    shipping: {
      fullName: 'Asha Verma',
      address: '12, 3rd Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      phone: '+91 98765 43210',
    },
  });
  const order = await post('/orders', request, token);
  await page.context().addCookies([{ name: 'auth_token', value: token, url: page.url() }]);
  return String(order.id);
}

async function openPayment(page: Page, orderId: string) {
  await page.goto(at(page, `/payment?orderId=${encodeURIComponent(orderId)}`));
  await h1(page, 'Complete Your Payment');
  await page.getByRole('button', { name: 'Pay Now' }).waitFor({ timeout: 15_000 });
  await page.getByRole('textbox', { name: /^Email/ }).fill('asha@example.in');
}

async function payByQr(page: Page) {
  await choose(page, /^Pay with/, 'UPI QR code');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('heading', { name: 'Scan QR Code to Complete Payment' }).waitFor({ timeout: 15_000 });
  await text(page, /^Valid for (10:00|9:\d\d)$/);
}

/** The shopper answers on the sandbox gateway (another tab, as another device would). */
async function onGateway(page: Page, button: RegExp) {
  const [gateway] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open test gateway (sandbox)' }).click(),
  ]);
  await gateway.getByRole('button', { name: button }).click({ timeout: 15_000 });
  await gateway.waitForLoadState();
  await gateway.close();
}

/** A full-page screenshot of a step, named for the viewport it was taken at (screenshots/). */
export const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: join(SHOTS, `${name}-${width < 768 ? 'mobile' : 'desktop'}.png`),
    fullPage: true,
  });
};

export const PAYMENTS_CHECKS: Check[] = [
  {
    name: 'payment-qr-failed',
    path: '/',
    expect: async (page) => {
      await openPayment(page, await shopperWithOrder(page));
      await payByQr(page);
      await shot(page, 'payment-qr-waiting');
      await onGateway(page, /^Fail payment$/);
      // Followed every 3 s: the failure shows without a reload.
      await page.getByRole('heading', { name: 'Payment failed' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Choose another method' }).waitFor();
      await shot(page, 'payment-qr-declined');
      await page.getByRole('button', { name: 'Try again' }).click();
      await page
        .getByRole('heading', { name: 'Scan QR Code to Complete Payment' })
        .waitFor({ timeout: 15_000 });
      await text(page, 'Waiting for payment confirmation...');
    },
  },
  {
    name: 'payment-qr-paid',
    path: '/',
    expect: async (page) => {
      await openPayment(page, await shopperWithOrder(page));
      await payByQr(page);
      await onGateway(page, /^Pay ₹/);
      await url(page, '/order-success');
      await h1(page, 'Thank You for Your Order!');
    },
  },
  {
    name: 'payment-phone-forgives',
    path: '/',
    expect: async (page) => {
      await openPayment(page, await shopperWithOrder(page));
      const phone = page.getByRole('textbox', { name: /^Mobile number/ });
      await phone.fill('');
      await phone.pressSequentially('+91 98765 43210');
      await phone.blur();
      if ((await phone.inputValue()) !== '+919876543210')
        throw new Error(`typed +91 98765 43210, the field holds ${await phone.inputValue()}`);
      // A paste puts the whole text in at once.
      await phone.fill('098765 43210');
      await phone.blur();
      if ((await page.getByText(/Phone number must/).count()) > 0)
        throw new Error('a pasted number was refused');
      await phone.fill('58765 43210');
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await text(page, 'Validation Error');
      await text(page, 'Please correct the errors in the form');
      await text(page, 'Invalid phone number format');
      await shot(page, 'payment-phone-invalid');
    },
  },
  {
    // After the hand-over to a UPI app, the shopper comes back to a failed payment and recovers with a
    // finger (Choose another method), then with the keyboard (Try again): each a real tap or key press.
    name: 'upi-app-recovery',
    path: '/',
    only: 'mobile',
    expect: async (desktopLike) => {
      const browser = desktopLike.context().browser();
      if (!browser) throw new Error('no browser to open a phone in');
      const phone = await browser.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      });
      try {
        const page = await phone.newPage();
        await page.goto(desktopLike.url());
        await openPayment(page, await shopperWithOrder(page));
        const payNow = page.getByRole('button', { name: 'Pay Now' });
        const handsOver = async (act: () => Promise<unknown>) => {
          const app = await handOverToUpiApp(page, act);
          if (!app.startsWith('upi://pay?')) throw new Error(`handed over to ${app}`);
          await h1(page, 'Complete Your Payment');
          await page.getByRole('heading', { name: 'Complete the payment in your UPI app' }).waitFor();
        };
        const failOnGateway = async () => {
          await onGateway(page, /^Fail payment$/);
          await page.getByRole('heading', { name: 'Payment failed' }).waitFor({ timeout: 15_000 });
        };
        // A phone's default method is the UPI app.
        await page
          .getByRole('combobox', { name: /^Pay with/ })
          .filter({ hasText: 'UPI app' })
          .waitFor();
        await handsOver(() => payNow.tap());
        await shot(page, 'payment-upi-app-waiting');
        await failOnGateway();
        await shot(page, 'payment-upi-app-failed');
        await page.getByRole('button', { name: 'Choose another method' }).tap();
        await payNow.waitFor({ timeout: 5000 });
        await handsOver(() => payNow.tap());
        await failOnGateway();
        await page.getByRole('button', { name: 'Try again' }).focus();
        await handsOver(() => page.keyboard.press('Enter'));
      } finally {
        await phone.close();
      }
    },
  },
];
