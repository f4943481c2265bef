/**
 * The app: the root of the one actor system, and the one place where machines talk to each other.
 *
 * Design. The long-lived actors (store information, sign-in, cart) are this machine's invoked
 * children, registered under the system ids 'storeInfo', 'auth', 'cart' and 'wishlist', so one
 * `createActor(appMachine, { inspect })` starts them all and an inspector attached there sees every
 * message between them. The actors never address each other directly: each tells the app what
 * happened (a fact such as `auth.signedIn` or `checkout.orderPlaced`) and the app decides who must
 * act on it (a command such as `session.signedIn` or `cart.reset` to the cart). So a new follower of
 * sign-in (the wishlist) is one more child and one more line here; auth does not change.
 *
 * A screen's own machine (checkout, product, …) is started by its lazy route, so it is not a child:
 * the route gives it this actor's ref as input (`app`), and it reports to the app through that ref,
 * exactly as the children do. A machine run on its own (in its tests) has no app and reports nothing.
 *
 * Who tells whom (facts in, commands out):
 *
 * | from                | to the app             | the app tells | command             |
 * |---------------------|------------------------|---------------|---------------------|
 * | auth                | `auth.signedIn`        | cart          | `session.signedIn`  |
 * | auth                | `auth.signedIn`        | wishlist      | `session.signedIn`  |
 * | auth                | `auth.signedOut`       | cart          | `session.signedOut` |
 * | auth                | `auth.signedOut`       | wishlist      | `session.signedOut` |
 * | any API call (401)  | `api.unauthorized`     | auth          | `auth.unauthorized` |
 * | checkout (page)     | `checkout.orderPlaced` | cart          | `cart.reset`        |
 * | checkout (page)     | `cart.fit`             | cart          | `cart.fit`          |
 * | product (page)      | `cart.add`             | cart          | `cart.add`          |
 *
 * Toasts, navigation and gateway forms are not messages between machines: they leave every machine
 * as emitted events that src/app turns into UI.
 */
import { fromCallback, sendTo, setup } from 'xstate';
import type { AppEvent } from './app-inbox';
import { authMachine } from './auth.machine';
import { cartMachine } from './cart.machine';
import { type StoreInfo, storeInfoMachine } from './store-info.machine';
import { wishlistMachine } from './wishlist.machine';

export type { AppEvent } from './app-inbox';

export type AppInput = {
  /** The store information to render before /storeInfo answers (the build's or the last visit's). */
  storeInfo?: StoreInfo | null;
};

export const appMachine = setup({
  types: {
    context: {} as { firstStoreInfo: StoreInfo | null },
    input: {} as AppInput | undefined,
    events: {} as AppEvent,
    children: {} as {
      storeInfo: 'storeInfo';
      auth: 'auth';
      cart: 'cart';
      wishlist: 'wishlist';
      watchUnauthorized: 'watchUnauthorized';
    },
  },
  actors: {
    storeInfo: storeInfoMachine,
    auth: authMachine,
    cart: cartMachine,
    wishlist: wishlistMachine,
    // src/app subscribes it to the API client: every 401 becomes `api.unauthorized`.
    watchUnauthorized: fromCallback<{ type: 'api.unauthorized' }>(() => () => {}),
  },
  actions: {
    tellCartSignedIn: sendTo('cart', { type: 'session.signedIn' }),
    tellCartSignedOut: sendTo('cart', { type: 'session.signedOut' }),
    tellWishlistSignedIn: sendTo('wishlist', { type: 'session.signedIn' }),
    tellWishlistSignedOut: sendTo('wishlist', { type: 'session.signedOut' }),
    signOutAfter401: sendTo('auth', { type: 'auth.unauthorized' }),
    resetCart: sendTo('cart', { type: 'cart.reset' }),
    // A screen's change to the cart (Add to Cart, the checkout's "Adjust my bag"), passed on as it came.
    forwardToCart: sendTo('cart', ({ event }) => event),
  },
}).createMachine({
  id: 'app',
  description:
    'The storefront while it is open: store information, sign-in, the cart and the wishlist run for as long as the page does.',
  context: ({ input }) => ({ firstStoreInfo: input?.storeInfo ?? null }),
  invoke: [
    {
      id: 'storeInfo',
      systemId: 'storeInfo',
      src: 'storeInfo',
      input: ({ context }) => ({ storeInfo: context.firstStoreInfo }),
    },
    { id: 'auth', systemId: 'auth', src: 'auth', input: ({ self }) => ({ app: self }) },
    { id: 'cart', systemId: 'cart', src: 'cart' },
    { id: 'wishlist', systemId: 'wishlist', src: 'wishlist' },
    { id: 'watchUnauthorized', src: 'watchUnauthorized' },
  ],
  on: {
    'auth.signedIn': {
      description:
        'The shopper signed in (or came back still signed in): the cart lets them check out, the wishlist moves into the account.',
      actions: ['tellCartSignedIn', 'tellWishlistSignedIn'],
    },
    'auth.signedOut': {
      description:
        "The shopper signed out or their sign-in expired: the cart asks them to sign in again, the wishlist goes back to this browser's.",
      actions: ['tellCartSignedOut', 'tellWishlistSignedOut'],
    },
    'api.unauthorized': {
      description: 'The server no longer accepts the sign-in (a 401 on any call): sign the shopper out.',
      actions: 'signOutAfter401',
    },
    'checkout.orderPlaced': {
      description: 'The order was created: the cart it was made from empties.',
      actions: 'resetCart',
    },
    'cart.fit': {
      description:
        'The order was short of stock and the shopper chose to adjust their bag: the cart takes what is left.',
      actions: 'forwardToCart',
    },
    'cart.add': {
      description: "A product page's Add to Cart: the line goes into the cart.",
      actions: 'forwardToCart',
    },
  },
});
