// @vitest-environment jsdom
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorLogic, type AnyActorRef, createActor, type EventObject, waitFor } from 'xstate';
import { cookieTokenStore, TOKEN_COOKIE_OPTIONS, type TokenStore } from '../../src/api/auth-cookie';
import { createApiClient } from '../../src/api/client';
import { createLiveMachines } from '../../src/app/actors/live-machines';
import { provideAppMachine } from '../../src/app/actors/root.live';
import { toast } from './support/fixtures';

/** Resolves once the actor has no invoked actor running, i.e. every request it made has been answered. */
const settled = (actor: AnyActorRef) =>
  waitFor(actor, (s: { children: Record<string, unknown> }) => Object.keys(s.children).length === 0, {
    timeout: 2000,
  });

const fakeUnusedFetch = (async () => Response.json({})) as unknown as typeof fetch;

type Route = (request: Request) => Response | Promise<Response>;

/** A live machine set whose fetch answers from `route`, with in-memory storage and token. */
function setup(route: Route, stored: Record<string, string> = {}) {
  const requests: Request[] = [];
  const storage = new Map(Object.entries(stored));
  const tokens: string[] = [];
  const token: TokenStore = {
    read: () => tokens.at(-1) ?? null,
    write: (t) => void tokens.push(t),
    remove: () => void tokens.splice(0),
  };
  const fakeFetch = (async (input: Request) => {
    requests.push(input);
    return route(input);
  }) as unknown as typeof fetch;
  const machines = createLiveMachines({
    client: createApiClient('http://api.test/api/v1', fakeFetch),
    storage: () => ({ getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) }),
    token,
    logError: () => {},
  });
  return { machines, requests, storage, tokens };
}

async function run<T extends AnyActorLogic>(logic: T, input?: unknown) {
  const emitted: EventObject[] = [];
  // Each live machine declares its own input type; the tests pass the right one per machine.
  const actor = createActor(logic as AnyActorLogic, { input } as never);
  actor.on('*', (e: EventObject) => emitted.push(e));
  actor.start();
  await settled(actor);
  return { actor, emitted };
}

const apiProduct = {
  id: 'p1',
  title: 'Indigo Kurta',
  description: 'Cotton.',
  imgUrl: '',
  category: 'men',
  parentCategory: 'Kurta',
  regularPrice: 1899,
  discountedPrice: 1499,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [{ url: '/k.svg' }],
  attributes: [{ id: 'a1', key: 'Sizes', values: ['S', 'M'], metricUnit: null }],
};

