/**
 * The one actor system (machines/app.machine.ts) with the live machines over a fake API: the messages
 * between actors that used to be React glue — sign-in reaching the cart, a 401 anywhere signing out,
 * a placed order emptying the cart, a product page adding to it — and what an inspector attached to
 * the root sees of them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyActorLogic, type AnyActorRef, createActor, type InspectionEvent, waitFor } from 'xstate';
import type { CartLine } from '../../machines/cart.model';
import { provideAppMachine } from '../../src/app/actors/root.live';
import { inMemoryLiveMachines } from '../setup/live-machines';
import { shipping, storeInfo } from './support/fixtures';

type Route = (request: Request) => Response | Promise<Response>;

const tee: CartLine = { id: 'p-tee', name: 'Plain Tee', image: '/tee.svg', price: 499, quantity: 2 };

const running: { stop: () => void }[] = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

/** The app actor over live machines whose fetch answers `routes` ('METHOD /path'); 404 otherwise. */
function startSystem({
  token = null,
  routes = {},
  stored = {},
}: {
  token?: string | null;
  routes?: Record<string, Route>;
  /** What this browser's localStorage holds when the app starts. */
  stored?: Record<string, string>;
}) {
  const storage = new Map<string, string>(Object.entries(stored));
  const fakeFetch = (async (request: Request) => {
    const path = new URL(request.url).pathname.replace('/api/v1', '');
    const route = routes[`${request.method} ${path}`];
    return route ? route(request) : Response.json({ error: 'Not found' }, { status: 404 });
  }) as unknown as typeof fetch;
  const { machines, token: currentToken } = inMemoryLiveMachines(fakeFetch, { token, stored: storage });
  // What an inspector attached to the root sees: every message from one actor to another.
  const messages: string[] = [];
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.event' || !event.sourceRef || event.event.type.startsWith('xstate.')) return;
    const name = (ref: unknown) => (ref === app ? 'app' : (ref as AnyActorRef).id);
    messages.push(`${name(event.sourceRef)} → ${name(event.actorRef)}: ${event.event.type}`);
  };
  const app = createActor(provideAppMachine(machines), { input: {}, inspect }).start();
  running.push(app);
  const { auth, cart, wishlist } = app.getSnapshot().children;
  if (!auth || !cart || !wishlist) throw new Error('the app started without its children');
  /** A screen's machine as usePageActor starts it: the app's ref as input, the app's inspector. */
  const startPage = (key: 'checkout' | 'product' | 'myOrders', input: object = {}): AnyActorRef => {
    // Each page machine declares its own input type; these tests pass the right one per machine.
    const page = createActor(machines[key] as AnyActorLogic, {
      id: key,
      input: { ...input, app },
      inspect: app.options.inspect,
    }).start();
    running.push(page);
    return page;
  };
  return { app, auth, cart, wishlist, machines, messages, storage, startPage, token: currentToken };
}

const ready = (cart: AnyActorRef) => waitFor(cart, (s) => s.matches('ready'));

