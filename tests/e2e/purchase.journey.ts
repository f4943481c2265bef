/**
 * The shopper's purchase journey against a running server, in a real browser:
 * guard redirect → register → sign in and return → two products (one with size and colour) →
 * checkout → pay by UPI QR through the sandbox gateway → order success → My Orders shows Processing →
 * a second order, on the address the first saved, paid by card (redirect_post → sandbox page → Pay) →
 * sign out → track both ways.
 *
 * tests/e2e/run.ts calls `purchaseJourney(page, baseUrl, shotsDir)` with a fresh page; screenshots of
 * each screen are saved at 1280 px and 375 px as `journey-<step>-<width>.png` in `shotsDir`.
 * Every wait is on something the shopper sees (a heading, a URL, a toast), never on a fixed delay.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { appStarted, choose } from './checks';

const TIMEOUT = 15_000;
/** The QR screen polls the order every 3 s; allow a few rounds for the sandbox approval to land. */
const PAYMENT_TIMEOUT = 30_000;

type ApiProduct = {
  id: string;
  title: string;
  attributes?: { key: string; values: string[] }[];
};

const valuesOf = (product: ApiProduct, keys: string[]) =>
  product.attributes?.find((a) => keys.includes(a.key.toLowerCase()))?.values ?? [];

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`purchase journey: ${message}`);
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).first().waitFor({ state: 'visible', timeout: TIMEOUT });
}

async function see(page: Page, text: string | RegExp, timeout = TIMEOUT) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

async function at(page: Page, pathname: string, timeout = TIMEOUT) {
  // 'commit': the SPA changes the URL without a new document load.
  await page.waitForURL((u) => u.pathname === pathname, { timeout, waitUntil: 'commit' });
}