describe('live products list', () => {
  it('maps the page to display products and reads pagination.total when the server answers', async () => {
    const { machines, requests } = setup(() =>
      Response.json({
        data: [apiProduct],
        pagination: { page: 1, limit: 12, total: 30, totalPages: 3 },
        count: 30,
      }),
    );
    const { actor } = await run(machines.productsList, { category: 'men', page: 1 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ list: 'loaded', filters: 'ready' });
    expect(snapshot.context.total).toBe(30);
    expect(snapshot.context.products[0]).toMatchObject({
      id: 'p1',
      name: 'Indigo Kurta',
      price: 1499,
      originalPrice: 1899,
      image: '/k.svg',
      sizes: ['S', 'M'],
    });
    expect(snapshot.context.parentCategories).toEqual(['Kurta']);
    const urls = requests.map((r) => new URL(r.url));
    expect(urls.map((u) => u.searchParams.get('limit')).sort()).toEqual(['100', '12']);
    expect(urls.every((u) => u.searchParams.get('category') === 'men')).toBe(true);
  });

  it('fails with the retry state when the server answers 500', async () => {
    const { machines } = setup(() => Response.json({ error: 'Internal server error' }, { status: 500 }));
    const { actor } = await run(machines.productsList, { page: 1 });
    expect(actor.getSnapshot().matches({ list: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.parentCategories).toEqual([]);
  });
});

describe('live product', () => {
  it("shows 'Product not found' when the server answers 404", async () => {
    const { machines } = setup(() => Response.json({ error: 'Product not found' }, { status: 404 }));
    const { actor } = await run(machines.product, { id: 'nope' });
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.error).toBe('Product not found');
  });
  it("shows 'Failed to load product details' when the request fails otherwise", async () => {
    const { machines } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const { actor } = await run(machines.product, { id: 'p1' });
    expect(actor.getSnapshot().context.error).toBe('Failed to load product details');
  });
});

describe('live auth', () => {
  it("toasts the server's error and stays anonymous when the credentials are refused with 401", async () => {
    const { machines, tokens } = setup(() =>
      Response.json({ error: 'Invalid email or password' }, { status: 401 }),
    );
    const { actor, emitted } = await run(machines.auth);
    actor.send({ type: 'auth.login', email: 'a@b.in', password: 'wrong-pass' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(emitted).toContainEqual(toast('Error', 'Invalid email or password', 'error'));
    expect(tokens).toEqual([]);
  });
  it("toasts 'No response from server. Please try again later.' when the request gets no answer", async () => {
    const { machines } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const { actor, emitted } = await run(machines.auth);
    actor.send({ type: 'auth.login', email: 'a@b.in', password: 'secret-1' });
    await settled(actor);
    expect(emitted).toContainEqual(
      toast('Error', 'No response from server. Please try again later.', 'error'),
    );
  });
  it('stores the token and signs in when the answer carries one', async () => {
    const { machines, tokens } = setup(() => Response.json({ token: 'tok-1' }));
    const { actor } = await run(machines.auth);
    actor.send({ type: 'auth.login', email: 'a@b.in', password: 'secret-1' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(tokens).toEqual(['tok-1']);
  });
  it('starts authenticated with a placeholder user when a token is already stored', async () => {
    const { machines, tokens } = setup(() => Response.json({}));
    tokens.push('tok-0');
    const { actor } = await run(machines.auth);
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.user).toEqual({ email: null });
  });
});

describe('live account', () => {
  const info = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'a@b.in',
    createdAt: '2025-04-18T09:30:00.000Z',
  };
  it.each([
    ['unwraps an answer wrapped in data', { data: info }],
    ['reads the object itself when it is not wrapped', info],
  ])('%s', async (_, body) => {
    const { machines } = setup(() => Response.json(body));
    const { actor } = await run(machines.account);
    expect(actor.getSnapshot().context.account).toEqual(info);
  });
  it('toasts the status when the server answers an error', async () => {
    const { machines } = setup(() => Response.json({ error: 'boom' }, { status: 503 }));
    const { emitted } = await run(machines.account);
    expect(emitted).toContainEqual(
      toast('Error', 'Failed to load account information (Status: 503)', 'error'),
    );
  });
});

describe('live payment', () => {
  const field = { name: 'payerName', label: 'Name', type: 'text', rules: { required: true } };
  // The page loads the order first (GET /orders/SF-1): a Pending one of the shopper.
  const pending = { id: 'SF-1', status: 0, createdAt: '2026-11-01T10:00:00Z', items: [], total: 0 };
  const isOrder = (request: Request) => new URL(request.url).pathname.endsWith('/orders/SF-1');

  it('reads the fields from an object with a fields array and from a bare array', async () => {
    for (const body of [{ fields: [field] }, [field]]) {
      const { machines } = setup((request) => Response.json(isOrder(request) ? pending : body));
      const { actor } = await run(machines.payment, { orderId: 'SF-1' });
      expect(actor.getSnapshot().value).toBe('form');
      expect(actor.getSnapshot().context.fields).toEqual([field]);
    }
  });

  it("shows the server's text when the payment is refused with a JSON error", async () => {
    const { machines } = setup((request) =>
      isOrder(request)
        ? Response.json(pending)
        : request.method === 'GET'
          ? Response.json({ fields: [field] })
          : Response.json({ error: 'Order is not pending' }, { status: 409 }),
    );
    const { actor } = await run(machines.payment, { orderId: 'SF-1' });
    actor.send({ type: 'payment.submit', values: { payerName: 'Asha' } });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Order is not pending');
  });

  it("shows 'Failed to process payment. Please try again later.' when the request gets no answer", async () => {
    const { machines } = setup((request) => {
      if (isOrder(request)) return Response.json(pending);
      if (request.method === 'GET') return Response.json({ fields: [field] });
      throw new TypeError('Failed to fetch');
    });
    const { actor } = await run(machines.payment, { orderId: 'SF-1' });
    actor.send({ type: 'payment.submit', values: { payerName: 'Asha' } });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe('Failed to process payment. Please try again later.');
  });
});

describe('live payment: the order first', () => {
  it("says at once when the order is not the shopper's (404)", async () => {
    const { machines } = setup(() =>
      Response.json({ error: 'Order not found or access denied' }, { status: 404 }),
    );
    const { actor } = await run(machines.payment, { orderId: 'SF-1' });
    expect(actor.getSnapshot().value).toBe('orderNotFound');
  });
});

describe('live cart storage', () => {
  it("restores the lines stored under localStorage['cart']", async () => {
    const line = { id: 'p1', name: 'Tee', image: '', price: 499, quantity: 2 };
    const { machines } = setup(() => Response.json({}), { cart: JSON.stringify([line]) });
    const { actor } = await run(machines.cart);
    expect(actor.getSnapshot().context.items).toEqual([line]);
  });
  it('starts empty without throwing when the stored value is corrupt', async () => {
    const { machines } = setup(() => Response.json({}), { cart: '{"oops"' });
    const { actor } = await run(machines.cart);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
  it('writes the plain line array after a change', async () => {
    const { machines, storage } = setup(() => Response.json({}));
    const { actor } = await run(machines.cart);
    actor.send({
      type: 'cart.add',
      id: 'p1',
      name: 'Tee',
      image: '',
      price: 499,
      quantity: 1,
      selectedSize: 'M',
    });
    expect(JSON.parse(storage.get('cart') ?? 'null')).toEqual([
      { id: 'p1', name: 'Tee', image: '', price: 499, quantity: 1, selectedSize: 'M' },
    ]);
  });
});

describe('401 handling', () => {
  afterEach(() => Cookies.remove('auth_token', { path: '/' }));

  it('signs the user out when any call is answered 401', async () => {
    const { machines } = setup(() => Response.json({ error: 'Authentication required' }, { status: 401 }));
    const signedIn = createLiveMachines({
      client: createApiClient('http://api.test/api/v1', fakeUnusedFetch),
      storage: () => ({ getItem: () => null, setItem: () => {} }),
      token: { read: () => 'tok', write: () => {}, remove: () => {} },
      logError: () => {},
    });
    // The app actor listens for 401s and tells its auth child (machines/app.machine.ts).
    const app = createActor(provideAppMachine(signedIn), { input: {} }).start();
    const auth = app.getSnapshot().children.auth as AnyActorRef;
    await settled(auth);
    expect(auth.getSnapshot().value).toBe('authenticated');
    const { actor: orders } = await run(machines.myOrders);
    expect(orders.getSnapshot().value).toBe('failed');
    expect(auth.getSnapshot().value).toBe('anonymous');
    app.stop();
  });

  it('writes the auth_token cookie for 30 days on path / and removes it', () => {
    expect(TOKEN_COOKIE_OPTIONS).toEqual({ expires: 30, path: '/' });
    cookieTokenStore.write('tok-9');
    expect(Cookies.get('auth_token')).toBe('tok-9');
    expect(cookieTokenStore.read()).toBe('tok-9');
    cookieTokenStore.remove();
    expect(cookieTokenStore.read()).toBeNull();
  });
});
