/**
 * The cart machine's journeys in a browser, against the real server: the page opens on /cart with the
 * stored cart the journey reads (localStorage['cart'], what `loadCart` returns), signed in only when the
 * journey has the app say so; products go in from their pages (size and colour chips, Quantity, Add to
 * Cart), lines change on /cart (its quantity fields, size pickers, Remove, Clear Cart, the toast's Undo,
 * Checkout), an order placed on /checkout is the reset, and Sign Out on My Account the sign-out. Two real
 * products stand for the model's: the kurta is one with sizes and colours (its second size and colour for
 * the model's M and Indigo), the tee one with sizes in a single colour (its second size for the model's L).
 * Each state's check compares the header's cart count and /cart with the model's cart.
 */
import type { EventObject } from 'xstate';
import type { CartContext, cartMachine } from '../../../machines/cart.machine';
import {
  type CartLine,
  cartCount,
  firstLineNeedingChoice,
  MAX_LINE_QUANTITY,
} from '../../../machines/cart.model';
import { kurta } from '../support/fixtures';
import { labelOf } from '../support/graph';
import { fillShipping, placeOrder, type SubmitEvent } from './checkout.drivers';
import {
  appStarted,
  at,
  goInApp,
  headerFromFirstByte,
  headerLink,
  literal,
  type MachineDrivers,
  productHeading,
  refuseStorage,
  type StepContext,
  see,
  signOutOnAccount,
  stepKeyOf,
  toast,
  type World,
} from './driver';

const TIMEOUT = 15_000;

type AddEvent = EventObject & CartLine;
type UpdateEvent = EventObject & { id: string; quantity: number };

const STORED_TEES = 'a stored cart with 2 tees, size still to choose';
const CORRUPT = 'a corrupt stored value';

/** The real line a model product stands for: the kurta with its size and colour chosen, the tee to choose. */
function lineOf(world: World, id: string): Record<string, unknown> & { id: string; name: string } {
  const line = id === kurta.id ? world.lines.sized : world.lines.sizeOnlyToChoose;
  return line as Record<string, unknown> & { id: string; name: string };
}

/** What the model's cart holds before a step (where the journey was generated). */
const cartOf = (context: unknown): CartContext | undefined => context as CartContext | undefined;

/** /cart, followed in the app, with its lines shown (or its empty state). */
async function openCart(world: World) {
  await goInApp(world, '/cart');
  await world.page
    .getByRole('heading', { level: 1, name: /^(Shopping Cart|Your cart is empty)$/ })
    .first()
    .waitFor({ timeout: TIMEOUT });
  await world.page
    .locator('[aria-busy=true][aria-label="Cart items"]')
    .waitFor({ state: 'detached', timeout: TIMEOUT });
}

/** A chip of the product page's size or colour group, by its value. */
const chip = (world: World, group: 'size' | 'color', value: string) =>
  world.page.getByRole('main').locator('[data-scope=radio-group][data-part=item]', {
    has: world.page.locator(`input[name="${group}"][value="${value}"]`),
  });

/** The toast an Add to Cart gives, from the model's cart before it. */
function addToast(before: CartContext | undefined, event: AddEvent): string | undefined {
  if (!before) return undefined;
  const same = before.items.find(
    (line) =>
      line.id === event.id &&
      line.selectedSize === event.selectedSize &&
      line.selectedColor === event.selectedColor,
  );
  if (!same) return 'Added to cart';
  return same.quantity + event.quantity > MAX_LINE_QUANTITY ? 'Quantity limit' : 'Cart updated';
}

/** /cart with the model's lines (whatever was read of their stock). */
const readyCheck: { shows: string; check: (world: World, context?: unknown) => Promise<void> } = {
  shows:
    "/cart (followed in the app) shows the cart's lines, or 'Your cart is empty'; the header's cart link counts the model's items",
  check: async (world, context) => {
    await openCart(world);
    const cart = cartOf(context);
    const count = cart ? cartCount(cart.items) : null;
    const name = count === null ? /^Cart, \d+ items?$/ : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
    await world.page
      .getByRole('banner')
      .getByRole('link', { name, exact: true })
      .first()
      .waitFor({ timeout: TIMEOUT });
    if (count === 0) await see(world.page, 'Your cart is empty');
    else if (count !== null) await see(world.page, `${count} Item(s)`);
  },
};