describe('the app actor system', () => {
  it('tells the cart the shopper signed in when auth signs them in, so Checkout goes on to /checkout', async () => {
    const { auth, cart, messages } = startSystem({
      routes: { 'POST /users/authorize': () => Response.json({ token: 'tok-1' }) },
    });
    await ready(cart);
    const navigations: unknown[] = [];
    cart.on('navigate', (e) => navigations.push(e));
    auth.send({ type: 'auth.login', email: 'asha@example.in', password: 'saree-sunday-42' });
    await waitFor(cart, (s) => s.context.signedIn);
    expect(messages).toEqual([
      'auth → app: auth.signedIn',
      'app → cart: session.signedIn',
      'app → wishlist: session.signedIn',
    ]);
    cart.send({ type: 'cart.checkout' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/checkout' }]);
  });

  it('counts a sign-in kept from the last visit when the app starts', async () => {
    const { cart, messages } = startSystem({ token: 'tok-kept' });
    await waitFor(cart, (s) => s.matches('ready') && s.context.signedIn);
    expect(messages).toContain('app → cart: session.signedIn');
  });

  it('sends a signed-out shopper to sign in when they press Checkout after signing out', async () => {
    const { auth, cart, messages } = startSystem({ token: 'tok-kept' });
    await waitFor(cart, (s) => s.matches('ready') && s.context.signedIn);
    auth.send({ type: 'auth.logout' });
    await waitFor(cart, (s) => !s.context.signedIn);
    expect(messages.slice(-3)).toEqual([
      'auth → app: auth.signedOut',
      'app → cart: session.signedOut',
      'app → wishlist: session.signedOut',
    ]);
    const navigations: unknown[] = [];
    cart.on('navigate', (e) => navigations.push(e));
    cart.send({ type: 'cart.checkout' });
    expect(navigations).toEqual([{ type: 'navigate', to: '/login', from: '/checkout' }]);
  });

  it('signs the shopper out when a call from a page machine is answered 401', async () => {
    const { auth, cart, messages, startPage, token } = startSystem({
      token: 'tok-expired',
      routes: { 'GET /orders': () => Response.json({ error: 'Authentication required' }, { status: 401 }) },
    });
    await waitFor(auth, (s) => s.matches('authenticated'));
    await waitFor(cart, (s) => s.context.signedIn);
    const orders = startPage('myOrders');
    await waitFor(orders, (s) => s.matches('failed'));
    await waitFor(auth, (s) => s.matches('anonymous'));
    expect(token()).toBeNull();
    expect(cart.getSnapshot().context.signedIn).toBe(false);
    expect(messages).toEqual(
      expect.arrayContaining([
        'app → auth: auth.unauthorized',
        'auth → app: auth.signedOut',
        'app → cart: session.signedOut',
      ]),
    );
  });

  it('empties the cart once the checkout has placed the order', async () => {
    const orders: unknown[] = [];
    const { cart, storage, startPage, messages } = startSystem({
      token: 'tok-kept',
      routes: {
        'POST /orders': async (request) => {
          orders.push(await request.json());
          return Response.json({ id: 'SF-1' }, { status: 201 });
        },
      },
    });
    await ready(cart);
    cart.send({ type: 'cart.add', ...tee });
    expect(cart.getSnapshot().context.items).toHaveLength(1);
    const checkout = startPage('checkout');
    const navigations: unknown[] = [];
    checkout.on('navigate', (e) => navigations.push(e));
    checkout.send({
      type: 'checkout.submit',
      items: cart.getSnapshot().context.items,
      ...shipping,
      fieldsValid: true,
    });
    await waitFor(cart, (s) => s.context.items.length === 0);
    expect(orders).toHaveLength(1);
    expect(JSON.parse(storage.get('cart') ?? 'null')).toEqual([]);
    expect(messages.slice(-2)).toEqual(['checkout → app: checkout.orderPlaced', 'app → cart: cart.reset']);
    expect(navigations).toEqual([{ type: 'navigate', to: '/payment?orderId=SF-1' }]);
  });

  it('keeps the cart when the order is refused', async () => {
    const { cart, startPage } = startSystem({
      token: 'tok-kept',
      routes: { 'POST /orders': () => Response.json({ error: 'Bad address' }, { status: 400 }) },
    });
    await ready(cart);
    cart.send({ type: 'cart.add', ...tee });
    const checkout = startPage('checkout');
    checkout.send({ type: 'checkout.submit', items: [tee], ...shipping, fieldsValid: true });
    await waitFor(checkout, (s) => s.matches('idle') && s.context.shipping.fullName !== '');
    expect(cart.getSnapshot().context.items).toEqual([tee]);
  });

  it('fits the cart to what is left when the checkout answered 409 and the shopper adjusts the bag', async () => {
    const { cart, storage, startPage, messages } = startSystem({
      token: 'tok-kept',
      routes: {
        'POST /orders': () =>
          Response.json(
            {
              error: 'Only 1 left',
              shortages: [
                { productId: tee.id, title: tee.name, size: null, color: null, requested: 3, left: 1 },
              ],
            },
            { status: 409 },
          ),
      },
    });
    await ready(cart);
    cart.send({ type: 'cart.add', ...tee, quantity: 3 });
    const checkout = startPage('checkout');
    checkout.send({
      type: 'checkout.submit',
      items: cart.getSnapshot().context.items,
      ...shipping,
      fieldsValid: true,
    });
    await waitFor(checkout, (s) => s.matches('shortage'));
    expect(cart.getSnapshot().context.items[0]?.quantity).toBe(3);
    checkout.send({ type: 'checkout.adjust' });
    await waitFor(cart, (s) => s.context.items[0]?.quantity === 1);
    expect(checkout.getSnapshot().matches('idle')).toBe(true);
    expect(JSON.parse(storage.get('cart') ?? 'null')[0].quantity).toBe(1);
    expect(messages.slice(-2)).toEqual(['checkout → app: cart.fit', 'app → cart: cart.fit']);
  });

  it("puts the product page's chosen size, colour and quantity into the cart on Add to Cart", async () => {
    const { cart, startPage, messages } = startSystem({
      routes: {
        'GET /products/p-kurta': () =>
          Response.json({
            id: 'p-kurta',
            title: 'Indigo Kurta',
            description: 'Cotton.',
            imgUrl: '/kurta.svg',
            category: 'men',
            parentCategory: 'Kurta',
            regularPrice: 1899,
            discountedPrice: 1499,
            createdAt: '2026-01-01T00:00:00.000Z',
            images: [],
            attributes: [
              { id: 'a1', key: 'Sizes', values: ['S', 'M'], metricUnit: null },
              { id: 'a2', key: 'Colors', values: ['Indigo'], metricUnit: null },
            ],
          }),
      },
    });
    await ready(cart);
    const product = startPage('product', { id: 'p-kurta' });
    await waitFor(product, (s) => s.matches('loaded'));
    product.send({ type: 'product.selectSize', size: 'M' });
    product.send({ type: 'product.selectColor', color: 'Indigo' });
    product.send({ type: 'product.setQuantity', quantity: 2 });
    product.send({ type: 'product.addToCart' });
    expect(cart.getSnapshot().context.items).toEqual([
      {
        id: 'p-kurta',
        name: 'Indigo Kurta',
        image: '/kurta.svg',
        price: 1499,
        quantity: 2,
        selectedSize: 'M',
        selectedColor: 'Indigo',
      },
    ]);
    expect(messages.slice(-2)).toEqual(['product → app: cart.add', 'app → cart: cart.add']);
  });

  it("merges a visitor's saved products into the account on sign-in, then follows the server", async () => {
    const merged: unknown[] = [];
    const product = (id: string) => ({ id, title: id, description: '', imgUrl: '/x.svg', category: 'men' });
    const { auth, wishlist, storage, messages } = startSystem({
      stored: { wishlist: JSON.stringify(['p-tee', 'p-kurta']) },
      routes: {
        'POST /users/authorize': () => Response.json({ token: 'tok-1' }),
        'POST /wishlist': async (request) => {
          merged.push(await request.json());
          return Response.json({ items: [product('p-tee'), product('p-kurta'), product('p-saved-before')] });
        },
        'PUT /wishlist/p-scarf': () =>
          Response.json({ items: [product('p-scarf'), product('p-tee'), product('p-kurta')] }),
      },
    });
    await waitFor(wishlist, (s) => s.matches('visitor'));
    auth.send({ type: 'auth.login', email: 'asha@example.in', password: 'saree-sunday-42' });
    await waitFor(wishlist, (s) => s.matches({ account: 'synced' }));
    expect(messages).toContain('app → wishlist: session.signedIn');
    // Oldest first, so the server puts the most recent on top.
    expect(merged).toEqual([{ productIds: ['p-kurta', 'p-tee'] }]);
    expect(wishlist.getSnapshot().context.ids).toEqual(['p-tee', 'p-kurta', 'p-saved-before']);
    expect(storage.get('wishlist')).toBe('[]');
    wishlist.send({ type: 'wishlist.toggle', id: 'p-scarf' });
    await waitFor(wishlist, (s) => s.matches({ account: 'synced' }));
    expect(wishlist.getSnapshot().context.ids).toEqual(['p-scarf', 'p-tee', 'p-kurta']);
  });

  it('signs out when a wishlist save is answered 401, and the wishlist goes back to the browser', async () => {
    const { auth, wishlist, messages, token } = startSystem({
      token: 'tok-expired',
      routes: {
        'POST /wishlist': () => Response.json({ items: [] }),
        'PUT /wishlist/p-tee': () => Response.json({ error: 'Invalid or expired token' }, { status: 401 }),
      },
    });
    await waitFor(wishlist, (s) => s.matches({ account: 'synced' }));
    wishlist.send({ type: 'wishlist.toggle', id: 'p-tee' });
    await waitFor(auth, (s) => s.matches('anonymous'));
    await waitFor(wishlist, (s) => s.matches('visitor'));
    expect(token()).toBeNull();
    expect(wishlist.getSnapshot().context.ids).toEqual([]);
    expect(messages).toEqual(
      expect.arrayContaining(['app → auth: auth.unauthorized', 'app → wishlist: session.signedOut']),
    );
  });

  it('reports nothing when a machine runs without an app, as in its own tests', async () => {
    const { machines } = startSystem({
      token: 'tok-kept',
      routes: { 'POST /orders': () => Response.json({ id: 'SF-2' }, { status: 201 }) },
    });
    const sent: string[] = [];
    const checkout = createActor(machines.checkout, {
      id: 'checkout',
      input: {},
      inspect: (event) => {
        if (event.type === '@xstate.event' && (event.sourceRef as AnyActorRef | undefined)?.id === 'checkout')
          sent.push(event.event.type);
      },
    }).start();
    running.push(checkout);
    checkout.send({ type: 'checkout.submit', items: [tee], ...shipping, fieldsValid: true });
    await waitFor(checkout, (s) => s.matches('success'));
    expect(checkout.getSnapshot().context.app).toBeNull();
    expect(sent.filter((type) => !type.startsWith('xstate.'))).toEqual([]);
  });

  it('starts the store information from the snapshot it is given while /storeInfo revalidates', async () => {
    const { machines } = startSystem({ routes: { 'GET /storeInfo': () => Response.json(storeInfo) } });
    const app = createActor(provideAppMachine(machines), { input: { storeInfo } }).start();
    running.push(app);
    expect(app.getSnapshot().children.storeInfo?.getSnapshot().context.storeInfo).toEqual(storeInfo);
  });
});
