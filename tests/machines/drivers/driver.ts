/**
 * Browser drivers for generated journeys. For a machine, a driver per step kind says what a shopper
 * (or the network) does in a real browser to cause that event, and a check per state says what the page
 * must show once the machine is there. Both are typed against the machine: `MachineDrivers<typeof m>`
 * needs a driver for every event the machine accepts, every invoked actor's answer and failure and every
 * delay, and a check for every state value, so a state or event added without one does not compile
 * (tests/machines/drivers.test.ts also walks the definition and every generated step).
 *
 * Drivers only import playwright-core's types; tests/journeys/run.ts gives them a `World` over a real
 * page and a real server.
 */
import type { Locator, Page } from 'playwright-core';
import type { EventObject, ProvidedActor, StateMachine, StateValue } from 'xstate';
import { appStarted } from '../../e2e/checks';

/** 'idle' | 'qr.waiting' | …: a state value as `stateName` prints it (parallel regions are not used). */
type StateValueString<V> = V extends string
  ? V
  : V extends Record<string, unknown>
    ? { [K in keyof V & string]: `${K}.${StateValueString<V[K]>}` }[keyof V & string]
    : never;

// biome-ignore lint/suspicious/noExplicitAny: matching any machine's type parameters
type Any = any;
type Parts<M> =
  M extends StateMachine<Any, infer E, Any, infer A, Any, Any, infer D, infer V, Any, Any, Any, Any, Any, Any>
    ? { event: E; actor: A; delay: D; value: V }
    : never;

type SrcOf<A> = A extends ProvidedActor ? (A['src'] extends string ? A['src'] : never) : never;

/** The key of a step's driver: the start, a user event's type, an actor's answer or failure, a delay. */
type StepKey<M> =
  | 'start'
  | (Parts<M>['event'] extends EventObject ? Parts<M>['event']['type'] : never)
  | `done:${SrcOf<Parts<M>['actor']>}`
  | `error:${SrcOf<Parts<M>['actor']>}`
  | `after:${Parts<M>['delay'] & string}`;

type StateKey<M> = StateValueString<Parts<M>['value'] & StateValue>;

