/**
 * One model per machine: which user events (with which payloads) and which actor outcomes to try.
 * Shared by the model tests (tests/machines/*.test.ts) and `npm run journeys`.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { accountMachine } from '../../../machines/account.machine';
import { addressBookMachine } from '../../../machines/address-book.machine';
import { authMachine } from '../../../machines/auth.machine';
import { type CartContext, cartMachine } from '../../../machines/cart.machine';
import { firstLineNeedingChoice, lineNeedsChoice } from '../../../machines/cart.model';
import { cartStockMachine } from '../../../machines/cart-stock.machine';
import { filterChips, type ProductsQuery } from '../../../machines/catalogue.model';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { contactMachine } from '../../../machines/contact.machine';
import { deliveryCheckMachine } from '../../../machines/delivery-check.machine';
import { featuredProductsMachine } from '../../../machines/featured-products.machine';
import { type MyOrdersContext, myOrdersMachine } from '../../../machines/my-orders.machine';
import { newsletterMachine } from '../../../machines/newsletter.machine';
import { newsletterLinkMachine } from '../../../machines/newsletter-link.machine';
import { orderSuccessMachine } from '../../../machines/order-success.machine';
import { orderTrackingMachine } from '../../../machines/order-tracking.machine';
import type { ApiOrder, DisplayOrder, ReturnRequest } from '../../../machines/orders.model';
import { passwordResetMachine } from '../../../machines/password-reset.machine';
import { paymentMachine } from '../../../machines/payment.machine';
import type { PaymentResponse } from '../../../machines/payment.model';
import { productMachine } from '../../../machines/product.machine';
import { productsListMachine } from '../../../machines/products-list.machine';
import { offersReturn } from '../../../machines/returns.model';
import { savedProductsMachine } from '../../../machines/saved-products.machine';
import { type Suggestion, searchMachine } from '../../../machines/search.machine';
import { similarProductsMachine } from '../../../machines/similar-products.machine';
import { storeInfoMachine } from '../../../machines/store-info.machine';
import { wishlistMachine } from '../../../machines/wishlist.machine';
import { orderLifecycleMachine } from '../../../shared/order-lifecycle';
import { returnLifecycleMachine } from '../../../shared/return-lifecycle';
import type { StockEntry } from '../../../shared/stock';
import {
  fieldError,
  kurta,
  kurtaLine,
  methodField,
  noResponse,
  order,
  paymentFields,
  savedDelhi as savedAddress,
  scarf,
  serverError,
  shipping,
  shortageError,
  storeInfo,
  tee,
  teeLine,
} from './fixtures';
import { labelled, type MachineModel } from './graph';

const done = (id: string, output: unknown, label?: string): EventObject => {
  const event = { type: `xstate.done.actor.${id}`, output } as EventObject;
  return label ? labelled(event, label) : event;
};
const fail = (id: string, error: unknown): EventObject =>
  ({ type: `xstate.error.actor.${id}`, error }) as EventObject;
/** A shopper's event with a short label for the journeys. */
const user = <T extends EventObject>(event: T, label: string): T => labelled(event, label);

const storeInfoModel: MachineModel = {
  name: 'store-info',
  machine: storeInfoMachine,
  simplePaths: true,
  cases: [{ title: 'on start' }],
  events: () => [
    done('fetchStoreInfo', storeInfo, 'the store information'),
    fail('fetchStoreInfo', serverError('Internal server error')),
    { type: 'storeInfo.refresh' },
  ],
};

/**
 * What the cart page never sends where it is (the model tests still send them, so the guards that refuse
 * them stay covered): a quantity below 1 (its fields stop at 1), a change to a line that is not in the cart
 * or has no picker, Clear Cart and Checkout on the empty cart (its page has neither button), and the
 * reset a placed order sends unless an order can be placed: signed in, every line's size chosen.
 */
function cartOffstage(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const { items, signedIn } = snapshot.context as CartContext;
  const has = (id: string) => items.some((line) => line.id === id);
  switch (event.type) {
    case 'cart.add':
    case 'cart.update': {
      const { quantity, id } = event as EventObject & { quantity: number; id: string };
      return quantity < 1 || (event.type === 'cart.update' && !has(id));
    }
    case 'cart.remove':
      return !has((event as EventObject & { id: string }).id);
    case 'cart.choose':
      return !items.some((line) => line.id === tee.id && lineNeedsChoice(line));
    case 'cart.clear':
    case 'cart.checkout':
      return items.length === 0;
    // A line's own button to fit it shows only on a line asking for more than the 1 left.
    case 'cart.fit':
      return (items.find((l) => l.id === kurta.id)?.quantity ?? 0) < 2;
    case 'cart.reset':
      return !signedIn || items.length === 0 || firstLineNeedingChoice(items) !== null;
    default:
      return false;
  }
}

const kurtaKey = { id: kurta.id, selectedSize: 'M', selectedColor: 'Indigo' };

