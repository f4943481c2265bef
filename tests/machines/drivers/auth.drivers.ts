/**
 * The auth machine's journeys in a browser, against the real server: the page opens with the run's
 * shopper's `auth_token` cookie (or none), the login and registration forms are filled as a shopper
 * types them, Sign Out is pressed on My Account. POST /users/authorize and /users/register answer from
 * the real server (a wrong password, an email already registered); only a missing token and no
 * response are injected. The cookie itself is read and removed at once in the page, so `readToken`
 * and `logout` are the browser's: their outcomes are arranged before the step (no cookie, cookies
 * blocked, a removal the browser drops).
 */
import type { EventObject } from 'xstate';
import type { authMachine } from '../../../machines/auth.machine';
import { labelOf } from '../support/graph';
import {
  appStarted,
  at,
  busyButton,
  goInApp,
  headerFromFirstByte,
  headerLink,
  heading,
  type MachineDrivers,
  type StepContext,
  see,
  serverAnswers,
  type World,
} from './driver';

const TIMEOUT = 15_000;

type LoginEvent = EventObject & { email: string; password: string; redirectTo?: string };
type RegisterEvent = EventObject & { email: string; firstName: string; lastName: string; password: string };
type ActorEvent = EventObject & { output?: { token?: string }; error?: { message?: string } };

/** What the steps arranged for the next form: a wrong password, an email already registered. */
type Memo = { wrongPassword?: boolean; takenEmail?: boolean };
const memo = (world: World) => world.memo as Memo;

const LOGIN_PAGE = '/login?from=%2Fcheckout';

/** document.cookie throws, as in a sandboxed page (js-cookie's read then fails). */
const REFUSE_COOKIES = `(() => {
  const refuse = () => { throw new DOMException('The document is sandboxed', 'SecurityError'); };
  Object.defineProperty(Document.prototype, 'cookie', { configurable: true, get: refuse, set: refuse });
})()`;

/** document.cookie drops the removal of auth_token (js-cookie writes 'auth_token=; expires=…'). */
const KEEP_AUTH_COOKIE = `(() => {
  const real = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => real.get.call(document),
    set: (value) => { if (!/^auth_token=;/.test(value)) real.set.call(document, value); },
  });
})()`;

/** The header says who is there; the sign-in and registration forms have none, so the check follows the link home. */
async function header(world: World) {
  if (/^\/(login|register)$/.test(new URL(world.page.url()).pathname)) await goInApp(world, '/');
}

const signedInLink = (world: World) => headerLink(world.page, 'My Account');
const loginLink = (world: World) => headerLink(world.page, 'Login');

/** A new address for each registration, shaped as the model's (capitals and all). */
const freshEmail = () => `Asha.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@Example.IN`;

async function hasAuthCookie(world: World): Promise<boolean> {
  const cookies = await world.page.context().cookies(world.base);
  return cookies.some((c) => c.name === 'auth_token' && c.value !== '');
}

