import { createContext, useContext, useMemo } from 'react';
import type { provideAccountMachine } from './actors/account.live';
import type { provideCheckoutMachine } from './actors/checkout.live';
import type { provideFeaturedProductsMachine } from './actors/featured-products.live';
import type { LiveDeps } from './actors/live-deps';
import type { provideMyOrdersMachine } from './actors/my-orders.live';
import type { provideOrderTrackingMachine } from './actors/order-tracking.live';
import type { providePasswordResetMachine } from './actors/password-reset.live';
import type { providePaymentMachine } from './actors/payment.live';
import type { provideProductMachine } from './actors/product.live';
import type { provideProductsListMachine } from './actors/products-list.live';
import type { RootMachines } from './actors/root.live';

/** Each screen's own machine, as its `*.live.ts` module provides it. Types only: no code is imported. */
export type PageMachines = {
  account: ReturnType<typeof provideAccountMachine>;
  checkout: ReturnType<typeof provideCheckoutMachine>;
  featuredProducts: ReturnType<typeof provideFeaturedProductsMachine>;
  myOrders: ReturnType<typeof provideMyOrdersMachine>;
  orderTracking: ReturnType<typeof provideOrderTrackingMachine>;
  passwordReset: ReturnType<typeof providePasswordResetMachine>;
  payment: ReturnType<typeof providePaymentMachine>;
  product: ReturnType<typeof provideProductMachine>;
  productsList: ReturnType<typeof provideProductsListMachine>;
};

/**
 * The root machines and the dependencies screens provide their own machines from. The app passes the
 * root machines only (`liveMachines`), so page code stays in the lazy routes; tests pass
 * `createLiveMachines(...)` over a fake fetch, where any page machine given here is used as is.
 */
export type AppMachines = RootMachines & Partial<PageMachines>;

export const MachinesContext = createContext<AppMachines | null>(null);

export function useMachines(): AppMachines {
  const machines = useContext(MachinesContext);
  if (!machines) throw new Error('useMachines() needs <AppProviders> above it');
  return machines;
}

/**
 * A screen's machine: the one given to <AppProviders> if any, else `provide(deps)` from the screen's own
 * `*.live.ts` module. Pass a module-level function so the machine is built once per provider.
 */
export function usePageMachine<K extends keyof PageMachines>(
  key: K,
  provide: (deps: LiveDeps) => PageMachines[K],
): PageMachines[K] {
  const machines = useMachines();
  const given: PageMachines[K] | undefined = (machines as Partial<PageMachines>)[key];
  const { deps } = machines;
  return useMemo(() => given ?? provide(deps), [given, provide, deps]);
}