const cartModel: MachineModel = {
  name: 'cart',
  machine: cartMachine,
  // Shortest paths and every edge: with Undo and the line limit the simple paths no longer finish in
  // minutes; tests/machines/cart.properties.test.ts runs random command sequences instead.
  simplePaths: false,
  cases: [{ title: 'fresh browser' }],
  offstage: cartOffstage,
  // Bounded so the graph stays finite: at most 2 of the kurta, one tee line.
  events: (snapshot) => {
    const { items, signedIn, removed } = snapshot.context as {
      items: { id: string; quantity: number }[];
      signedIn: boolean;
      removed: unknown[] | null;
    };
    const kurtaQty = items.find((l) => l.id === kurta.id)?.quantity ?? 0;
    // The app's word on sign-in: arriving while the stored cart is read, and a sign-out of an empty
    // cart (bounded so the graph stays small).
    const session = snapshot.matches('loading')
      ? [{ type: 'session.signedIn' }]
      : signedIn && items.length === 0
        ? [{ type: 'session.signedOut' }]
        : [];
    return [
      ...session,
      // A card's Add to Cart left the size to choose: `cart.choose` below picks one.
      done(
        'loadCart',
        JSON.stringify([{ ...teeLine, sizeOptions: ['S', 'L'] }]),
        'a stored cart with 2 tees, size still to choose',
      ),
      done('loadCart', '{corrupt', 'a corrupt stored value'),
      fail('loadCart', new Error('SecurityError')),
      ...(kurtaQty < 2 ? [user({ type: 'cart.add', ...kurtaLine }, 'kurta, M, Indigo, quantity 1')] : []),
      user({ type: 'cart.add', ...teeLine, quantity: 0 }, 'tee, quantity 0'),
      { type: 'cart.remove', id: tee.id },
      { type: 'cart.update', id: kurta.id, selectedSize: 'M', selectedColor: 'Indigo', quantity: 3 },
      { type: 'cart.update', id: kurta.id, selectedSize: 'M', selectedColor: 'Indigo', quantity: 0 },
      // Bounded so the graph stays finite and small: 999 typed into a lone kurta line, and Undo once the
      // cart is empty (tests/machines/cart.properties.test.ts tries both on any cart).
      ...(kurtaQty === 1 && items.length === 1 && !removed
        ? [
            user(
              {
                type: 'cart.update',
                id: kurta.id,
                selectedSize: 'M',
                selectedColor: 'Indigo',
                quantity: 999,
              },
              'kurta quantity typed as 999',
            ),
            user({ type: 'cart.add', ...kurtaLine, quantity: 10 }, 'kurta, M, Indigo, 10 more'),
          ]
        : []),
      { type: 'cart.clear' },
      ...(removed && items.length === 0 ? [{ type: 'cart.undo' }] : []),
      { type: 'cart.choose', line: { id: tee.id }, selectedSize: 'L' },
      { type: 'cart.reset' },
      { type: 'cart.checkout' },
      // The cart page read that 1 kurta is left in M, Indigo: its short line is fitted to it.
      user({ type: 'cart.fit', lines: [{ ...kurtaKey, left: 1 }] }, 'the kurta line to the 1 left'),
    ];
  },
};

const productsFacets = {
  sizes: [
    { value: 'S', count: 4 },
    { value: 'M', count: 9 },
  ],
  colors: [{ value: 'Indigo', count: 6 }],
  price: { min: 499, max: 2999 },
  onSale: 3,
};
const productsPage = { products: [kurta, scarf], total: 14, facets: productsFacets };
const productsListModel: MachineModel = {
  name: 'products-list',
  machine: productsListMachine,
  // Its simple paths run into the millions (query × products × options); shortest + every edge only.
  cases: [
    { title: 'men, page 1', input: { category: 'men', page: 1 } },
    // The server rendered the page and embedded its answer (src/app/actors/first-answer.ts).
    { title: 'men, page 1, with its answer', input: { category: 'men', page: 1, first: productsPage } },
    {
      title: 'a search with its empty answer',
      input: { q: 'zari', page: 1, first: { products: [], total: 0, facets: productsFacets } },
    },
    {
      title: 'page 9 of 5 products, with its empty answer',
      input: { category: 'men', page: 9, first: { products: [], total: 5 } },
    },
  ],
  // The shopper acts only once both regions have settled, which keeps the graph small; the transitions
  // are the same whichever list state they leave from.
  events: (snapshot) => [
    done('fetchProducts', productsPage, '2 products of 14, with the counts of each filter'),
    done('fetchProducts', { products: [], total: 0 }, 'no products'),
    done('fetchProducts', { products: [], total: 5 }, 'an empty page of 5 products'),
    fail('fetchProducts', serverError('Internal server error')),
    done('fetchParentCategories', ['Kurta', 'Scarf']),
    fail('fetchParentCategories', noResponse()),
    { type: 'products.retry' },
    ...(snapshot.matches({ filters: 'ready' }) && !snapshot.hasTag('loading') && !panelNarrowed(snapshot)
      ? [
          { type: 'products.filter', parentCategory: 'Kurta' },
          { type: 'products.page', page: 2 },
          { type: 'products.clearFilters' },
          { type: 'products.sync', category: 'women', page: 1 },
        ]
      : []),
    // The sort and the filter panel, one change at a time from a list that has none (else the graph
    // multiplies out); each chip is offered while its filter is on.
    ...(snapshot.matches({ filters: 'ready' }) && !snapshot.hasTag('loading')
      ? narrowingEvents(snapshot)
      : []),
  ],
};

/** A search, sort or filter-panel choice is on (the type filter is the list's older one). */
function panelNarrowed(snapshot: AnyMachineSnapshot): boolean {
  const { query } = snapshot.context as { query: ProductsQuery };
  return Boolean(query.q || query.sort || filterChips(query).some((c) => c.filter !== 'parentCategory'));
}

