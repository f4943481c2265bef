import { createActorContext } from '@xstate/react';
import type { ReactNode } from 'react';
import { authMachine } from '../../machines/auth.machine';
import { cartMachine } from '../../machines/cart.machine';
import { cartCount, cartTotal } from '../../machines/cart.model';
import { storeInfoMachine } from '../../machines/store-info.machine';
import { type AppMachines, MachinesContext } from './machines-context';

/**
 * Long-lived actors shared by every screen (STYLE.md: auth, cart and store info at the root). The
 * contexts are created from the bare machines; AppProviders passes the logic to run (the live
 * machines in the app, machines with fake actors in tests).
 */
export const StoreInfoContext = createActorContext(storeInfoMachine);
export const CartContext = createActorContext(cartMachine);
export const AuthContext = createActorContext(authMachine);

export function AppProviders({ machines, children }: { machines: AppMachines; children: ReactNode }) {
  return (
    <MachinesContext.Provider value={machines}>
      <StoreInfoContext.Provider logic={machines.storeInfo} options={{ input: machines.storeInfoInput }}>
        <AuthContext.Provider logic={machines.auth}>
          <CartContext.Provider logic={machines.cart}>{children}</CartContext.Provider>
        </AuthContext.Provider>
      </StoreInfoContext.Provider>
    </MachinesContext.Provider>
  );
}

/** Store information, or null until (or unless) it has loaded. */
export function useStoreInfo() {
  return StoreInfoContext.useSelector((state) => state.context.storeInfo);
}

export function useCartLines() {
  return CartContext.useSelector((state) => state.context.items);
}

export function useCartCount() {
  return CartContext.useSelector((state) => cartCount(state.context.items));
}

export function useCartTotal() {
  return CartContext.useSelector((state) => cartTotal(state.context.items));
}

export type AuthStatus = 'checking' | 'authenticated' | 'anonymous';

/**
 * 'checking' only while the token cookie is being read on start; a sign-out in progress still counts
 * as authenticated, a sign-in or registration in progress as anonymous.
 */
export function useAuthStatus(): AuthStatus {
  return AuthContext.useSelector((state) => {
    if (state.matches('checking')) return 'checking';
    if (state.matches('authenticated') || state.matches('loggingOut')) return 'authenticated';
    return 'anonymous';
  });
}
