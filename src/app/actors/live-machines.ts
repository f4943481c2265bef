/**
 * The machines with their real side effects: the API client, the auth cookie, localStorage and the
 * console. `createLiveMachines` takes its dependencies so tests can run it against a fake fetch;
 * `liveMachines` is the app's instance.
 */
import { fromPromise } from 'xstate';
import { accountMachine } from '../../../machines/account.machine';
import {
  authMachine,
  LOGIN_FAILED,
  type LoginInput,
  NO_RESPONSE,
  REGISTER_FAILED,
  type RegisterInput,
} from '../../../machines/auth.machine';
import { cartMachine } from '../../../machines/cart.machine';
import { CART_STORAGE_KEY, serializeCart } from '../../../machines/cart.model';
import {
  FEATURED_LIMIT,
  PARENT_CATEGORY_LOOKUP_LIMIT,
  parentCategoryOptions,
  toDisplayProduct,
} from '../../../machines/catalogue.model';
import { checkoutMachine } from '../../../machines/checkout.machine';
import { contactMachine } from '../../../machines/contact.machine';
import { RequestError } from '../../../machines/errors';
import { featuredProductsMachine } from '../../../machines/featured-products.machine';
import { myOrdersMachine } from '../../../machines/my-orders.machine';
import { newsletterMachine } from '../../../machines/newsletter.machine';
import { orderTrackingMachine } from '../../../machines/order-tracking.machine';
import { toDisplayOrder } from '../../../machines/orders.model';
import { paymentMachine } from '../../../machines/payment.machine';
import { parsePaymentFields } from '../../../machines/payment.model';
import { productMachine } from '../../../machines/product.machine';
import { type FetchProductsInput, productsListMachine } from '../../../machines/products-list.machine';
import { storeInfoMachine } from '../../../machines/store-info.machine';
import { type ApiClient, api, onUnauthorized } from '../../api/client';
import { browserStorage, cookieTokenStore, type KeyValueStorage, type TokenStore } from './browser';
import { call, unwrapData } from './request';

export type LiveDeps = {
  client: ApiClient;
  storage: () => KeyValueStorage;
  token: TokenStore;
  logError: (message: string, error: unknown) => void;
};

const productQuery = (input: FetchProductsInput) => ({
  page: input.page,
  limit: input.limit,
  ...(input.category ? { category: input.category } : {}),
  ...(input.parentCategory ? { parentCategory: input.parentCategory } : {}),
  ...(input.featured ? { filter: 'featured' as const } : {}),
});