export const authDrivers: MachineDrivers<typeof authMachine> = {
  needsOrder: false,
  requests: {
    // Read and removed in the page (js-cookie): no request, nothing to hold.
    readToken: { method: 'GET', path: /^\/(?!)/ },
    logout: { method: 'GET', path: /^\/(?!)/ },
    login: { method: 'POST', path: /^\/api\/v1\/users\/authorize$/ },
    register: { method: 'POST', path: /^\/api\/v1\/users\/register$/ },
  },
  steps: {
    start: {
      does: () => 'Open the home page (with the auth_token cookie the next step needs)',
      perform: async ({ world }) => {
        await world.page.goto(`${world.base}/`);
        await appStarted(world.page);
      },
    },
    'done:readToken': {
      does: (event) =>
        (event as ActorEvent).output
          ? "The auth_token cookie holds the shopper's sign-in (read as the page opens)"
          : 'No auth_token cookie (cleared before the page opened)',
      arrange: async ({ world, event }: StepContext) => {
        if (!(event as ActorEvent).output) await world.page.context().clearCookies();
      },
      perform: async () => {},
    },
    'error:readToken': {
      does: () =>
        'The browser refuses to read cookies (document.cookie throws a SecurityError, as in a sandboxed page; fault injected before the page opened)',
      arrange: async ({ world }) => {
        // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
        await world.page.addInitScript(REFUSE_COOKIES);
      },
      perform: async () => {},
    },
    'auth.login': {
      does: (event) => {
        const e = event as LoginEvent;
        return `On ${LOGIN_PAGE} (followed in the app), type the shopper's email and password (as '${e.email}' / '${e.password}'), keep 'Remember me' ticked and click Sign In`;
      },
      perform: async ({ world }) => {
        const { page } = world;
        await goInApp(world, LOGIN_PAGE);
        await heading(page, 'Sign in to your account');
        await page.getByLabel(/^Email/).fill(world.shopper.email);
        const wrong = memo(world).wrongPassword === true;
        memo(world).wrongPassword = false;
        await page
          .getByLabel(/^Password/)
          .fill(wrong ? `${world.shopper.password}-wrong` : world.shopper.password);
        await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      },
    },
    'done:login': {
      does: (event) =>
        (event as ActorEvent).output?.token
          ? 'POST /users/authorize answers from the real server with a token'
          : 'POST /users/authorize answers without a token (the real answer reshaped to {})',
      perform: ({ world, event }) =>
        world.answer(
          'login',
          (event as ActorEvent).output?.token ? { kind: 'real' } : { kind: 'reshape', body: () => ({}) },
        ),
      shows: (event) =>
        (event as ActorEvent).output?.token
          ? 'Logged in successfully.'
          : 'Authentication failed: Token is missing in the response',
    },
    'error:login': {
      does: (event) =>
        (event as ActorEvent).error?.message === 'Invalid email or password'
          ? "POST /users/authorize answers 401 'Invalid email or password' from the real server (the password was typed wrong)"
          : 'POST /users/authorize gets no response (connection refused, fault injected)',
      // Before Sign In: the password is typed wrong so that the real server refuses it.
      arrange: async ({ world, event }: StepContext) => {
        if ((event as ActorEvent).error?.message === 'Invalid email or password')
          memo(world).wrongPassword = true;
      },
      perform: ({ world, event }) =>
        world.answer(
          'login',
          (event as ActorEvent).error?.message === 'Invalid email or password'
            ? { kind: 'real' }
            : { kind: 'no-response' },
        ),
      shows: (event) => (event as ActorEvent).error?.message,
    },
    'auth.register': {
      does: (event) => {
        const e = event as RegisterEvent;
        return labelOf(event) === 'email without @'
          ? `On /register (followed in the app), fill First name '${e.firstName}', Last name '${e.lastName}', Email '${e.email}', Password and Confirm password, and click Create Account`
          : `On /register (followed in the app), fill First name '${e.firstName}', Last name '${e.lastName}', a new Email shaped '${e.email}' (or the shopper's own, when the next step is the server refusing it), Password and Confirm password, and click Create Account`;
      },
      perform: async ({ world, event }) => {
        const e = event as RegisterEvent;
        const { page } = world;
        await goInApp(world, '/register');
        await heading(page, 'Create an account');
        const taken = memo(world).takenEmail === true;
        memo(world).takenEmail = false;
        const email =
          labelOf(event) === 'email without @' ? e.email : taken ? world.shopper.email : freshEmail();
        await page.getByLabel(/^First name/).fill(e.firstName);
        await page.getByLabel(/^Last name/).fill(e.lastName);
        await page.getByLabel(/^Email/).fill(email);
        await page.getByLabel(/^Password/).fill(e.password);
        await page.getByLabel(/^Confirm password/).fill(e.password);
        await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      },
      shows: (event) =>
        labelOf(event) === 'email without @' ? 'Please enter a valid email address.' : undefined,
    },
    'done:register': serverAnswers(
      'register',
      'POST /users/register answers from the real server: the account is created',
      'Account created successfully. You can now log in.',
    ),
    'error:register': {
      does: () =>
        "POST /users/register answers 409 'An account with this email already exists' from the real server (the shopper's own email was typed)",
      arrange: async ({ world }) => {
        memo(world).takenEmail = true;
      },
      perform: ({ world }) => world.answer('register', { kind: 'real' }),
      shows: () => 'An account with this email already exists',
    },
    'auth.logout': {
      does: () =>
        "On My Account (followed in the app), click 'Sign Out' (the page goes home, then signs out)",
      perform: async ({ world }) => {
        await goInApp(world, '/account');
        // Once the account's details are in: the buttons move down as they arrive.
        await see(world.page, world.shopper.email);
        await world.page.getByRole('button', { name: 'Sign Out', exact: true }).click();
      },
    },
    'done:logout': {
      does: () => 'The auth_token cookie is removed in the page (no server call)',
      perform: async () => {},
      shows: () => 'You have been successfully logged out.',
    },
    'error:logout': {
      does: () =>
        "The browser keeps the auth_token cookie: its removal is dropped (document.cookie's setter ignores it, fault injected before Sign Out)",
      arrange: async ({ world }) => {
        await world.page.evaluate(KEEP_AUTH_COOKIE);
      },
      perform: async () => {},
      shows: () => 'Failed to log out properly.',
    },
    'auth.unauthorized': {
      does: () =>
        'Follow the link to My Orders; GET /orders is answered 401 (the sign-in expired on the server, fault injected), so the app signs the shopper out and /orders sends them to /login',
      perform: async ({ world }) => {
        await world.page.route(
          /\/api\/v1\/orders(\?|$)/,
          (route, request) =>
            request.method() === 'GET'
              ? route.fulfill({ status: 401, json: { error: 'Unauthorized' } })
              : route.fallback(),
          { times: 1 },
        );
        await goInApp(world, '/orders');
        // Signed out, the login-required page sends the visitor to /login.
        await at(world.page, '/login');
      },
    },
  },
  states: {
    checking: {
      shows:
        "The shop opens; the sign-in is read from the auth_token cookie at once (no screen of its own: the header's Login or My Account follows)",
      check: headerFromFirstByte,
    },
    anonymous: {
      shows:
        "A visitor: the header offers 'Login' (and no 'My Account'; from a sign-in or registration form, on the home page)",
      check: async (world) => {
        await header(world);
        await loginLink(world).waitFor({ timeout: TIMEOUT });
        if (await signedInLink(world).isVisible()) throw new Error("the header still offers 'My Account'");
      },
    },
    loggingIn: busyButton(
      "Sign In reads 'Signing in...' and is disabled while the server checks the password",
      'Signing in...',
    ),
    registering: busyButton(
      "Create Account reads 'Creating account...' and is disabled while the account is created",
      'Creating account...',
    ),
    authenticated: {
      shows:
        "Signed in: the header links to 'My Account' (from a sign-in or registration form, on the home page) and the auth_token cookie is kept",
      check: async (world) => {
        await header(world);
        await signedInLink(world).waitFor({ timeout: TIMEOUT });
        if (!(await hasAuthCookie(world))) throw new Error('no auth_token cookie');
      },
    },
    loggingOut: {
      shows:
        'The home page (Sign Out leaves My Account first), while the sign-in is forgotten in this browser (at once: no server call)',
      check: ({ page }) => at(page, '/'),
    },
  },
};