export const cartDrivers: MachineDrivers<typeof cartMachine> = {
  needsOrder: false,
  // Read from localStorage in the page: no request, nothing to hold.
  requests: { loadCart: { method: 'GET', path: /^\/(?!)/ } },
  steps: {
    start: {
      does: () =>
        "Open /cart with localStorage['cart'] as the journey reads it, signed in (the auth_token cookie) only when the app is to say so",
      perform: async ({ world, later = [] }: StepContext) => {
        const { page, base } = world;
        if (!later.some((event) => event.type === 'session.signedIn')) await page.context().clearCookies();
        const read = later.find((event) => /^(done|error):loadCart$/.test(stepKeyOf(event)));
        if (read?.type.startsWith('xstate.error.')) await page.addInitScript(refuseStorage('cart'));
        const stored =
          read && labelOf(read) === STORED_TEES
            ? JSON.stringify([{ ...world.lines.sizeOnlyToChoose, quantity: 2 }])
            : read && labelOf(read) === CORRUPT
              ? '{corrupt'
              : null;
        await page.goto(`${base}/robots.txt`);
        await page.evaluate((value) => {
          if (value === null) localStorage.removeItem('cart');
          else localStorage.setItem('cart', value);
        }, stored);
        await page.goto(`${base}/cart`);
        await appStarted(page);
      },
    },
    'done:loadCart': {
      does: (event) =>
        ({
          [STORED_TEES]:
            "localStorage['cart'] holds 2 of a product with sizes in one colour, its size still to choose (set before the page opened)",
          [CORRUPT]: "localStorage['cart'] holds '{corrupt' (set before the page opened)",
        })[labelOf(event) ?? ''] ?? "localStorage['cart'] is read",
      perform: async () => {},
    },
    'error:loadCart': {
      does: () =>
        "Reading localStorage['cart'] throws a SecurityError, as storage the browser refuses does (fault injected before the page opened)",
      perform: async () => {},
    },
    'session.signedIn': {
      does: () =>
        "The page was opened with the shopper's auth_token cookie: the header comes to say 'My Account'",
      perform: async ({ world }) => {
        await headerLink(world.page, 'My Account').waitFor({ timeout: TIMEOUT });
      },
    },
    'session.signedOut': signOutOnAccount,
    'cart.add': {
      does: (event) => {
        const { quantity } = event as AddEvent;
        return `On the product's page (followed in the app), choose its size and colour, set Quantity to ${quantity} and click 'Add to Cart'`;
      },
      perform: async ({ world, event, context }) => {
        const { page } = world;
        const add = event as AddEvent;
        const line = lineOf(world, add.id);
        await goInApp(world, `/product/${line.id}`);
        await productHeading(page, line.name);
        await chip(world, 'size', String(line.selectedSize)).click();
        await chip(world, 'color', String(line.selectedColor)).click();
        if (add.quantity !== 1) {
          await page
            .getByRole('main')
            .getByRole('spinbutton', { name: 'Quantity', exact: true })
            .fill(String(add.quantity));
        }
        // The product's own (first): the similar items' cards below have theirs.
        await page
          .getByRole('main')
          .getByRole('button', { name: 'Add to Cart', exact: true })
          .first()
          .click();
        await at(page, '/cart');
        const said = addToast(cartOf(context), add);
        if (said) await toast(page, said);
      },
    },
    'cart.update': {
      does: (event) => `On /cart, type ${(event as UpdateEvent).quantity} into the product's quantity field`,
      perform: async ({ world, event }) => {
        const update = event as UpdateEvent;
        await openCart(world);
        const field = world.page.getByRole('spinbutton', {
          name: `Quantity of ${lineOf(world, update.id).name}`,
        });
        await field.fill(String(update.quantity));
        await field.press('Tab');
      },
      shows: (event) => ((event as UpdateEvent).quantity > MAX_LINE_QUANTITY ? 'Quantity limit' : undefined),
    },
    'cart.remove': {
      does: () => "On /cart, click the product's Remove",
      perform: async ({ world, event }) => {
        const { name } = lineOf(world, (event as UpdateEvent).id);
        await openCart(world);
        await world.page
          .getByRole('button', { name: new RegExp(`^Remove (.+ of )?${literal(name).source}`) })
          .first()
          .click();
        world.memo.undoToast = 'Removed from cart';
      },
      shows: () => 'Removed from cart',
    },
    'cart.clear': {
      does: () => "On /cart, click 'Clear Cart'",
      perform: async ({ world }) => {
        await openCart(world);
        await world.page.getByRole('button', { name: 'Clear Cart', exact: true }).click();
        world.memo.undoToast = 'Cart cleared';
      },
      shows: () => 'Cart cleared',
    },
    'cart.undo': {
      does: () => "Click 'Undo' on the toast the last Remove or Clear Cart showed",
      perform: async ({ world }) => {
        await world.page
          .locator('[data-scope=toast][data-part=root]')
          .filter({ hasText: String(world.memo.undoToast) })
          .last()
          .getByRole('button', { name: 'Undo', exact: true })
          .click();
      },
      shows: () => 'Restored to cart',
    },
    'cart.choose': {
      does: () => "On /cart, choose the product's second size in its 'Choose size' picker",
      perform: async ({ world }) => {
        const line = world.lines.sizeOnlyToChoose as { name: string; sizeOptions: string[] };
        await openCart(world);
        await world.page
          .getByRole('combobox', { name: `Size of ${line.name}`, exact: true })
          .selectOption(String(line.sizeOptions[1]));
      },
    },
    'cart.reset': {
      does: () =>
        "On /checkout (followed in the app), fill the shipping form and click 'Place Order': the order is created from the cart",
      perform: async ({ world }) => {
        const { page } = world;
        await goInApp(world, '/checkout');
        await page
          .getByRole('heading', { level: 1, name: 'Checkout', exact: true })
          .waitFor({ timeout: TIMEOUT });
        await fillShipping(world, { city: 'Bengaluru', postalCode: '560038' } as SubmitEvent);
        await placeOrder(world);
        await page.waitForURL((url) => url.pathname !== '/checkout', { timeout: TIMEOUT });
      },
    },
    'cart.fit': {
      does: () =>
        "Open /cart (followed in the app) with GET /stock answering 1 left of the product's size and colour (answered in the page), and click the line's 'Keep 1'",
      perform: async ({ world }) => {
        const line = world.lines.sized as { id: string; selectedSize?: string; selectedColor?: string };
        const items = [
          { productId: line.id, size: line.selectedSize ?? null, color: line.selectedColor ?? null, left: 1 },
        ];
        await world.page.route(
          (url) => url.pathname === '/api/v1/stock',
          (route) => route.fulfill({ json: { items } }),
          {
            times: 1,
          },
        );
        // Away and back: the page asks each time it opens. Away means the cart page has gone (a
        // navigation keeps the page before up until the next one's code is in).
        await goInApp(world, '/');
        await world.page
          .getByRole('heading', { level: 1, name: /^(Shopping Cart|Your cart is empty)$/ })
          .waitFor({ state: 'detached', timeout: TIMEOUT });
        await openCart(world);
        await world.page
          .getByRole('button', { name: /^Keep 1 of / })
          .first()
          .click();
      },
    },
    'cart.checkout': {
      does: () => "On /cart, click 'Checkout'",
      perform: async ({ world, context }) => {
        const { page } = world;
        await openCart(world);
        // aria-disabled while a line lacks its size (the button says why), yet pressed it puts the shopper
        // on that line's picker: Playwright waits for an aria-disabled button to enable unless forced.
        await page.getByRole('button', { name: 'Checkout', exact: true }).first().click({ force: true });
        const before = cartOf(context);
        if (!before) return;
        const open = firstLineNeedingChoice(before.items);
        if (open) await toast(page, `Choose a ${open.missing}`);
        else if (before.signedIn) await at(page, '/checkout');
        else {
          await toast(page, 'Login Required');
          await at(page, '/login');
        }
      },
    },
  },
  states: {
    loading: {
      shows: "/cart opens; the cart is read from this browser's storage at once",
      check: headerFromFirstByte,
    },
    ready: readyCheck,
  },
};