function narrowingEvents(snapshot: AnyMachineSnapshot): EventObject[] {
  const { query } = snapshot.context as { query: ProductsQuery };
  const active = filterChips(query);
  // From the first page of men's wear as shown; the other list states take these the same way.
  if (
    active.length === 0 &&
    !query.sort &&
    !query.q &&
    query.page === 1 &&
    query.category === 'men' &&
    snapshot.matches({ list: 'loaded' })
  )
    return [
      { type: 'products.sync', q: 'kurta', page: 1 },
      { type: 'products.sort', sort: 'price-asc' },
      { type: 'products.toggle', filter: 'size', value: 'M' },
      { type: 'products.price', min: 2000, max: 500 },
      { type: 'products.onSale', onSale: true },
    ] as unknown as EventObject[];
  return active.map(({ label: _label, ...chip }) => ({ type: 'products.remove', ...chip }) as EventObject);
}

const suggestionOf = ({ id, name, category, price, image }: typeof kurta): Suggestion => ({
  id,
  name,
  category,
  price,
  image,
});
export const kurtaSuggestion = suggestionOf(kurta);
export const teeSuggestion = suggestionOf(tee);

const searchModel: MachineModel = {
  name: 'search',
  machine: searchMachine,
  cases: [{ title: 'empty box' }],
  // Three texts (too short, long enough, longer) cover the wait, the cancel and the short-text close;
  // keys and picks are offered where a list is (or was) shown, which keeps the graph small.
  events: (snapshot) => {
    const { text } = snapshot.context as { text: string };
    return [
      user({ type: 'search.type', text: 'k' }, 'types "k"'),
      ...(text.length < 5
        ? [user({ type: 'search.type', text: text === 'ku' ? 'kurta' : 'ku' }, 'types')]
        : []),
      done('fetchSuggestions', [kurtaSuggestion, teeSuggestion], 'kurta and tee'),
      done('fetchSuggestions', [], 'no suggestions'),
      fail('fetchSuggestions', noResponse()),
      { type: 'search.next' },
      { type: 'search.previous' },
      { type: 'search.submit' },
      { type: 'search.pick', id: kurta.id },
      { type: 'search.pick', id: 'p-unknown' },
      { type: 'search.close' },
      // The address changes: to the results for "kurta", to another page, or to the same search again.
      user({ type: 'search.sync', q: 'kurta' }, 'lands on the results for "kurta"'),
      user({ type: 'search.sync', q: '' }, 'goes to a page without a search'),
    ];
  },
};

/** GET /stock for the product page: the kurta's M is sold out in Indigo, 3 of its S are left; the scarf is gone. */
const productStock: StockEntry[] = [
  { productId: kurta.id, size: 'S', color: 'Indigo', left: 3 },
  { productId: kurta.id, size: 'M', color: 'Indigo', left: 0 },
  { productId: scarf.id, size: 'One Size', color: null, left: 0 },
];

const productModel: MachineModel = {
  name: 'product',
  machine: productMachine,
  simplePaths: true,
  cases: [
    { title: 'product page', input: { id: kurta.id } },
    { title: 'quick view', input: { id: kurta.id, inDialog: true } },
    // The server rendered the page and embedded the product (src/app/actors/first-answer.ts).
    { title: 'product page with its product', input: { id: kurta.id, first: kurta } },
  ],
  events: (snapshot) => [
    done('fetchProduct', kurta, 'the kurta (sizes S, M)'),
    done('fetchProduct', scarf, 'the scarf (One Size)'),
    done('fetchProduct', null, 'no product'),
    fail('fetchProduct', serverError('Internal server error')),
    // GET /stock answers once, after the product shows.
    ...((snapshot.context as { stock: unknown }).stock === null
      ? [
          done('fetchStock', productStock, 'kurta M sold out, 3 S left; the scarf sold out'),
          fail('fetchStock', noResponse()),
        ]
      : []),
    { type: 'product.selectSize', size: 'M' },
    { type: 'product.selectColor', color: 'Indigo' },
    { type: 'product.setQuantity', quantity: 2 },
    { type: 'product.setQuantity', quantity: 0 },
    { type: 'product.addToCart' },
  ],
};

const featuredModel: MachineModel = {
  name: 'featured-products',
  machine: featuredProductsMachine,
  simplePaths: true,
  cases: [
    { title: 'home page' },
    { title: 'home page the server rendered with its featured products', input: { first: [kurta, tee] } },
  ],
  events: () => [
    done('fetchFeaturedProducts', [kurta, tee], '2 products'),
    done('fetchFeaturedProducts', [], 'no products'),
    fail('fetchFeaturedProducts', noResponse()),
  ],
};

const similarModel: MachineModel = {
  name: 'similar-products',
  machine: similarProductsMachine,
  simplePaths: true,
  cases: [
    {
      title: 'a kurta (type and category)',
      input: { id: kurta.id, category: 'men', parentCategory: 'Kurta' },
    },
    { title: 'a tee (category only)', input: { id: tee.id, category: 't shirts', parentCategory: '' } },
    { title: 'a kurta without a category', input: { id: kurta.id, category: '', parentCategory: 'Kurta' } },
    { title: 'a product with neither', input: { id: 'p-x', category: ' ', parentCategory: '' } },
  ],
  events: () => [
    // The page's own product comes back among them; it is left out.
    done('fetchSimilarProducts', [kurta, scarf], 'the kurta itself and a scarf'),
    done('fetchSimilarProducts', manyProducts(9), '9 others'),
    fail('fetchSimilarProducts', noResponse()),
    done('fetchSimilarProducts', [tee, scarf, kurta], 'a tee, the scarf and the kurta'),
    done('fetchSimilarProducts', [], 'none'),
  ],
};

