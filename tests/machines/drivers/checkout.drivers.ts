/**
 * The checkout machine's journeys in a browser: the cart a step needs is the shopper's stored cart
 * (localStorage 'cart', what the cart machine loads), the shipping form is filled as a shopper types
 * it, Place Order submits, and POST /orders answers from the real server unless the step is a failure.
 */
import type { EventObject } from 'xstate';
import type { checkoutMachine } from '../../../machines/checkout.machine';
import { type StockShortage, StockShortageError } from '../../../machines/shortage.model';
import { labelOf } from '../support/graph';
import { appStarted, busyButton, type MachineDrivers, type StepContext, see, type World } from './driver';

export type SubmitEvent = EventObject & { items: unknown[]; city: string; postalCode: string };

/** The real cart lines standing for the model's kurta and tee lines. */
function cartFor(world: World, event: EventObject): Record<string, unknown>[] {
  const label = labelOf(event);
  switch (label) {
    case '2 lines, every field filled':
      return [world.lines.sized, world.lines.simple];
    case 'the bag as adjusted: 1 tee':
      return [{ ...world.lines.simple, quantity: 1 }];
    case 'empty cart':
      return [];
    case 'a tee line without its size':
      return [world.lines.sizeToChoose];
    case 'city blank':
    case 'a 5-digit PIN code':
      return [world.lines.sized];
    default:
      throw new Error(`checkout.submit: no cart for the variant '${label ?? JSON.stringify(event)}'`);
  }
}

/** The 409 a step stands for (tests/machines/support/fixtures.ts `shortageError`), if it is one. */
function shortageOf(event: EventObject): StockShortageError | null {
  const error = (event as { error?: unknown }).error;
  return error instanceof StockShortageError ? error : null;
}

/** A model shortage about the kurta or the tee, about the real line standing for it instead. */
function realShortage(world: World, shortage: StockShortage): StockShortage {
  const line = (shortage.productId === 'p-kurta' ? world.lines.sized : world.lines.simple) as {
    id: string;
    name: string;
    selectedSize?: string;
    selectedColor?: string;
  };
  return {
    ...shortage,
    productId: line.id,
    title: line.name,
    size: line.selectedSize ?? null,
    color: line.selectedColor ?? null,
  };
}

const cartWords = (event: EventObject) =>
  ({
    '2 lines, every field filled': 'a product with its size and colour chosen and a one-size product',
    'the bag as adjusted: 1 tee': 'the one-size product alone, 1 of it (as Adjust my bag left it)',
    'empty cart': 'nothing',
    'a tee line without its size': 'a product added from a card, its size still to choose',
    'city blank': 'a product with its size and colour chosen',
    'a 5-digit PIN code': 'a product with its size and colour chosen',
  })[labelOf(event) ?? ''] ?? '?';

/** Opens /checkout with `lines` as the stored cart (a reload: the checkout screen starts afresh, idle). */
export async function openCheckout(world: World, lines: Record<string, unknown>[]) {
  const { page, base } = world;
  if (!page.url().startsWith(base)) await page.goto(`${base}/robots.txt`);
  await page.evaluate((cart) => localStorage.setItem('cart', cart), JSON.stringify(lines));
  await page.goto(`${base}/checkout`);
  await appStarted(page);
  await page.getByRole('heading', { level: 1, name: 'Checkout', exact: true }).waitFor({ timeout: 15_000 });
  world.memo.cart = JSON.stringify(lines);
}

/**
 * The shipping form, past the saved addresses: once they have come, a chosen one is summarised in place
 * of the form (the run's shopper has ordered before, and the order saved its address), and Change opens
 * the form, as for a shopper who types a new address.
 */
async function openShippingForm(world: World) {
  const { page } = world;
  await page.getByRole('heading', { level: 1, name: 'Checkout', exact: true }).waitFor({ timeout: 15_000 });
  await page.getByText('Looking for your saved addresses…').waitFor({ state: 'hidden', timeout: 15_000 });
  const change = page.getByRole('button', { name: /^Change the address/ });
  if (await change.isVisible()) await change.click();
}

export async function fillShipping(world: World, event: SubmitEvent) {
  const { page } = world;
  await openShippingForm(world);
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12, 3rd Cross, Indiranagar');
  // A 6-digit PIN code fills City and State from India Post's directory (docs/storefront.md): the PIN goes in
  // first and its lookup is waited for, so the city the step names (blank, say) is what is sent.
  await page.getByLabel('PIN code').fill(event.postalCode);
  if (/^\d{6}$/.test(event.postalCode)) await see(page, 'Bangalore, Karnataka');
  await page.getByLabel('City').fill(event.city);
  const state = page.getByRole('combobox', { name: /State \/ union territory/ });
  if (!(await state.textContent())?.includes('Karnataka')) {
    await state.click();
    await page.getByRole('option', { name: 'Karnataka', exact: true }).click();
  }
  await page.getByLabel('Phone').fill('98765 43210');
}

