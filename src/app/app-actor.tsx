import { useMachine, useSelector } from '@xstate/react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import {
  type ActorOptions,
  type ActorRefFrom,
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import { cartCount, cartTotal } from '../../machines/cart.model';
import type { provideAccountMachine } from '../features/accounts/account.live';
import type { provideAddressBookMachine } from '../features/accounts/address-book.live';
import type { providePasswordResetMachine } from '../features/accounts/password-reset.live';
import type { provideCartStockMachine } from '../features/cart/cart-stock.live';
import type { provideDeliveryCheckMachine } from '../features/catalogue/delivery-check.live';
import type { provideFeaturedProductsMachine } from '../features/catalogue/featured-products.live';
import type { provideProductMachine } from '../features/catalogue/product.live';
import type { provideProductsListMachine } from '../features/catalogue/products-list.live';
import type { provideSearchMachine } from '../features/catalogue/search.live';
import type { provideSimilarProductsMachine } from '../features/catalogue/similar-products.live';
import type { provideCheckoutMachine } from '../features/checkout/checkout.live';
import type { provideContactMachine } from '../features/messages/contact.live';
import type { provideNewsletterMachine } from '../features/messages/newsletter.live';
import type { provideNewsletterLinkMachine } from '../features/messages/newsletter-link.live';
import type { provideMyOrdersMachine } from '../features/orders/my-orders.live';
import type { provideOrderTrackingMachine } from '../features/orders/order-tracking.live';
import type { provideOrderSuccessMachine } from '../features/payments/order-success.live';
import type { providePaymentMachine } from '../features/payments/payment.live';
import type { provideApiTestMachine } from '../features/store/api-test.live';
import type { provideSavedProductsMachine } from '../features/wishlist/saved-products.live';
import type { LiveDeps } from './actors/live-deps';
import { provideAppMachine, type RootMachines } from './actors/root.live';
import { type Emitter, handleEmitted, type Navigate, useEmitted } from './emitted';

export type StartAppOptions = {
  /** The router's navigate: the root actors' `navigate` events (after sign-in, Checkout) go here. */
  navigate: Navigate;
  /**
   * An inspector (e.g. @statelyai/inspect's `inspect`) sees the whole system: the app, its children
   * and, as the screens start them with the same option, every screen's machine.
   */
  inspect?: ActorOptions<ReturnType<typeof provideAppMachine>>['inspect'];
};

/**
 * Creates the one root actor of the app (see machines/app.machine.ts), not started, and turns what its
 * children emit (toasts, navigation) into UI. Not started yet, it is in its first state, the one the
 * server renders every page with (src/entry-server.tsx): the browser hydrates in that state and starts
 * the actor once it has (src/app/App.tsx), so the cart, the session and the wishlist read the browser's
 * storage after the hydrating render, never in it. It lives beside the hooks on purpose: every screen
 * imports this module, so every screen reaches the root machines the shell loads, and the bundler keeps
 * the shell in one chunk (split apart, the home page's JavaScript grows by ≈ 2 KB brotli).
 */
export function createApp(machines: RootMachines, { navigate, inspect }: StartAppOptions) {
  const app = createActor(provideAppMachine(machines), {
    input: machines.storeInfoInput,
    ...(inspect ? { inspect } : {}),
  });
  // Every child lives as long as the app; one that emits nothing (the 401 watcher) costs nothing here.
  for (const child of Object.values(app.getSnapshot().children) as (Emitter | undefined)[])
    child?.on('*', (event) => handleEmitted(event, { navigate, reply: child.send?.bind(child) }));
  return app;
}

/** `createApp`, started: for tests and tools that render no server markup first. */
export function startApp(machines: RootMachines, options: StartAppOptions) {
  return createApp(machines, options).start();
}

export type AppActor = ReturnType<typeof createApp>;