/** `n` distinct products that are not the page's. */
const manyProducts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...tee, id: `p-similar-${i + 1}`, name: `Tee ${i + 1}` }));

/** Sign In on /login?from=/checkout, 'Remember me' ticked (as the form starts). */
const login = {
  type: 'auth.login',
  email: 'asha@example.in',
  password: 'saree-sunday-42',
  redirectTo: '/checkout',
  remember: true,
};
const register = {
  type: 'auth.register',
  email: 'Asha@Example.IN',
  password: 'saree-sunday-42',
  firstName: 'Asha',
  lastName: 'Verma',
};
const authModel: MachineModel = {
  name: 'auth',
  machine: authMachine,
  simplePaths: true,
  cases: [{ title: 'on start' }],
  // The cookie is read, and removed, at once in a browser: no call can be answered 401 before, so the
  // 401 is a journey step only where the shopper rests (signed in).
  offstage: (snapshot, event) =>
    event.type === 'auth.unauthorized' && (snapshot.matches('checking') || snapshot.matches('loggingOut')),
  events: () => [
    done('readToken', 'tok-123'),
    done('readToken', null),
    fail('readToken', new Error('cookies blocked')),
    login,
    user({ ...register }, 'valid details'),
    user({ ...register, email: 'asha-at-example' }, 'email without @'),
    done('login', { token: 'tok-456' }),
    done('login', {}),
    fail('login', serverError('Invalid email or password', 401)),
    fail('login', noResponse()),
    done('register', { email: 'asha@example.in' }),
    fail('register', serverError('An account with this email already exists', 409)),
    { type: 'auth.logout' },
    done('logout', undefined),
    fail('logout', new Error('cookie still there')),
    { type: 'auth.unauthorized' },
  ],
};

/** The tee line after "Adjust my bag" fitted it to the 1 left (`shortageError`). */
const adjustedTee = { ...teeLine, quantity: 1 };

const checkoutModel: MachineModel = {
  name: 'checkout',
  machine: checkoutMachine,
  simplePaths: true,
  cases: [{ title: 'checkout page' }],
  events: (snapshot) => [
    user(
      { type: 'checkout.submit', items: [kurtaLine, teeLine], ...shipping, fieldsValid: true },
      '2 lines, every field filled',
    ),
    // Place Order again once "Adjust my bag" has fitted the cart to the 409 (only then: a journey
    // 409 → adjust → order placed).
    ...(snapshot.matches('idle') && (snapshot.context as { shortages: unknown[] }).shortages.length > 0
      ? [
          user(
            { type: 'checkout.submit', items: [adjustedTee], ...shipping, fieldsValid: true },
            'the bag as adjusted: 1 tee',
          ),
        ]
      : []),
    user({ type: 'checkout.submit', items: [], ...shipping, fieldsValid: true }, 'empty cart'),
    user(
      {
        type: 'checkout.submit',
        items: [{ ...teeLine, sizeOptions: ['S', 'M'] }],
        ...shipping,
        fieldsValid: true,
      },
      'a tee line without its size',
    ),
    user(
      { type: 'checkout.submit', items: [kurtaLine], ...shipping, city: '   ', fieldsValid: false },
      'city blank',
    ),
    user(
      { type: 'checkout.submit', items: [kurtaLine], ...shipping, postalCode: '56003', fieldsValid: false },
      'a 5-digit PIN code',
    ),
    done('createOrder', { id: 'SF-TEST0001' }, 'order SF-TEST0001'),
    fail('createOrder', serverError('Failed to create order', 400)),
    fail('createOrder', fieldError('Enter a valid 6-digit PIN code', 'postalCode')),
    // A 409: the kurta sold out and one tee left; "Adjust my bag" fits the cart to it.
    labelled(fail('createOrder', shortageError()), 'the kurta sold out, 1 tee left'),
    user({ type: 'checkout.adjust' }, 'Adjust my bag'),
  ],
};

const orderTrackingModel: MachineModel = {
  name: 'order-tracking',
  machine: orderTrackingMachine,
  simplePaths: true,
  cases: [{ title: 'track order page', input: { orderId: '', contactInfo: 'asha@example.in' } }],
  events: () => [
    { type: 'tracking.submit', orderId: ' SF-TEST0001 ', contactInfo: 'asha@example.in ' },
    { type: 'tracking.submit', orderId: ' ', contactInfo: 'asha@example.in' },
    done('trackOrder', order, 'order SF-TEST0001, Pending'),
    fail('trackOrder', serverError('Order not found or access denied', 404)),
  ],
};

