/**
 * Renders the real app (route table, layouts, the app actor with live machines) over a fake API at the
 * client boundary: `createApiClient(base, fakeFetch)`. Storage and the token cookie are in-memory.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { expect, onTestFinished } from 'vitest';
import type { components } from '../../contract/schema';
import type { CartLine } from '../../machines/cart.model';
import type { LiveMachines } from '../../src/app/actors';
import { AppProviders, startApp } from '../../src/app/app-actor';
import { createNavigator } from '../../src/app/navigator';
import { AppRoutes } from '../../src/app/routes';
import { inMemoryLiveMachines } from './live-machines';

type ApiProduct = components['schemas']['Product'];
type StoreInfo = components['schemas']['StoreInfo'];

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
export type Handler = (call: ApiCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) => Response.json(body, { status });

/** A line of `storedCart()` after an Add to Cart: one of the product, its image whichever the card showed. */
export const storedLine = (line: Pick<CartLine, 'id' | 'name' | 'price'> & Partial<CartLine>) => ({
  image: expect.any(String),
  quantity: 1,
  ...line,
});

/** An API answer that fails (500 with `error`) the first time and answers `body` after: a page's Try Again. */
export function failsOnce(body: unknown, error = 'boom'): Handler {
  let attempts = 0;
  return () => {
    attempts += 1;
    return attempts === 1 ? json({ error }, 500) : json(body);
  };
}

/**
 * An API answer the test lets through when it chooses: `hold(handler)` answers each call once
 * `release()` has run. The gate is made up front, so a release before the app has asked still counts
 * (a handler that captured its resolver when called raced the skeleton on a slow machine: answering
 * before the call answered nothing).
 */
export function heldAnswer() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold =
    (handler: Handler): Handler =>
    async (call) => {
      await gate;
      return handler(call);
    };
  return { hold, release };
}

/** 'METHOD /path' keys (`:param` matches one segment); an unknown call answers 404 so it shows up. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const routes = Object.entries(handlers).map(([key, handler]) => {
    const [method, pattern = ''] = key.split(' ');
    return { method, regex: new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`), handler };
  });
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace('/api/v1', '');
    const text = request.method === 'GET' ? '' : await request.text();
    const call: ApiCall = {
      method: request.method,
      path: decodeURIComponent(path),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const route = routes.find((r) => r.method === request.method && r.regex.test(path));
    if (!route) return json({ error: `No fake for ${request.method} ${path}` }, 404);
    return route.handler(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export const STORE: StoreInfo = {
  storeName: 'Rangrez',
  companyName: 'Rangrez Textiles Pvt. Ltd.',
  companyAddress: '12 MG Road, Jaipur',
  companyEmail: 'hello@rangrez.in',
  companyPhone: '+91 141 222 3333',
  companyLogoUrl: '/images/logo.svg',
  description: 'Hand-printed clothing from Jaipur.',
  categories: ['T Shirts', 'Tops', 'Men', 'Women'],
  categoryImages: { 'T Shirts': '/images/categories/t-shirts.svg' },
  policies: {},
};

/** The PIN codes the fake GET /pincodes/{pin} knows (as India Post's directory lists them). */
const TEST_PINCODES: Record<string, components['schemas']['PinPlace']> = Object.fromEntries(
  (
    [
      ['560001', 'Bangalore', 'Karnataka', 'national'],
      ['560038', 'Bangalore', 'Karnataka', 'national'],
      ['110001', 'Central Delhi', 'Delhi', 'region'],
      ['411001', 'Pune', 'Maharashtra', 'national'],
      ['700016', 'Kolkata', 'West Bengal', 'national'],
    ] as const
  ).map(([pin, city, state, zone]) => [
    pin,
    // Delivered from Noida as the demo store is (store.config.json, server/addresses/delivery.ts).
    {
      pin,
      city,
      state,
      states: [state],
      offices: [city],
      delivery: {
        zone,
        ...(zone === 'region' ? { minDays: 3, maxDays: 5 } : { minDays: 4, maxDays: 7 }),
        cashOnDeliveryUpTo: 10_000,
      },
    },
  ]),
);

let sequence = 0;
/** A product as the server sends it; attributes default to sizes S/M and colour Indigo. */
export function apiProduct(overrides: Partial<ApiProduct> = {}): ApiProduct {
  sequence++;
  return {
    id: `prod-${String(sequence).padStart(4, '0')}-abcdef`,
    title: `Product ${sequence}`,
    description: 'Cotton kurta',
    imgUrl: `/images/products/p${sequence}.svg`,
    category: 'men',
    parentCategory: 'Kurta',
    regularPrice: 1899,
    discountedPrice: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    images: [],
    attributes: [
      { id: 'size', key: 'size', values: ['S', 'M'], metricUnit: null },
      { id: 'color', key: 'color', values: ['Indigo'], metricUnit: null },
    ],
    ...overrides,
  };
}

