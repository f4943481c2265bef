/**
 * The wishlist machine's journeys in a browser, against the real server: the page opens as a visitor
 * with the wishlist the next step needs in localStorage['wishlist'] (what the machine reads at once),
 * hearts are pressed on the product pages (two real products stand for the model's kurta and tee),
 * the shopper signs in on /login and out on My Account (the app then tells the wishlist), and POST
 * /wishlist (the merge) and PUT/DELETE /wishlist/{id} answer from the real server unless the step is
 * a failure (no response, a 500).
 */
import type { EventObject } from 'xstate';
import type { wishlistMachine } from '../../../machines/wishlist.machine';
import { kurta } from '../support/fixtures';
import { labelOf } from '../support/graph';
import {
  appStarted,
  at,
  goInApp,
  headerFromFirstByte,
  headerLink,
  heading,
  type MachineDrivers,
  productHeading,
  refuseStorage,
  type StepContext,
  serverAnswers,
  serverFails,
  signOutOnAccount,
  type World,
} from './driver';

const TIMEOUT = 15_000;

type ToggleEvent = EventObject & { id: string };

/** The real product a model id stands for: the kurta is the product with sizes, the tee the one-size one. */
function productOf(world: World, id: string): { id: string; name: string } {
  const line = id === kurta.id ? world.lines.sized : world.lines.simple;
  return { id: String(line.id), name: String(line.name) };
}

/** What the model's stored value is in this run (its ids made real). */
function storedFor(world: World, event: EventObject | undefined): string | null {
  switch (event && labelOf(event)) {
    case 'a stored list with the kurta (and junk)': {
      const { id } = productOf(world, kurta.id);
      return JSON.stringify([id, id, 7]);
    }
    case 'a corrupt stored value':
      return '{corrupt';
    default:
      return null;
  }
}

const banner = (world: World) => world.page.getByRole('banner');
const signedIn = (world: World) => headerLink(world.page, 'My Account').waitFor({ timeout: TIMEOUT });

/**
 * My Wishlist (followed in the app) shows a list or its empty state, no longer 'Loading your wishlist':
 * the page has taken the server's answer in. (The header's count is there while the lists merge too; a
 * heart read then showed this browser's list, and the merge's answer flipped it back under the click:
 * a clean-clone CI's journey timed out waiting for a heart the server's list had turned again.)
 */
async function listShown(world: World) {
  await goInApp(world, '/wishlist');
  await heading(world.page, 'My Wishlist');
  await world.page
    .getByRole('status', { name: 'Loading your wishlist' })
    .waitFor({ state: 'detached', timeout: TIMEOUT });
}

/** Signed in, with the list shown on My Wishlist (followed in the app) and counted in the header. */
async function accountListShown(world: World) {
  await signedIn(world);
  await listShown(world);
  await banner(world)
    .getByRole('link', { name: /^Wishlist, \d+ items?$/ })
    .waitFor({ timeout: TIMEOUT });
}