/** A delivered order within its return window: its two tees may go back, or be exchanged for an L. */
export const deliveredOrder: DisplayOrder = {
  ...order,
  id: 'SF-TEST0002',
  status: 3,
  statusLabel: 'Delivered',
  statusColor: 'green',
  canPay: false,
  payBy: null,
  canCancel: false,
  items: [
    {
      id: 'i1',
      name: 'Plain Tee',
      quantity: 2,
      price: 499,
      variant: 'Colour: White · Size: M',
      image: '',
      returnable: 2,
      notReturnable: null,
      exchangeSizes: ['L'],
    },
  ],
  returnBy: '2026-11-10T10:00:00.000Z',
  returns: [],
};

/** The form's request to exchange one of those tees for an L. */
const exchangeRequest: ReturnRequest = {
  kind: 'exchange',
  reason: 'Size too small',
  lines: [{ itemId: 'i1', quantity: 1, size: 'L' }],
};

/** The order as POST /orders/{orderId}/returns answers it: the exchange requested, one tee left to return. */
const exchangedOrder: DisplayOrder = {
  ...deliveredOrder,
  items: deliveredOrder.items.map((item) => ({ ...item, returnable: 1 })),
  returns: [
    {
      id: 'RT-TEST0001',
      kind: 'exchange',
      status: 'requested',
      statusLabel: 'Requested',
      statusColor: 'yellow',
      reason: 'Size too small',
      note: '',
      createdAt: '2026-11-05T10:00:00.000Z',
      lines: [{ itemId: 'i1', name: 'Plain Tee', quantity: 1, size: 'L' }],
      amount: 499,
      refund: null,
      refundTo: null,
      timeline: [],
    },
  ],
};

/**
 * What My Orders never sends: Cancel order or Return or exchange for an order that is not on the page,
 * or whose card does not offer it (the model tests still send them, so the guards stay covered).
 */
function myOrdersOffstage(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const { orders } = snapshot.context as MyOrdersContext;
  const card = orders.find((o) => o.id === (event as { orderId?: string }).orderId);
  if (event.type === 'order.cancel') return !card?.canCancel;
  if (event.type === 'order.return') return !card || !offersReturn(card);
  return false;
}

const myOrdersModel: MachineModel = {
  name: 'my-orders',
  machine: myOrdersMachine,
  simplePaths: true,
  cases: [{ title: 'orders page' }],
  offstage: myOrdersOffstage,
  events: () => [
    done('fetchOrders', [order], '1 order'),
    done('fetchOrders', [], 'no orders'),
    fail('fetchOrders', serverError('Internal server error')),
    { type: 'orders.retry' },
    { type: 'order.cancel', orderId: order.id },
    { type: 'order.keep' },
    { type: 'order.confirmCancel' },
    done(
      'fetchOrders',
      [
        order,
        ...Array.from({ length: 10 }, (_, i) => ({ ...order, id: `SF-TEST01${String(i).padStart(2, '0')}` })),
      ],
      '11 orders',
    ),
    { type: 'orders.filter', filter: 'cancelled' },
    { type: 'orders.showMore' },
    done(
      'cancelOrder',
      {
        order: {
          ...order,
          status: 4,
          statusLabel: 'Cancelled',
          statusColor: 'red',
          canPay: false,
          canCancel: false,
        },
        refund: null,
      },
      'the order cancelled, nothing to refund',
    ),
    fail('cancelOrder', serverError('This order has already shipped and can no longer be cancelled.', 409)),
    done('fetchOrders', [deliveredOrder], '1 delivered order'),
    // The Pending order offers no return: the guard keeps the form closed.
    { type: 'order.return', orderId: order.id },
    { type: 'order.return', orderId: deliveredOrder.id },
    { type: 'return.dismiss' },
    { type: 'return.submit', request: exchangeRequest },
    done('requestReturn', exchangedOrder, 'the exchange requested'),
    fail('requestReturn', serverError('The return window for this order has passed.', 409)),
  ],
};

const accountModel: MachineModel = {
  name: 'account',
  machine: accountMachine,
  simplePaths: true,
  cases: [{ title: 'account page' }],
  events: () => [
    done('fetchAccountInfo', {
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      createdAt: '2025-04-18T09:30:00.000Z',
    }),
    fail('fetchAccountInfo', serverError('Internal server error', 500)),
    fail('fetchAccountInfo', noResponse()),
    fail('fetchAccountInfo', new Error('Unexpected token < in JSON')),
    { type: 'account.retry' },
  ],
};

const contactMessage = {
  type: 'contact.submit',
  name: ' Asha ',
  email: 'asha@example.in ',
  subject: 'Sizes',
  message: 'Do you stock XL?',
};
const contactModel: MachineModel = {
  name: 'contact',
  machine: contactMachine,
  simplePaths: true,
  cases: [{ title: 'contact page' }],
  events: () => [
    user(contactMessage, 'every field filled'),
    user({ ...contactMessage, subject: ' ' }, 'subject blank'),
    done(
      'sendMessage',
      { message: "Thank you for contacting us. We'll get back to you shortly." },
      'accepted',
    ),
    fail('sendMessage', serverError('Please enter a valid email address.', 400)),
    fail('sendMessage', serverError('Too many requests, please try again in 30 seconds', 429)),
    fail('sendMessage', serverError('Internal server error', 500)),
    fail('sendMessage', noResponse()),
  ],
};