export const placeOrder = (world: World) =>
  world.page.getByRole('button', { name: 'Place Order', exact: true }).click();

export const checkoutDrivers: MachineDrivers<typeof checkoutMachine> = {
  needsOrder: false,
  requests: { createOrder: { method: 'POST', path: /^\/api\/v1\/orders$/ } },
  steps: {
    start: {
      does: () => 'Open /checkout signed in, with the cart the next step needs',
      perform: async ({ world, next }: StepContext) =>
        openCheckout(world, next?.type === 'checkout.submit' ? cartFor(world, next) : []),
    },
    'checkout.submit': {
      does: (event) => {
        const e = event as SubmitEvent;
        return `With ${cartWords(event)} in the cart, fill the shipping form (city '${e.city}', PIN code '${e.postalCode}') and click Place Order`;
      },
      perform: async ({ world, event }) => {
        const lines = cartFor(world, event);
        if (world.memo.cart !== JSON.stringify(lines)) await openCheckout(world, lines);
        await fillShipping(world, event as SubmitEvent);
        await placeOrder(world);
      },
      shows: (event) =>
        ({
          'empty cart': 'Cart is empty',
          'a tee line without its size': 'Choose size and colour',
          'city blank': 'Please fill all fields',
          'a 5-digit PIN code': /6-digit PIN code/,
        })[labelOf(event) ?? ''],
    },
    'done:createOrder': {
      does: () => 'POST /orders answers from the real server: the order is created',
      perform: ({ world }) => world.answer('createOrder', { kind: 'real' }),
    },
    'checkout.adjust': {
      does: () => "Click 'Adjust my bag' under the short lines",
      perform: ({ world }) => world.page.getByRole('button', { name: 'Adjust my bag', exact: true }).click(),
    },
    'error:createOrder': {
      does: (event) => {
        const shortage = shortageOf(event);
        if (shortage)
          return `POST /orders is answered 409 with the short lines: ${shortage.shortages
            .map((s) => `${s.title} ${s.left === 0 ? 'sold out' : `${s.left} left`}`)
            .join(', ')} (fault injected)`;
        const error = (event as { error?: { message?: string; field?: string } }).error;
        return error?.field
          ? `POST /orders is answered 400 '${error.message}' about the ${error.field} field (fault injected)`
          : `POST /orders is answered 400 '${error?.message}' (fault injected)`;
      },
      perform: ({ world, event }) => {
        const shortage = shortageOf(event);
        if (shortage)
          return world.answer('createOrder', {
            kind: 'fault',
            status: 409,
            body: {
              error: shortage.message,
              shortages: shortage.shortages.map((s) => realShortage(world, s)),
            },
          });
        const error = (event as { error?: { message?: string; field?: string } }).error;
        return world.answer('createOrder', {
          kind: 'fault',
          status: 400,
          body: { error: error?.message, ...(error?.field ? { field: error.field } : {}) },
        });
      },
      shows: (event) => {
        if (shortageOf(event)) return 'Adjust my bag';
        const error = (event as { error?: { field?: string; message?: string } }).error;
        return error?.field ? error.message : 'Error placing order';
      },
    },
  },
  states: {
    idle: {
      shows: 'The Checkout page with its shipping form and an enabled Place Order button',
      check: async ({ page }) => {
        await page.getByRole('button', { name: 'Place Order', exact: true }).waitFor({ timeout: 15_000 });
        if (await page.getByRole('button', { name: 'Place Order', exact: true }).isDisabled())
          throw new Error('Place Order is disabled');
      },
    },
    validating: { transient: 'Decided at once on Place Order (no screen of its own)' },
    shortage: {
      shows:
        "Above the form, each short line with its size, colour and 'Sold out' or 'Only N left', and 'Adjust my bag'; Place Order is disabled",
      check: async ({ page }) => {
        await page.getByRole('button', { name: 'Adjust my bag', exact: true }).waitFor({ timeout: 15_000 });
        if (!(await page.getByRole('button', { name: 'Place Order', exact: true }).isDisabled()))
          throw new Error('Place Order is enabled beside the short lines');
      },
    },
    processing: busyButton(
      "Place Order reads 'Processing...' and is disabled while the order is placed",
      'Processing...',
    ),
    success: {
      shows: 'The payment page of the new order (/payment?orderId=…), the cart emptied',
      check: async ({ page }) => {
        await page.waitForURL((u) => u.pathname === '/payment' && u.searchParams.has('orderId'), {
          timeout: 15_000,
          waitUntil: 'commit',
        });
        await see(page, 'Complete Your Payment');
      },
    },
  },
};