/** The key of the driver for `event` (e.g. 'error:fetchOrder' for xstate.error.actor.fetchOrder). */
export function stepKeyOf(event: EventObject): string {
  const { type } = event;
  if (type === 'xstate.init') return 'start';
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[1]}:${actor[2]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after:${after[1]}`;
  return type;
}

/** How a held API request is answered. */
export type Answer =
  /** Passed to the real server as it was sent. */
  | { kind: 'real' }
  /** Sent to the real server at another path (e.g. an order that does not exist). */
  | { kind: 'real-at'; path: string }
  /** The real server's answer, reshaped (a gateway outcome the sandbox does not produce). */
  | { kind: 'reshape'; body: (real: unknown) => unknown }
  /** A fault: this status and JSON body instead of the server's answer. */
  | { kind: 'fault'; status: number; body: unknown }
  /** A fault: the connection fails (the client's 'No response from server'). */
  | { kind: 'no-response' };

/** What drivers act on: one browser page of a fresh context, signed in, against a fresh server. */
export type World = {
  page: Page;
  /** The server's origin, e.g. http://localhost:8140. */
  base: string;
  /** The run's shopper (registered through the API; the page starts signed in as them). */
  shopper: { email: string; password: string };
  /** The journey's own Pending order, created through POST /orders (payment journeys). */
  orderId: string | null;
  /** Real catalogue lines for carts (the same shape the cart stores). */
  lines: Record<'sized' | 'simple' | 'sizeToChoose' | 'sizeOnlyToChoose', Record<string, unknown>>;
  /**
   * Answers the request `actor` made (the runner holds every request of the machine's actors until a
   * step answers it, so loading states can be checked); waits for the request when it is still to come.
   */
  answer: (actor: string, answer: Answer) => Promise<void>;
  /** Pays `orderId` on the real sandbox gateway page (a second tab) via POST /payments with `method`. */
  payOnGateway: (orderId: string) => Promise<void>;
  /** Makes the browser's form post to the sandbox gateway go nowhere (204), as a gateway page that never opens. */
  hangGateway: () => Promise<void>;
  /** Moves the page's clock on (Playwright's fake clock, installed for journeys with delays). */
  advance: (ms: number) => Promise<void>;
  /** Per-journey notes between drivers (e.g. the cart the page was opened with). */
  memo: Record<string, unknown>;
};

export type StepContext = {
  world: World;
  event: EventObject;
  /** The event of the following step, when there is one (a start opens the page the next step needs). */
  next?: EventObject;
  /** Every later step's event, `next` first (a start that must know whether the shopper signs in later). */
  later?: readonly EventObject[];
  /** The model's context before this step, where the journey was generated (not read from a file). */
  context?: unknown;
};

type StepDriver = {
  /** What the tester does, in words, for this event. */
  does: (event: EventObject) => string;
  /** Prepares the browser before the previous step runs (e.g. choose the method the answer needs). */
  arrange?: (step: StepContext) => Promise<void>;
  /** Performs the step: a click, a fill, answering a held request, moving the clock. */
  perform: (step: StepContext) => Promise<void>;
  /** Extra text the page must show after this step (a toast, a field's message), in addition to the state's. */
  shows?: (event: EventObject) => string | RegExp | undefined;
};

/** What the page shows in a state: in words, and checked. Transient states are never rested in. */
type StateCheck =
  | {
      shows: string;
      /** `context`: the model's in this state, where the journey was generated (not read from a file). */
      check: (world: World, context?: unknown) => Promise<void>;
    }
  | { transient: string };

/** API requests of each invoked actor, held until a step answers them. */
/** `method` may list several (the wishlist saves a change with PUT and takes one back with DELETE). */
type RequestMatcher = { method: string | readonly string[]; path: RegExp };

export type MachineDrivers<M> = {
  steps: Record<StepKey<M>, StepDriver>;
  states: Record<StateKey<M>, StateCheck>;
  requests: Record<SrcOf<Parts<M>['actor']>, RequestMatcher>;
  /**
   * Whether the journey needs its own Pending order (created through POST /orders before it starts):
   * always, never, or for the model cases whose input it says (payment: those with an order id).
   */
  needsOrder: boolean | ((input: unknown) => boolean);
};

/** The type-erased drivers the runner and the tests use. */
export type AnyDrivers = {
  steps: Record<string, StepDriver>;
  states: Record<string, StateCheck>;
  requests: Record<string, RequestMatcher>;
  needsOrder: boolean | ((input: unknown) => boolean);
};

const TIMEOUT = 15_000;

/**
 * Text as the page must show it: case and all. (Playwright matches a string loosely — any case, any
 * part — so 'Pay Now' would also find 'Pay now'; a RegExp without the `i` flag does not.)
 */
export function literal(text: string | RegExp): RegExp {
  return typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text;
}

/** A step that passes `actor`'s held request to the real server as it was sent. */
export const serverAnswers = (actor: string, does: string, shows?: string): StepDriver => ({
  does: () => does,
  perform: ({ world }) => world.answer(actor, { kind: 'real' }),
  ...(shows === undefined ? {} : { shows: () => shows }),
});

/** A step that answers `actor`'s held `request` 500 'Internal server error' instead of the server (a fault). */
export const serverFails = (actor: string, request: string, shows?: string): StepDriver => ({
  does: () => `${request} is answered 500 'Internal server error' (fault injected)`,
  perform: ({ world }) =>
    world.answer(actor, { kind: 'fault', status: 500, body: { error: 'Internal server error' } }),
  ...(shows === undefined ? {} : { shows: () => shows }),
});

/** A state in which the button reads `label` and is disabled while the server works (Signing in..., Processing...). */
export const busyButton = (shows: string, label: string): StateCheck => ({
  shows,
  check: async ({ page }) => {
    const button = page.getByRole('button', { name: label, exact: true });
    await button.waitFor({ timeout: TIMEOUT });
    if (!(await button.isDisabled())) throw new Error(`${label} is not disabled`);
  },
});

/** The browser checks' own: the header's account link, a redirect, or React holding the heading. */
export { appStarted };

export async function see(page: Page, text: string | RegExp, timeout = TIMEOUT) {
  await page.getByText(literal(text)).first().waitFor({ state: 'visible', timeout });
}

export async function heading(page: Page, name: string | RegExp, timeout = TIMEOUT) {
  await page
    .getByRole('heading', { name: literal(name) })
    .first()
    .waitFor({ state: 'visible', timeout });
}

/**
 * A product page's own heading, its h1. The name alone would do for a card's h3 on the page before,
 * which stays on screen while the product page's code loads: a clean-clone CI's wishlist journey
 * clicked the first heart it then found, on My Wishlist's kurta, for the tee's page.
 */
export async function productHeading(page: Page, name: string, timeout = TIMEOUT) {
  await page.getByRole('heading', { level: 1, name: literal(name) }).waitFor({ state: 'visible', timeout });
}

export async function at(page: Page, pathname: string | RegExp, timeout = TIMEOUT) {
  await page.waitForURL(
    (u) => (typeof pathname === 'string' ? u.pathname === pathname : pathname.test(u.pathname)),
    { timeout, waitUntil: 'commit' },
  );
}

/** The order confirmation: /order-success, 'Thank You for Your Order!'. */
export async function orderConfirmed(page: Page) {
  await at(page, '/order-success');
  await heading(page, 'Thank You for Your Order!');
}

/** My Orders, freshly loaded, and the card of order `orderId` on it. */
export async function myOrdersCard({ page, base }: World, orderId: string): Promise<Locator> {
  await page.goto(`${base}/orders`);
  await appStarted(page);
  await heading(page, 'My Orders');
  const card = page.getByRole('article', { name: `Order ${orderId}`, exact: true });
  await card.waitFor({ timeout: TIMEOUT });
  return card;
}

/**
 * Follows an in-app link to `path` (with its query, if any): the app's actors live on, where a reload
 * would start them afresh.
 */
export async function goInApp(world: World, path: string) {
  const { page } = world;
  const here = new URL(page.url());
  if (`${here.pathname}${here.search}` === path) return;
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await at(page, new URL(path, world.base).pathname);
}

/**
 * A loading state's check: the server's page is the app's (hydrated in place), so its header is there
 * from the first byte while the machine reads what it starts from.
 */
export async function headerFromFirstByte({ page }: World) {
  await page.getByRole('banner').waitFor({ timeout: TIMEOUT });
}

/**
 * The header's account link: 'My Account' for a signed-in shopper, 'Login' for anyone else (in the
 * header only: the footer links to My Account whoever is there).
 */
export const headerLink = (page: Page, name: 'My Account' | 'Login') =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

/** The sign-out step of a machine that hears of it from the app: My Account (followed in the app), Sign Out. */
export const signOutOnAccount: StepDriver = {
  does: () => "On My Account (followed in the app), click 'Sign Out'",
  perform: async ({ world }) => {
    const { page } = world;
    await goInApp(world, '/account');
    // Once the account's details are in: the buttons move down as they arrive.
    await see(page, world.shopper.email);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await headerLink(page, 'Login').waitFor({ timeout: TIMEOUT });
  },
};

/**
 * An init script under which reading `key` from localStorage throws, as storage the browser refuses
 * does. (Only that key's `getItem`: with `window.localStorage` itself throwing the page was not taken
 * over at all.)
 */
export const refuseStorage = (key: string) => `(() => {
  const read = Storage.prototype.getItem;
  Storage.prototype.getItem = function (key) {
    if (key === ${JSON.stringify(key)}) throw new DOMException('Storage is switched off', 'SecurityError');
    return read.call(this, key);
  };
})()`;

const TOAST_ROOT = '[data-scope=toast][data-part=root]';

/**
 * An init script (tests/journeys/run.ts adds it to every journey's browser context) that records the
 * text of every toast the page shows, so a step's toast counts as seen even when it came and went before
 * the driver looked: 'Added to cart' stays 4 s, and on a loaded machine the walk to /cart and the check
 * before it can take longer (the clean-clone CI of session 21: cart #385, whose /cart was right).
 */
export const recordToasts = `(() => {
  const seen = (window.__toastsSeen = []);
  new MutationObserver(() => {
    for (const root of document.querySelectorAll(${JSON.stringify(TOAST_ROOT)})) {
      const text = root.textContent || '';
      if (!seen.includes(text)) seen.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
})()`;

type ToastLog = { __toastsSeen?: string[] };

/** Forgets the toasts seen so far (before each step: a step's toast is its own, not an earlier one's). */
export async function forgetToasts(page: Page) {
  await page.evaluate(() => {
    (window as unknown as ToastLog).__toastsSeen?.splice(0);
  });
}

/** Resolves once a toast matching `pattern` has been shown since the last `forgetToasts`. */
function toastSeen(page: Page, pattern: RegExp, timeout: number) {
  return page.waitForFunction(
    ([source, flags]) => {
      const match = new RegExp(source, flags);
      return ((window as unknown as ToastLog).__toastsSeen ?? []).some((text) => match.test(text));
    },
    [pattern.source, pattern.flags] as const,
    { timeout },
  );
}

/** The first promise to resolve; if none does, the first one's error (not an AggregateError). */
async function either(...waits: Promise<unknown>[]) {
  await Promise.any(waits).catch((error: AggregateError) => {
    throw error.errors[0];
  });
}

/** A toast with this title (the app's toast region): on screen now, or shown during this step. */
export async function toast(page: Page, title: string | RegExp, timeout = TIMEOUT) {
  const pattern = literal(title);
  await either(
    page.locator(TOAST_ROOT).filter({ hasText: pattern }).first().waitFor({ state: 'visible', timeout }),
    toastSeen(page, pattern, timeout),
  );
}

/** Text on the page now, or a toast that said it during this step (a step's `shows`). */
export async function shown(page: Page, text: string | RegExp, timeout = TIMEOUT) {
  const pattern = literal(text);
  await either(
    page.getByText(pattern).first().waitFor({ state: 'visible', timeout }),
    toastSeen(page, pattern, timeout),
  );
}