const newsletterModel: MachineModel = {
  name: 'newsletter',
  machine: newsletterMachine,
  simplePaths: true,
  cases: [{ title: 'home page' }],
  events: () => [
    user({ type: 'newsletter.subscribe', email: ' asha@example.in ' }, 'a valid email'),
    user({ type: 'newsletter.subscribe', email: 'not-an-email' }, 'an invalid email'),
    done(
      'subscribe',
      {
        message: 'Thank you for subscribing to our newsletter. Please confirm with the link we emailed you.',
      },
      'asked',
    ),
    fail('subscribe', serverError('Please enter a valid email address.', 400)),
    fail('subscribe', noResponse()),
  ],
};

const newsletterLinkModel: MachineModel = {
  name: 'newsletter-link',
  machine: newsletterLinkMachine,
  simplePaths: true,
  cases: [
    { title: 'confirm link', input: { link: 'confirm', token: 'tok.sig' } },
    { title: 'unsubscribe link', input: { link: 'unsubscribe', token: ' tok.sig ' } },
    { title: 'link without its token', input: { link: 'confirm', token: '' } },
  ],
  events: () => [
    done('followLink', { message: 'Your subscription is confirmed. Thank you!' }, 'confirmed'),
    fail('followLink', serverError('This link is invalid. Please use the link from your email.', 400)),
    fail('followLink', noResponse()),
    { type: 'link.retry' },
    { type: 'link.confirm' },
  ],
};

const passwordResetModel: MachineModel = {
  name: 'password-reset',
  machine: passwordResetMachine,
  simplePaths: true,
  cases: [{ title: 'forgot or reset password page' }],
  events: () => [
    { type: 'reset.request', email: ' asha@example.in ' },
    { type: 'reset.confirm', token: 'tok', password: 'new-secret-42' },
    done('requestReset', { message: 'If an account exists for that email, we have sent it a link.' }),
    fail('requestReset', noResponse()),
    done('confirmReset', { message: 'Your password has been reset.' }),
    fail('confirmReset', serverError('This password reset link is invalid or has expired.', 400)),
  ],
};

export const paymentResponses: Record<string, PaymentResponse> = {
  redirectPost: {
    success: true,
    action: {
      type: 'redirect_post',
      redirectUrl: 'https://gateway.test/pay',
      formParams: { type: 'POST', url: 'https://gateway.test/checkout', data: { txnid: 'T1', hash: 'abc' } },
    },
  },
  // As the sandbox answers: the attempt to follow and, top-level, the gateway's own page for it.
  deeplink: {
    success: true,
    redirectUrl: 'https://gateway.test/sandbox/T1',
    action: { type: 'deeplink', redirectUrl: 'upi://pay?pa=statefront@upi&am=998.00' },
    attemptId: 'T1',
  },
  // As the sandbox answers: the top-level redirectUrl is the gateway's own page for the same payment.
  qr: {
    success: true,
    redirectUrl: 'https://gateway.test/sandbox/T1',
    action: { type: 'qr', qr: 'upi://pay?pa=statefront@upi&am=998.00' },
    attemptId: 'T1',
  },
  redirect: { success: true, redirectUrl: 'https://gateway.test/hosted/T1' },
  // Cash on delivery: no gateway; the order is confirmed and ₹998 is due on delivery.
  cashOnDelivery: { success: true, action: { type: 'cash_on_delivery', due: 998 }, attemptId: 'C1' },
  initiated: { success: true },
  refused: { success: false, error: 'Order is not pending' },
  refusedSilently: { success: false },
};

/** The order GET /orders/{orderId} answers the payment page (ships to the payer's name and phone). */
export const pendingApiOrder: ApiOrder = {
  id: 'SF-TEST0001',
  status: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  items: [
    {
      id: 'i1',
      productId: 'p-tee',
      productTitle: 'Plain Tee',
      quantity: 2,
      price: 499,
      size: 'M',
      color: 'White',
      imgUrl: '/images/tee.svg',
    },
  ],
  shippingAddress: shipping,
  total: 998,
  trackingNumber: null,
};

/** The payment form's values as Pay Now sends them (every field of `paymentFields`, as typed). */
const payer = { payerName: 'Asha Verma', email: 'asha@example.in', phone: '98765 43210', gstin: '' };

const paymentModel: MachineModel = {
  name: 'payment',
  machine: paymentMachine,
  simplePaths: true,
  cases: [
    { title: 'with an order id', input: { orderId: 'SF-TEST0001' } },
    { title: 'without an order id', input: {} },
  ],
  events: () => [
    done('fetchOrder', pendingApiOrder, 'Pending order'),
    done('fetchOrder', { ...pendingApiOrder, status: 1 }, 'order already paid'),
    fail('fetchOrder', serverError('Order not found or access denied', 404)),
    fail('fetchOrder', noResponse()),
    // The server always offers a choice of method (server/payments/fields.ts).
    done(
      'fetchPaymentFields',
      [...paymentFields, methodField],
      'payerName, email, phone, method (+ gstin when company is filled)',
    ),
    fail('fetchPaymentFields', serverError('Internal server error')),
    // Pay Now sends the form's values (Pay Now stays disabled while a required field is blank, so
    // the form never sends one without them): every field filled, or an email the rules refuse.
    user({ type: 'payment.submit', values: payer }, 'every field filled'),
    user({ type: 'payment.submit', values: { ...payer, email: 'asha@example' } }, 'an email without a dot'),
    ...Object.entries(paymentResponses).map(([kind, r]) => done('submitPayment', r, kind)),
    fail('submitPayment', noResponse()),
    fail('submitPayment', fieldError('Phone number must start with +91', 'phone')),
    done('fetchPaymentStanding', 'pending', 'not paid yet'),
    done('fetchPaymentStanding', 'paid', 'paid'),
    done('fetchPaymentStanding', 'failed', 'failed at the gateway'),
    done('fetchPaymentStanding', 'expired', 'expired'),
    fail('fetchPaymentStanding', noResponse()),
    { type: 'payment.retry' },
    { type: 'payment.check' },
    { type: 'payment.changeMethod' },
    { type: 'payment.payByQr' },
    { type: 'payment.redirectBlocked' },
  ],
};