export function productPage(products: ApiProduct[], total = products.length, page = 1, limit = 12) {
  return {
    data: products,
    count: total,
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

type RouterView = { location: Location | null; navigate: NavigateFunction | null };

/** Hands the test what the rendered router is at (the location the page shows) and its navigate. */
function RouterProbe({ view }: { view: RouterView }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    view.location = location;
    view.navigate = navigate;
  });
  return null;
}

type RenderOptions = {
  path: string;
  state?: unknown;
  api?: Record<string, Handler>;
  store?: StoreInfo | null;
  /** The auth_token cookie as the auth machine reads it on start; null is a visitor. */
  token?: string | null;
  cart?: CartLine[];
  /** More entries of the in-memory localStorage (besides the cart). */
  storage?: Record<string, string>;
  adjust?: (machines: LiveMachines) => LiveMachines;
};

export function renderApp({
  path,
  state,
  api = {},
  store = STORE,
  token = null,
  cart = [],
  storage = {},
  adjust,
}: RenderOptions) {
  const server = fakeApi({
    'GET /storeInfo': () => (store ? json(store) : json({ error: 'down' }, 500)),
    'GET /products': () => json(productPage([])),
    // A signed-in start merges this browser's wishlist into the account (machines/wishlist.machine.ts).
    'POST /wishlist': () => json({ items: [] }),
    // The checkout and account pages' address book (machines/address-book.machine.ts).
    'GET /addresses': () => json({ items: [] }),
    'GET /pincodes/:pin': (call) => {
      const place = TEST_PINCODES[call.path.split('/').pop() ?? ''];
      return place ? json(place) : json({ error: 'No such PIN code' }, 404);
    },
    ...api,
  });
  const stored = new Map<string, string>([['cart', JSON.stringify(cart)], ...Object.entries(storage)]);
  const { machines: live, token: currentToken } = inMemoryLiveMachines(server.fetch, { token, stored });
  const machines = adjust ? adjust(live) : live;
  const [pathname = '/', search = ''] = path.split('?');
  const { navigate, NavigatorBridge } = createNavigator();
  const app = startApp(machines, { navigate });
  // The app actor outlives the rendered tree: stop it (and its 401 listener) when the test ends.
  onTestFinished(() => {
    app.stop();
  });
  const user = userEvent.setup();
  const routerView: RouterView = { location: null, navigate: null };
  const view = render(
    <AppProviders app={app} machines={machines}>
      <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '', state }]}>
        <NavigatorBridge />
        <RouterProbe view={routerView} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  const committedLocation = () => {
    if (!routerView.location) throw new Error('the router has not rendered');
    return routerView.location;
  };
  /** The router as a test drives it, like a link or the browser's Back and Forward buttons would. */
  const router = {
    navigate: (to: string | number, options?: { replace?: boolean; state?: unknown }) =>
      act(async () => {
        if (!routerView.navigate) throw new Error('the router has not rendered');
        if (typeof to === 'number') await routerView.navigate(to);
        else await routerView.navigate(to, options);
      }),
    /** The location the rendered page is at (a navigation shows once its screen's chunk is in). */
    get state() {
      return { location: committedLocation() };
    },
  };
  return {
    ...view,
    router,
    app,
    user,
    calls: server.calls,
    storage: stored,
    /** The auth_token cookie as the app last wrote it. */
    token: currentToken,
    /** The stored cart lines. */
    storedCart: () => JSON.parse(stored.get('cart') ?? '[]') as CartLine[],
    location: () => `${committedLocation().pathname}${committedLocation().search}`,
  };
}

/** No serious or critical axe violations (colour contrast needs a real layout engine: checked in e2e). */
export async function expectNoSeriousAxeViolations(container: Element = document.body) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page's h1 (a lazy route's first render may take a moment on a cold module graph). */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name });
}

/** A toast by title, with its description. */
export async function findToast(title: string, description?: string) {
  const titleNode = await screen.findByText(title, {}, { timeout: 4000 });
  const root = titleNode.closest('[data-part=root]') as HTMLElement;
  if (description !== undefined) expect(within(root).getByText(description)).toBeInTheDocument();
  return root;
}