export function createLiveMachines(deps: LiveDeps) {
  const { client, token } = deps;
  const logError = ({ error }: { error: unknown }, label: string) => deps.logError(label, error);

  const storeInfo = storeInfoMachine.provide({
    actors: {
      fetchStoreInfo: fromPromise(() =>
        call(client.GET('/storeInfo'), 'Failed to load store information. Please refresh the page.'),
      ),
    },
  });

  const cart = cartMachine.provide({
    actors: {
      // The machine validates what was stored; a storage that throws (privacy mode) is an empty cart.
      loadCart: fromPromise<unknown>(async () => deps.storage().getItem(CART_STORAGE_KEY)),
    },
    actions: {
      persistCart: ({ context }) => {
        try {
          deps.storage().setItem(CART_STORAGE_KEY, serializeCart(context.items));
        } catch (error) {
          deps.logError('Could not save the cart', error);
        }
      },
    },
  });

  const productsList = productsListMachine.provide({
    actors: {
      fetchProducts: fromPromise(async ({ input }: { input: FetchProductsInput }) => {
        const body = await call(
          client.GET('/products', { params: { query: productQuery(input) } }),
          'Failed to load products. Please try again.',
        );
        const products = (body.data ?? []).map(toDisplayProduct);
        return { products, total: body.pagination?.total ?? body.count ?? products.length };
      }),
      fetchParentCategories: fromPromise(async ({ input }: { input: { category?: string } }) => {
        const query = {
          limit: PARENT_CATEGORY_LOOKUP_LIMIT,
          ...(input.category ? { category: input.category } : {}),
        };
        const body = await call(client.GET('/products', { params: { query } }), 'Failed to load categories');
        return parentCategoryOptions((body.data ?? []).map(toDisplayProduct));
      }),
    },
    actions: { logError: (_, params) => logError(params, 'Products list') },
  });

  const product = productMachine.provide({
    actors: {
      fetchProduct: fromPromise(async ({ input }: { input: { id: string } }) => {
        if (!input.id) return null;
        try {
          const body = await call(
            client.GET('/products/{id}', { params: { path: { id: input.id } } }),
            'Failed to load product details',
          );
          return toDisplayProduct(body);
        } catch (error) {
          if (error instanceof RequestError && error.status === 404) return null;
          throw error;
        }
      }),
    },
  });

  // The contract's featured list: filter=featured, limit 4 (openapi.yaml GET /products).
  const featuredProducts = featuredProductsMachine.provide({
    actors: {
      fetchFeaturedProducts: fromPromise(async () => {
        const query = { filter: 'featured' as const, limit: FEATURED_LIMIT };
        const body = await call(
          client.GET('/products', { params: { query } }),
          'Failed to load featured products',
        );
        return (body.data ?? []).map(toDisplayProduct);
      }),
    },
    actions: { logError: (_, params) => logError(params, 'Featured products') },
  });

  const auth = authMachine.provide({
    actors: {
      readToken: fromPromise(async () => token.read()),
      login: fromPromise<{ token?: string | null }, LoginInput>(async ({ input }) => {
        const body = await call(client.POST('/users/authorize', { body: input }), LOGIN_FAILED, {
          noResponseMessage: NO_RESPONSE,
        });
        return { token: typeof body.token === 'string' ? body.token : null };
      }),
      register: fromPromise<unknown, RegisterInput>(async ({ input }) =>
        call(client.POST('/users/register', { body: input }), REGISTER_FAILED),
      ),
      // Spec §4 does not say whether logout calls the server; it only removes the cookie.
      logout: fromPromise(async () => {
        token.remove();
        if (token.read() !== null) throw new Error('Failed to log out properly.');
      }),
    },
    actions: {
      storeToken: (_, params) => token.write(params.token),
      removeToken: () => token.remove(),
    },
  });

  const checkout = checkoutMachine.provide({
    actors: {
      createOrder: fromPromise(async ({ input }) => {
        const order = await call(client.POST('/orders', { body: input }), 'Failed to create order');
        return { id: order.id };
      }),
    },
    actions: { logError: (_, params) => logError(params, 'Checkout') },
  });

  const orderTracking = orderTrackingMachine.provide({
    actors: {
      trackOrder: fromPromise(async ({ input }: { input: { orderId: string; contactInfo: string } }) => {
        const order = await call(
          client.GET('/orders/{orderId}', {
            params: { path: { orderId: input.orderId }, query: { contactInfo: input.contactInfo } },
          }),
          'Order not found or access denied',
        );
        return toDisplayOrder(order);
      }),
    },
  });

  const myOrders = myOrdersMachine.provide({
    actors: {
      fetchOrders: fromPromise(async () => {
        const orders = await call(client.GET('/orders'), 'Failed to load your orders. Please try again.');
        return (Array.isArray(orders) ? orders : []).map(toDisplayOrder);
      }),
    },
  });

  const account = accountMachine.provide({
    actors: {
      fetchAccountInfo: fromPromise(async () =>
        unwrapData(await call(client.GET('/accountInfo'), 'Failed to load account information')),
      ),
    },
  });

  const payment = paymentMachine.provide({
    actors: {
      fetchPaymentFields: fromPromise(async () =>
        parsePaymentFields(
          await call(client.GET('/payments/fields'), 'Failed to load payment form. Please try again later.'),
        ),
      ),
      // A refusal with a JSON error (400, 409, …) is a failed outcome showing the server's text; only a
      // missing answer or an answer without text is an exception.
      submitPayment: fromPromise(async ({ input }) => {
        try {
          return await call(client.POST('/payments', { body: input }), 'Failed to process payment');
        } catch (error) {
          if (error instanceof RequestError && error.serverMessage)
            return { success: false, error: error.serverMessage };
          throw error;
        }
      }),
      fetchOrderStatus: fromPromise<unknown, { orderId: string }>(async ({ input }) => {
        const order = await call(
          client.GET('/orders/{orderId}', { params: { path: { orderId: input.orderId } } }),
          'Order not found or access denied',
        );
        return order.status;
      }),
    },
  });

  return {
    storeInfo,
    cart,
    auth,
    productsList,
    product,
    featuredProducts,
    checkout,
    orderTracking,
    myOrders,
    account,
    payment,
    contact: contactMachine,
    newsletter: newsletterMachine,
  };
}

export type LiveMachines = ReturnType<typeof createLiveMachines>;

/** The app's machines: the one API client, the auth cookie, localStorage, console.error. */
export const liveMachines: LiveMachines = createLiveMachines({
  client: api,
  storage: browserStorage,
  token: cookieTokenStore,
  logError: (message, error) => console.error(message, error),
});

export const {
  storeInfo: storeInfoMachineLive,
  cart: cartMachineLive,
  auth: authMachineLive,
  productsList: productsListMachineLive,
  product: productMachineLive,
  featuredProducts: featuredProductsMachineLive,
  checkout: checkoutMachineLive,
  orderTracking: orderTrackingMachineLive,
  myOrders: myOrdersMachineLive,
  account: accountMachineLive,
  payment: paymentMachineLive,
  contact: contactMachineLive,
  newsletter: newsletterMachineLive,
} = liveMachines;

/** Forward every 401 to the auth actor (spec §4: a 401 from any call signs the user out). */
export function forwardUnauthorized(authActor: { send: (event: { type: 'auth.unauthorized' }) => void }) {
  return onUnauthorized(() => authActor.send({ type: 'auth.unauthorized' }));
}