/** Both widths of the issue: 1280 px desktop and a 375 px phone; the page's own size is restored. */
async function shoot(page: Page, shotsDir: string, step: string) {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shotsDir, `journey-${step}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/** Two catalogue products: one offering several sizes and colours, another of one size and colour. */
async function pickProducts(baseUrl: string): Promise<{ sized: ApiProduct; simple: ApiProduct }> {
  const response = await fetch(`${baseUrl}/api/v1/products?limit=100`);
  check(response.ok, `GET /products answered ${response.status}`);
  const products = ((await response.json()) as { data: ApiProduct[] }).data;
  const sized = products.find(
    (p) =>
      valuesOf(p, ['size', 'sizes']).length > 1 && valuesOf(p, ['color', 'colors', 'colours']).length > 1,
  );
  const simple = products.find(
    (p) =>
      p !== sized &&
      valuesOf(p, ['size', 'sizes']).join() === 'One Size' &&
      valuesOf(p, ['color', 'colors', 'colours']).length <= 1,
  );
  check(sized && simple, 'the catalogue needs a product with sizes and colours and a one-size product');
  return { sized, simple };
}

async function addToCart(page: Page, baseUrl: string, product: ApiProduct, size?: string, color?: string) {
  await page.goto(`${baseUrl}/product/${product.id}`);
  await appStarted(page);
  await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor({ timeout: TIMEOUT });
  for (const choice of [size, color]) {
    if (!choice) continue;
    // The chips are Ark radio items whose inputs are visually hidden: click the chip, check the radio.
    const chip = new RegExp(`^${choice}$`);
    await page.locator('[data-scope=radio-group][data-part=item]', { hasText: chip }).click();
    // The app has started (appStarted above: it asks for its code after the first paint, src/boot.ts);
    // wait for the chip to be the chosen one.
    await page
      .locator('[data-scope=radio-group][data-part=item][data-state=checked]', { hasText: chip })
      .waitFor({ timeout: TIMEOUT })
      .catch(() => check(false, `${choice} is not chosen`));
    check(
      await page.getByRole('radio', { name: choice, exact: true }).isChecked(),
      `${choice} is not chosen`,
    );
  }
  // The product's own (first): the similar items' cards below have theirs.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await at(page, '/cart');
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  // Remember me comes ticked; Ark's checkbox input is visually hidden, so a shopper who
  // finds it unticked clicks its label.
  const remember = page.getByRole('checkbox', { name: 'Remember me' });
  if (!(await remember.isChecked())) await page.getByText('Remember me', { exact: true }).click();
  check(await remember.isChecked(), 'remember me is not ticked');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await see(page, 'Logged in successfully.');
}

/** Checkout and Place Order; a returning shopper's checkout opens on the address the last order saved. */
async function checkout(page: Page, shotsDir: string | null, returning = false): Promise<string> {
  await page.getByRole('button', { name: /Checkout/ }).click();
  await heading(page, 'Checkout');
  if (returning) {
    await page.getByRole('heading', { name: 'Deliver to Asha Verma' }).waitFor({ timeout: TIMEOUT });
  } else {
    await page.getByLabel('Full name').fill('Asha Verma');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12, 3rd Cross, Indiranagar');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByRole('combobox', { name: /State \/ union territory/ }).click();
    await page.getByRole('option', { name: 'Karnataka', exact: true }).click();
    await page.getByLabel('PIN code').fill('560038');
    await page.getByLabel('Phone').fill('+91 98765-43210');
  }
  if (shotsDir) await shoot(page, shotsDir, 'checkout');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL((u) => u.pathname === '/payment' && u.searchParams.has('orderId'), {
    timeout: TIMEOUT,
  });
  const orderId = new URL(page.url()).searchParams.get('orderId');
  check(orderId, 'no orderId in the payment URL');
  return orderId;
}

async function fillPayer(page: Page, method: string) {
  await heading(page, 'Complete Your Payment');
  await page.getByRole('button', { name: 'Pay Now' }).waitFor({ timeout: TIMEOUT });
  await page.getByLabel('Name', { exact: false }).first().fill('Asha Verma');
  const email = page.getByRole('textbox', { name: /^Email/ });
  if ((await email.inputValue()) === '') await email.fill('asha@example.com');
  const phone = page.getByRole('textbox', { name: /^Mobile number/ });
  await phone.fill('');
  await phone.pressSequentially('9876543210');
  // The field never rewrites what is being typed; leaving it shows the number as it is sent.
  await phone.blur();
  check((await phone.inputValue()) === '+919876543210', `the phone reads ${await phone.inputValue()}`);
  await choose(page, /^Pay with/, method);
}

async function expectOrderStatus(page: Page, baseUrl: string, orderId: string, status: string) {
  await page.goto(`${baseUrl}/orders`);
  await appStarted(page);
  await heading(page, 'My Orders');
  const card = page.getByRole('article', { name: `Order ${orderId}` });
  await card.waitFor({ timeout: TIMEOUT });
  await card.getByText(status, { exact: true }).waitFor({ timeout: TIMEOUT });
}

async function track(page: Page, baseUrl: string, orderId: string, contact: string) {
  await page.goto(`${baseUrl}/track-order?id=${encodeURIComponent(orderId)}`);
  await appStarted(page);
  await heading(page, 'Track Your Order');
  check(
    (await page.getByLabel('Order number').inputValue()) === orderId,
    'the order number is not prefilled',
  );
  await page.getByLabel('Email or phone').fill(contact);
  await page.getByRole('button', { name: 'Track Order' }).click();
  await see(page, 'Your order status has been loaded');
  const result = page.getByRole('region', { name: `Order ${orderId}` });
  await result.getByText('Processing', { exact: true }).first().waitFor({ timeout: TIMEOUT });
  await result.getByRole('table').waitFor();
}

export async function purchaseJourney(page: Page, baseUrl: string, shotsDir: string): Promise<void> {
  const base = baseUrl.replace(/\/+$/, '');
  const email = `asha.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gmail.com`;
  const password = 'chai-pe-charcha';
  const { sized, simple } = await pickProducts(base);

  // A visitor asking for a login-required page lands on the sign-in form.
  await page.goto(`${base}/orders?from=journey`);
  await appStarted(page);
  await at(page, '/login');
  await heading(page, 'Sign in to your account');
  await shoot(page, shotsDir, 'login');

  // Register (no automatic sign-in: back home with the success toast).
  await page.goto(`${base}/register`);
  await appStarted(page);
  await heading(page, 'Create an account');
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await shoot(page, shotsDir, 'register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await see(page, 'Account created successfully. You can now log in.');
  await at(page, '/');

  // The guard remembers the path and query; signing in returns there.
  await page.goto(`${base}/orders?from=journey`);
  await appStarted(page);
  await at(page, '/login');
  await signIn(page, email, password);
  await page.waitForURL((u) => u.pathname === '/orders' && u.search === '?from=journey', {
    timeout: TIMEOUT,
  });
  await see(page, 'No Orders Found');

  // Two products, one with a chosen size and colour.
  const size = valuesOf(sized, ['size', 'sizes'])[1] as string;
  const color = valuesOf(sized, ['color', 'colors', 'colours'])[1] as string;
  await addToCart(page, base, sized, size, color);
  await addToCart(page, base, simple);
  await see(page, `Colour: ${color} · Size: ${size}`);
  await see(page, '2 Item(s)');

  // Order 1: checkout, then UPI QR; the sandbox page stands in for the shopper's UPI app.
  const firstOrder = await checkout(page, shotsDir);
  await fillPayer(page, 'UPI QR code');
  await shoot(page, shotsDir, 'payment-form');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('heading', { name: 'Scan QR Code to Complete Payment' }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('img', { name: 'Payment QR code' }).waitFor();
  await see(page, 'Waiting for payment confirmation...');
  await shoot(page, shotsDir, 'payment-qr');
  const [gateway] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Open test gateway (sandbox)' }).click(),
  ]);
  await gateway.getByRole('button', { name: /^Pay ₹/ }).click({ timeout: TIMEOUT });
  await gateway.waitForURL((u) => u.pathname === '/order-success', { timeout: TIMEOUT });
  await gateway.close();
  // The QR screen notices the payment by itself.
  await at(page, '/order-success', PAYMENT_TIMEOUT);
  await heading(page, 'Thank You for Your Order!');
  await shoot(page, shotsDir, 'order-success');
  await expectOrderStatus(page, base, firstOrder, 'Processing');
  await shoot(page, shotsDir, 'orders');

  // Order 2, on the saved address: card → redirect_post → the sandbox gateway page → Pay → back to order success.
  await addToCart(page, base, simple);
  const secondOrder = await checkout(page, null, true);
  await fillPayer(page, 'Card / net banking');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: /^Pay ₹/ }).waitFor({ timeout: TIMEOUT });
  check(new URL(page.url()).pathname.includes('/payments/sandbox/'), `the gateway is at ${page.url()}`);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await at(page, '/order-success', PAYMENT_TIMEOUT);
  await heading(page, 'Thank You for Your Order!');
  await expectOrderStatus(page, base, secondOrder, 'Processing');

  // Account, then sign out; tracking works for a visitor with the number plus email or phone.
  await page.goto(`${base}/account`);
  await appStarted(page);
  await page.getByText(email).first().waitFor({ timeout: TIMEOUT });
  await shoot(page, shotsDir, 'account');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await see(page, 'Logged out');
  await at(page, '/');
  await track(page, base, firstOrder, email);
  await shoot(page, shotsDir, 'track-email');
  await track(page, base, secondOrder, '+91 98765 43210');
  await shoot(page, shotsDir, 'track-phone');

  // Signed out, the guard sends the visitor to sign in again.
  await page.goto(`${base}/account`);
  await appStarted(page);
  await at(page, '/login');
}