const wishlistModel: MachineModel = {
  name: 'wishlist',
  machine: wishlistMachine,
  cases: [{ title: 'fresh browser' }],
  // This browser's list is read at once in a browser: nobody signs in or out before it is.
  offstage: (snapshot, event) => event.type.startsWith('session.') && snapshot.matches('loading'),
  // Bounded so the graph stays finite: two products, at most two changes waiting for the server, and a
  // sign-out only once nothing is waiting.
  events: (snapshot) => {
    const { queue, signedIn } = snapshot.context as { queue: string[]; signedIn: boolean };
    const toggles =
      queue.length < 2
        ? [
            user({ type: 'wishlist.toggle', id: kurta.id }, "the kurta's heart"),
            user({ type: 'wishlist.toggle', id: tee.id }, "the tee's heart"),
          ]
        : [];
    return [
      done('loadLocal', JSON.stringify([kurta.id, kurta.id, 7]), 'a stored list with the kurta (and junk)'),
      done('loadLocal', '{corrupt', 'a corrupt stored value'),
      fail('loadLocal', new Error('SecurityError')),
      ...(signedIn
        ? queue.length === 0
          ? [{ type: 'session.signedOut' }]
          : []
        : [{ type: 'session.signedIn' }]),
      ...toggles,
      done('mergeWishlist', [tee.id, kurta.id], 'the account has the tee, then the kurta'),
      fail('mergeWishlist', noResponse()),
      done('saveChange', [kurta.id], 'the account now has the kurta'),
      fail('saveChange', serverError('Internal server error')),
    ];
  },
};

/** GET /stock for the cart page: one kurta left in M, Indigo; the tee is not counted. */
const cartStock: StockEntry[] = [{ productId: kurta.id, size: 'M', color: 'Indigo', left: 1 }];

const cartStockModel: MachineModel = {
  name: 'cart-stock',
  machine: cartStockMachine,
  simplePaths: true,
  cases: [{ title: 'cart page' }],
  events: () => [
    // The app's cart has read its lines (followCart says so once).
    { type: 'stock.lines', products: [kurta.id, tee.id] },
    { type: 'stock.lines', products: [] },
    done('fetchStock', cartStock, '1 kurta left in M, Indigo'),
    fail('fetchStock', noResponse()),
  ],
};

const savedProductsModel: MachineModel = {
  name: 'saved-products',
  machine: savedProductsMachine,
  simplePaths: true,
  cases: [
    { title: 'two saved products', input: { ids: [kurta.id, 'p-gone'] } },
    { title: 'nothing saved', input: { ids: [] } },
  ],
  // Bounded: the list only shrinks to the kurta, or grows back by the tee once.
  events: (snapshot) => {
    const { wanted } = snapshot.context as { wanted: string[] };
    return [
      done('fetchProducts', { [kurta.id]: kurta, 'p-gone': null }, 'the kurta; the other is gone'),
      done('fetchProducts', { [tee.id]: tee }, 'the tee'),
      fail('fetchProducts', noResponse()),
      { type: 'saved.retry' },
      ...(wanted.length !== 1 || wanted[0] !== kurta.id
        ? [user({ type: 'saved.show', ids: [kurta.id] }, 'only the kurta is saved now')]
        : [user({ type: 'saved.show', ids: [tee.id, kurta.id] }, 'the tee is saved too')]),
    ];
  },
};

const savedDelhi = { ...savedAddress, id: '6d1f7c9e-0000-4000-8000-000000000001' };
const bangalore = {
  pin: '560038',
  city: 'Bangalore',
  state: 'Karnataka',
  states: ['Karnataka'],
  offices: ['Indiranagar'],
};

const addressBookModel: MachineModel = {
  name: 'address-book',
  machine: addressBookMachine,
  cases: [{ title: 'account page' }, { title: 'checkout, its form blank', input: { formHolds: {} } }],
  events: () => [
    done('listAddresses', [savedDelhi], 'one saved address'),
    user({ type: 'form.typed' }, 'typing in the form'),
    user({ type: 'address.change' }, 'Change'),
    fail('listAddresses', serverError('Internal server error', 500)),
    { type: 'addresses.retry' },
    user({ type: 'address.use', id: savedDelhi.id }, 'Deliver here'),
    user({ type: 'address.delete', id: savedDelhi.id }, 'Delete'),
    done('deleteAddress', [], 'no address left'),
    fail('deleteAddress', serverError('Internal server error', 500)),
    user({ type: 'pincode.change', pin: '560038' }, "PIN '560038'"),
    user({ type: 'pincode.change', pin: '5600' }, "PIN '5600'"),
    done('lookupPincode', bangalore, 'Bangalore, Karnataka'),
    done('lookupPincode', null, 'no such PIN'),
    fail('lookupPincode', noResponse()),
  ],
};