/** Each screen's own machine, as its `*.live.ts` module provides it. Types only: no code is imported. */
export type PageMachines = {
  account: ReturnType<typeof provideAccountMachine>;
  addressBook: ReturnType<typeof provideAddressBookMachine>;
  apiTest: ReturnType<typeof provideApiTestMachine>;
  cartStock: ReturnType<typeof provideCartStockMachine>;
  checkout: ReturnType<typeof provideCheckoutMachine>;
  contact: ReturnType<typeof provideContactMachine>;
  deliveryCheck: ReturnType<typeof provideDeliveryCheckMachine>;
  featuredProducts: ReturnType<typeof provideFeaturedProductsMachine>;
  myOrders: ReturnType<typeof provideMyOrdersMachine>;
  newsletter: ReturnType<typeof provideNewsletterMachine>;
  newsletterLink: ReturnType<typeof provideNewsletterLinkMachine>;
  orderSuccess: ReturnType<typeof provideOrderSuccessMachine>;
  orderTracking: ReturnType<typeof provideOrderTrackingMachine>;
  passwordReset: ReturnType<typeof providePasswordResetMachine>;
  payment: ReturnType<typeof providePaymentMachine>;
  product: ReturnType<typeof provideProductMachine>;
  productsList: ReturnType<typeof provideProductsListMachine>;
  savedProducts: ReturnType<typeof provideSavedProductsMachine>;
  search: ReturnType<typeof provideSearchMachine>;
  similarProducts: ReturnType<typeof provideSimilarProductsMachine>;
};

/**
 * The root machines (what the app actor was started from) and the dependencies screens provide their
 * own machines from. The app passes the root machines only, so page code stays in the lazy routes;
 * tests pass `createLiveMachines(...)` over a fake fetch, where any page machine given is used as is.
 */
export type AppMachines = RootMachines & Partial<PageMachines>;

type AppValue = { app: AppActor; machines: AppMachines };

const AppContext = createContext<AppValue | null>(null);

/** Gives every screen the one app actor (started by `startApp`) and the machines to start its own from. */
export function AppProviders({
  app,
  machines,
  children,
}: {
  app: AppActor;
  machines: AppMachines;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ app, machines }), [app, machines]);
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

function useAppValue(): AppValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('The app actor is missing: render inside <AppProviders>');
  return value;
}

/** The root actor of the system (machines/app.machine.ts). */
function useApp(): AppActor {
  return useAppValue().app;
}

const started = new WeakSet<AppActor>();

/**
 * Starts the app actor once the page has hydrated: rendered as the last part of the routes' Suspense
 * boundary (src/app/routes.tsx), its effect runs when that boundary — the layout and the screen — has
 * committed, after every screen's own. Until then the root machines stay in their first state, the one
 * the server rendered the page in. On the server effects never run: nothing starts there.
 */
export function StartApp() {
  const app = useApp();
  useEffect(() => {
    // Not stopped on unmount: the app lives as long as the page (StrictMode runs effects twice in dev).
    if (started.has(app)) return;
    started.add(app);
    app.start();
  }, [app]);
  return null;
}

type RootChild = 'auth' | 'cart' | 'storeInfo' | 'wishlist';

/** One of the app's long-lived children; they live as long as the app, so the ref never changes. */
function useChild<K extends RootChild>(key: K) {
  const child = useApp().getSnapshot().children[key];
  if (!child) throw new Error(`The app has no ${key} actor`);
  return child;
}

/** The auth actor, to send the shopper's sign-in, registration and sign-out to. */
export const useAuthRef = () => useChild('auth');
/** The cart actor, to send the shopper's cart changes to. */
export const useCartRef = () => useChild('cart');

type AuthSnapshot = SnapshotFrom<ReturnType<typeof useAuthRef>>;

/** A slice of the auth actor's state. */
export function useAuth<T>(selector: (snapshot: AuthSnapshot) => T): T {
  return useSelector(useAuthRef(), selector);
}

/** Store information, or null until (or unless) it has loaded. */
export function useStoreInfo() {
  return useSelector(useChild('storeInfo'), (state) => state.context.storeInfo);
}

/** The wishlist actor: screens reach it only through the hooks below (`useToggleSaved` sends its one event). */
const useWishlistRef = () => useChild('wishlist');

/** How many products are saved (the header's heart). */
export function useWishlistCount() {
  return useSelector(useWishlistRef(), (state) => state.context.ids.length);
}

