import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import type { CartLine } from '../../../../machines/cart.model';
import { createApiClient } from '../../../../src/api/client';
import { createLiveMachines, type LiveMachines } from '../../../../src/app/actors';
import { AppProviders } from '../../../../src/app/root-actors';
import { appRoutes } from '../../../../src/app/routes';

export const API_BASE = 'http://api.test/api/v1';

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * A fake server at the client boundary: `createApiClient(base, fakeFetch)` sends every call here.
 * Keys are 'METHOD /path' (path after /api/v1; `:param` matches one segment). Unknown calls answer 404
 * so a missing handler shows up as a failure, not a hang.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const routes = Object.entries(handlers).map(([key, handler]) => {
    const [method, pattern = ''] = key.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return { method, regex, handler };
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
    if (!route) return Response.json({ error: `No fake for ${request.method} ${path}` }, { status: 404 });
    return route.handler(call);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export const STORE_INFO = {
  storeName: 'Statefront',
  companyName: 'Statefront Apparel',
  companyAddress: 'Noida',
  companyEmail: 'care@statefront.in',
  companyPhone: '+91 120 456 7890',
  companyLogoUrl: '',
  description: 'Clothing',
  categories: ['T Shirts', 'Tops'],
  categoryImages: {},
  policies: {},
};

type RenderOptions = {
  /** Initial URL. */
  path: string;
  /** Router state of the initial entry (what a navigate(…, { state }) would carry). */
  state?: unknown;
  api?: Record<string, Handler>;
  /** The auth_token cookie as the auth machine reads it on start; null is a visitor. */
  token?: string | null;
  cart?: CartLine[];
  /** Adjust the live machines (e.g. shorter poll delays) before the app starts. */
  adjust?: (machines: LiveMachines) => LiveMachines;
};

/** Renders the real route table with the live machines over a fake fetch. */
export function renderApp({ path, state, api = {}, token = 'test-token', cart = [], adjust }: RenderOptions) {
  const server = fakeApi({ 'GET /storeInfo': () => Response.json(STORE_INFO), ...api });
  let currentToken = token;
  const stored = new Map<string, string>([['cart', JSON.stringify(cart)]]);
  const live = createLiveMachines({
    client: createApiClient(API_BASE, server.fetch),
    storage: () => ({ getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) }),
    token: {
      read: () => currentToken,
      write: (t) => {
        currentToken = t;
      },
      remove: () => {
        currentToken = null;
      },
    },
    logError: () => {},
  });
  const machines = adjust ? adjust(live) : live;
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [
      {
        pathname: path.split('?')[0] ?? '/',
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state,
      },
    ],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders machines={machines}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    user,
    calls: server.calls,
    storage: stored,
    token: () => currentToken,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

/** No serious or critical axe violations in what is on screen (colour contrast needs real layout). */
export async function expectNoSeriousAxeViolations(container: Element = document.body) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The toast with this title (Ark renders toasts in a live region). */
export async function findToast(title: string) {
  return screen.findByText(title, {}, { timeout: 3000 });
}

export const json = (body: unknown, status = 200) => Response.json(body, { status });

/** The page's h1; the first render of a lazy route may take a while on a cold module graph. */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}
