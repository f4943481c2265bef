/**
 * India-aware addresses in the browser (docs/storefront.md): on the checkout page a PIN code fills City
 * and State from India Post's directory (again when the PIN is corrected) and a PIN outside the state the
 * shopper chose is refused under the field;
 * the account's last used address is chosen and summarised with Place Order in view, Change offers the
 * saved addresses and the form (a new PIN re-fills City and State); the account page lists it.
 */
import type { Page } from 'playwright-core';
import { at, type Check, h1, open, registerShopper, text } from './checks';

const DELHI = {
  fullName: 'Meera Iyer',
  address: '12 Janpath, Connaught Place',
  city: 'New Delhi',
  state: 'Delhi',
  postalCode: '110001',
  phone: '+919876543210',
};

/** A fresh account (with `address` saved to it, when given), signed in through the login page. */
async function signInShopper(page: Page, address?: typeof DELHI) {
  const { email, password } = await registerShopper(page, 'address');
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signed in, the login page leaves for home (slow machines take a while to get there).
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
  // Saved through the API after the sign-in (a second session), as an earlier checkout would have.
  if (address) {
    const login = await page.request.post(at(page, '/api/v1/users/authorize'), { data: { email, password } });
    const { token } = (await login.json()) as { token: string };
    const saved = await page.request.post(at(page, '/api/v1/addresses'), {
      data: address,
      headers: { authorization: `Bearer ${token}` },
    });
    if (saved.status() !== 201) throw new Error(`POST /addresses answered ${saved.status()}`);
  }
}

/** The field labelled `label` holds `value` (looked up afresh each time: React may replace the node). */
async function waitForValue(page: Page, label: string, value: string) {
  const field = page.getByLabel(new RegExp(`^${label}`)).first();
  const until = Date.now() + 10_000;
  let last = '';
  while (Date.now() < until) {
    last = await field.inputValue({ timeout: 1_000 }).catch(() => last);
    if (last === value) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`${label} holds "${last}", not "${value}"`);
}

/** The State select's trigger shows the chosen state. */
async function stateShows(page: Page, state: string) {
  await page
    .getByRole('combobox', { name: /State \/ union territory/ })
    .filter({ hasText: state })
    .waitFor({ timeout: 10_000 });
}

export const ADDRESS_CHECKS: Check[] = [
  {
    name: 'address-pin-fills-and-refuses',
    path: '/',
    expect: async (page) => {
      await signInShopper(page);
      await open(page, '/checkout');
      await h1(page, 'Checkout');
      const pin = page.getByLabel('PIN code');
      await pin.fill('560038');
      await waitForValue(page, 'City', 'Bangalore');
      await stateShows(page, 'Karnataka');
      await text(page, 'Bangalore, Karnataka');
      // A corrected PIN brings its own city and state: those were the last PIN's, not the shopper's.
      await pin.fill('110001');
      await waitForValue(page, 'City', 'Central Delhi');
      await stateShows(page, 'Delhi');
      // A state the shopper chose is theirs: PIN 110001 (Delhi) was once accepted with Karnataka.
      await page.getByRole('combobox', { name: /State \/ union territory/ }).click();
      await page.getByRole('option', { name: 'Karnataka', exact: true }).click();
      await stateShows(page, 'Karnataka');
      await pin.fill('');
      await pin.fill('110001');
      await text(page, 'PIN code 110001 is in Delhi, not Karnataka');
      await page.getByLabel('PIN code').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    },
  },
  {
    name: 'address-saved-offered',
    path: '/',
    expect: async (page) => {
      await signInShopper(page, DELHI);
      await open(page, '/checkout');
      await h1(page, 'Checkout');
      // The last used address is chosen and summarised: Place Order is in view without scrolling.
      await page.getByRole('heading', { name: 'Deliver to Meera Iyer' }).waitFor({ timeout: 10_000 });
      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      const box = await placeOrder.boundingBox();
      const viewport = page.viewportSize();
      if (!box || !viewport || box.y + box.height > viewport.height)
        throw new Error(`Place Order is not in view: ${JSON.stringify(box)} in ${JSON.stringify(viewport)}`);
      // Change: the saved addresses, and the form holding the chosen one; a new PIN brings its city.
      await page.getByRole('button', { name: /^Change the address: Meera Iyer, 12 Janpath/ }).click();
      await page.getByRole('heading', { name: 'Saved addresses' }).waitFor({ timeout: 10_000 });
      await text(page, '· Last used');
      await waitForValue(page, 'Full name', DELHI.fullName);
      await page.getByLabel('PIN code').fill('560038');
      await waitForValue(page, 'City', 'Bangalore');
      await stateShows(page, 'Karnataka');
      await page.getByRole('button', { name: /^Deliver to Meera Iyer, 12 Janpath/ }).click();
      await page.getByRole('heading', { name: 'Deliver to Meera Iyer' }).waitFor({ timeout: 10_000 });
      await waitForValue(page, 'PIN code', DELHI.postalCode);
      await waitForValue(page, 'City', DELHI.city);
      await open(page, '/account');
      await page.getByRole('button', { name: /^Delete Meera Iyer, 12 Janpath/ }).waitFor({ timeout: 10_000 });
    },
  },
];