/** The saved product ids, most recently saved first. */
function useWishlistIds() {
  return useSelector(useWishlistRef(), (state) => state.context.ids);
}

/** Whether the wishlist is still being read (from the account, or the browser's storage). */
export function useWishlistReading() {
  return useSelector(useWishlistRef(), (state) => state.hasTag('loading'));
}

/** Whether this product is saved (a card re-renders only when its own answer changes). */
export function useIsSaved(id: string) {
  return useSelector(useWishlistRef(), (state) => state.context.ids.includes(id));
}

/** Saves a product, or takes it off the wishlist when it is saved: the one way a screen changes it. */
export function useToggleSaved() {
  const wishlist = useWishlistRef();
  return useCallback((id: string) => wishlist.send({ type: 'wishlist.toggle', id }), [wishlist]);
}

/**
 * What a product card needs beyond the product: its heart (saved, toggle), for grids that render many
 * cards. Add to Cart is the cart's (`useCartRef`); Quick View comes from `useOpenQuickView`
 * (src/app/quick-view-host.tsx).
 */
export function useCardWishlist() {
  const toggle = useToggleSaved();
  const ids = useWishlistIds();
  // Stable while the saved ids are: a grid of memoised cards re-renders only when the hearts change.
  return useMemo(
    () => ({
      isSaved: (id: string) => ids.includes(id),
      toggle: (product: { id: string }) => toggle(product.id),
    }),
    [ids, toggle],
  );
}

export function useCartLines() {
  return useSelector(useCartRef(), (state) => state.context.items);
}

/** The cart is still being read from the browser's storage (on the server, and until the app starts). */
export function useCartReading() {
  return useSelector(useCartRef(), (state) => state.hasTag('loading'));
}

export function useCartCount() {
  return useSelector(useCartRef(), (state) => cartCount(state.context.items));
}

export function useCartTotal() {
  return useSelector(useCartRef(), (state) => cartTotal(state.context.items));
}

export type AuthStatus = 'checking' | 'authenticated' | 'anonymous';

/**
 * 'checking' only while the token cookie is being read on start; a sign-out in progress still counts
 * as authenticated, a sign-in or registration in progress as anonymous.
 */
export function useAuthStatus(): AuthStatus {
  return useAuth((state) => {
    if (state.matches('checking')) return 'checking';
    if (state.matches('authenticated') || state.matches('loggingOut')) return 'authenticated';
    return 'anonymous';
  });
}

/** A screen machine's input without the app ref, which `usePageActor` adds. */
type PageInput<T> = Omit<NonNullable<InputFrom<T>>, 'app'>;

/**
 * Starts a screen's machine for as long as the screen is shown: the one given to <AppProviders> if
 * any, else `provide(deps)` from the screen's own `*.live.ts` module (pass a module-level function, so
 * the machine is built once). Its input gets the app actor's ref as `app`, for the machines that
 * report to the app (checkout, product), and it runs under the app's inspector. What it emits (toasts,
 * navigation, gateway forms, focus) becomes UI here too (src/app/emitted.ts); `onResetForm` is what a
 * `resetForm` does on this screen.
 */
export function usePageActor<K extends keyof PageMachines>(
  key: K,
  provide: (deps: LiveDeps) => PageMachines[K],
  input?: PageInput<PageMachines[K]>,
  { onResetForm }: { onResetForm?: () => void } = {},
): [
  SnapshotFrom<PageMachines[K]>,
  (event: EventFromLogic<PageMachines[K]>) => void,
  ActorRefFrom<PageMachines[K]>,
] {
  const { app, machines } = useAppValue();
  const given = machines[key];
  const { deps } = machines;
  const logic: AnyStateMachine = useMemo(() => given ?? provide(deps), [given, provide, deps]);
  const { inspect } = app.options;
  const result = useMachine(logic, { input: { ...input, app }, ...(inspect ? { inspect } : {}) });
  useEmitted(result[2] as Emitter, onResetForm);
  return result as unknown as ReturnType<typeof usePageActor<K>>;
}