export const wishlistDrivers: MachineDrivers<typeof wishlistMachine> = {
  needsOrder: false,
  requests: {
    // Read from localStorage in the page: no request, nothing to hold.
    loadLocal: { method: 'GET', path: /^\/(?!)/ },
    mergeWishlist: { method: 'POST', path: /^\/api\/v1\/wishlist$/ },
    saveChange: { method: ['PUT', 'DELETE'], path: /^\/api\/v1\/wishlist\/[^/]+$/ },
  },
  steps: {
    start: {
      does: () =>
        "Open the home page as a visitor (no auth_token cookie), with localStorage['wishlist'] as the next step needs",
      perform: async ({ world, next }: StepContext) => {
        const { page, base } = world;
        await page.context().clearCookies();
        const stored = storedFor(world, next);
        if (stored !== null) {
          await page.goto(`${base}/robots.txt`);
          await page.evaluate((value) => localStorage.setItem('wishlist', value), stored);
        }
        await page.goto(`${base}/`);
        await appStarted(page);
      },
    },
    'done:loadLocal': {
      does: (event) =>
        ({
          'a stored list with the kurta (and junk)':
            "localStorage['wishlist'] holds the first product's id twice and a 7 (set before the page opened)",
          'a corrupt stored value': "localStorage['wishlist'] holds '{corrupt' (set before the page opened)",
        })[labelOf(event) ?? ''] ?? "localStorage['wishlist'] is read",
      perform: async () => {},
    },
    'error:loadLocal': {
      does: () =>
        "Reading localStorage['wishlist'] throws a SecurityError, as storage the browser refuses does (fault injected before the page opened)",
      arrange: async ({ world }) => {
        await world.page.addInitScript(refuseStorage('wishlist'));
      },
      perform: async () => {},
    },
    'wishlist.toggle': {
      does: (event) =>
        `On the ${(event as ToggleEvent).id === kurta.id ? 'first (sized) product' : 'second (one-size) product'}'s page (followed in the app), click 'Add to Wishlist' or 'Remove from Wishlist': the heart flips at once`,
      perform: async ({ world, event }) => {
        const { page } = world;
        const product = productOf(world, (event as ToggleEvent).id);
        await goInApp(world, `/product/${product.id}`);
        await productHeading(page, product.name);
        const heart = page
          .getByRole('main')
          .getByRole('button', { name: /^(Add to|Remove from) Wishlist$/ })
          .first();
        const before = await heart.getAttribute('aria-pressed');
        await heart.click();
        const after = before === 'true' ? 'false' : 'true';
        await page
          .getByRole('main')
          .locator(`button[aria-pressed="${after}"]`)
          .filter({ hasText: /Wishlist$/ })
          .first()
          .waitFor({ timeout: TIMEOUT });
      },
    },
    'session.signedIn': {
      does: () => "Sign in on /login (followed in the app) as the run's shopper",
      perform: async ({ world }) => {
        const { page } = world;
        await goInApp(world, '/login');
        await heading(page, 'Sign in to your account');
        await page.getByLabel(/^Email/).fill(world.shopper.email);
        await page.getByLabel(/^Password/).fill(world.shopper.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
        await at(page, '/');
      },
    },
    'session.signedOut': signOutOnAccount,
    'done:mergeWishlist': serverAnswers(
      'mergeWishlist',
      "POST /wishlist answers from the real server: this browser's ids are added to the account's list",
    ),
    'error:mergeWishlist': {
      does: () => 'POST /wishlist gets no response (connection refused, fault injected)',
      perform: ({ world }) => world.answer('mergeWishlist', { kind: 'no-response' }),
      shows: () => 'Could not update your wishlist. Please try again.',
    },
    'done:saveChange': serverAnswers(
      'saveChange',
      'PUT or DELETE /wishlist/{id} answers from the real server',
    ),
    'error:saveChange': serverFails(
      'saveChange',
      'PUT or DELETE /wishlist/{id}',
      'Could not update your wishlist. Please try again.',
    ),
  },
  states: {
    loading: {
      shows:
        "The page opens; the wishlist is read from this browser's storage at once (no screen of its own)",
      check: headerFromFirstByte,
    },
    choosing: { transient: 'Decided at once: signed in or a visitor' },
    visitor: {
      shows: "A visitor: the header offers 'Login' and links to the Wishlist with its count",
      check: async (world) => {
        await headerLink(world.page, 'Login').waitFor({ timeout: TIMEOUT });
        await banner(world)
          .getByRole('link', { name: /^Wishlist, \d+ items?$/ })
          .waitFor({ timeout: TIMEOUT });
      },
    },
    'account.merging': {
      shows:
        "Signed in; My Wishlist (followed in the app) reads 'Loading your wishlist' while the lists merge",
      check: async (world) => {
        await signedIn(world);
        await goInApp(world, '/wishlist');
        await world.page.getByRole('status', { name: 'Loading your wishlist' }).waitFor({ timeout: TIMEOUT });
      },
    },
    'account.synced': {
      shows:
        "Signed in: the header links to 'My Account' and to the Wishlist with the account's count; My Wishlist (followed in the app) shows the account's list",
      check: accountListShown,
    },
    'account.saving': {
      shows: 'Signed in; the heart shows the change already, while it is on its way to the server',
      check: (world) => signedIn(world),
    },
    'account.unsynced': {
      shows:
        "Signed in, the account out of reach: changes are kept in this browser (the header's Wishlist count; My Wishlist, followed in the app, shows them)",
      check: accountListShown,
    },
  },
};