const deliveryCheckModel: MachineModel = {
  name: 'delivery-check',
  machine: deliveryCheckMachine,
  simplePaths: true,
  cases: [{ title: 'product page' }],
  events: () => [
    user({ type: 'delivery.check', pin: ' 560 038 ' }, "PIN ' 560 038 '"),
    user({ type: 'delivery.check', pin: '5600' }, "PIN '5600'"),
    done(
      'lookupPincode',
      { ...bangalore, delivery: { zone: 'national', minDays: 4, maxDays: 7, cashOnDeliveryUpTo: 10_000 } },
      'Bangalore, 4 to 7 days',
    ),
    done('lookupPincode', null, 'no such PIN'),
    fail('lookupPincode', noResponse()),
  ],
};

const orderSuccessModel: MachineModel = {
  name: 'order-success',
  machine: orderSuccessMachine,
  cases: [
    { title: 'landed with an order id', input: { orderId: ' SF-PAID ' } },
    { title: 'landed without an order id', input: { orderId: null } },
  ],
  events: () => [
    done(
      'fetchOrder',
      { ...pendingApiOrder, status: 1, expectedDelivery: { earliest: '2026-12-11', latest: '2026-12-15' } },
      'the paid order',
    ),
    fail('fetchOrder', serverError('Order not found or access denied', 404)),
    fail('fetchOrder', noResponse()),
  ],
};

/**
 * The order lifecycle (shared/order-lifecycle.ts): who moves an order is part of each event (`by`), so
 * a journey says who acts — the shopper in the browser, the gateway, the courier or an operator
 * through the signed fulfilment webhook, the expiry job. Journeys are its simple paths: a
 * cash-on-delivery order must be shipped and delivered too, which the shortest paths never do.
 */
const lifecycleModel: MachineModel = {
  name: 'lifecycle',
  machine: orderLifecycleMachine,
  source: { file: 'shared/order-lifecycle.ts', exportName: 'orderLifecycleMachine' },
  simplePaths: true,
  journeys: 'simplePaths',
  cases: [{ title: 'placed in the browser' }],
  events: () => [
    user({ type: 'payment.confirmed', by: 'gateway' }, 'paid by card on the sandbox gateway'),
    user({ type: 'payment.cashOnDelivery', by: 'shopper' }, 'cash on delivery chosen'),
    user({ type: 'order.cancelled', by: 'shopper' }, 'cancelled by the shopper'),
    user({ type: 'order.cancelled', by: 'operator' }, 'cancelled by an operator'),
    user({ type: 'payment.windowExpired', by: 'timer' }, 'the payment window ran out'),
    user({ type: 'fulfilment.shipped', by: 'courier' }, 'shipped by the courier'),
    user({ type: 'fulfilment.delivered', by: 'courier' }, 'delivered by the courier'),
  ],
};

/**
 * The return lifecycle (shared/return-lifecycle.ts): a return of a cash-on-delivery order (refunded to the
 * UPI ID given, by an operator) and an exchange of an order paid by card. Journeys are its simple paths,
 * each started by the shopper's request on My Orders and moved by the courier and an operator.
 */
const returnsModel: MachineModel = {
  name: 'returns',
  machine: returnLifecycleMachine,
  source: { file: 'shared/return-lifecycle.ts', exportName: 'returnLifecycleMachine' },
  simplePaths: true,
  journeys: 'simplePaths',
  cases: [
    { title: 'a return of a cash-on-delivery order', input: { kind: 'return' } },
    { title: 'an exchange of an order paid by card', input: { kind: 'exchange' } },
  ],
  // A refund of an exchange, or a new size for a return, changes nothing (the server answers 409):
  // the model tests send it, the browser's journeys leave it out.
  offstage: (snapshot, event) =>
    (event.type === 'return.refunded' && snapshot.context.kind === 'exchange') ||
    (event.type === 'return.exchanged' && snapshot.context.kind === 'return'),
  events: () => [
    user({ type: 'return.pickupScheduled', by: 'operator' }, 'pickup booked by an operator'),
    user({ type: 'return.pickedUp', by: 'courier' }, 'picked up by the courier'),
    user({ type: 'return.received', by: 'operator' }, 'received at the warehouse'),
    user({ type: 'return.refunded', by: 'operator' }, 'refunded by an operator'),
    user({ type: 'return.exchanged', by: 'operator' }, 'the new size sent'),
    user({ type: 'return.rejected', by: 'operator' }, 'rejected by an operator'),
  ],
};

export const models: MachineModel[] = [
  storeInfoModel,
  cartModel,
  productsListModel,
  searchModel,
  productModel,
  featuredModel,
  similarModel,
  authModel,
  checkoutModel,
  orderTrackingModel,
  myOrdersModel,
  accountModel,
  contactModel,
  newsletterModel,
  newsletterLinkModel,
  paymentModel,
  passwordResetModel,
  wishlistModel,
  savedProductsModel,
  cartStockModel,
  addressBookModel,
  deliveryCheckModel,
  orderSuccessModel,
  lifecycleModel,
  returnsModel,
];

export function modelNamed(name: string): MachineModel {
  const model = models.find((m) => m.name === name);
  if (!model) throw new Error(`No machine named ${name}. Known: ${models.map((m) => m.name).join(', ')}`);
  return model;
}
