import { createActorContext } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { authMachine } from '../../machines/auth.machine';
import { cartMachine } from '../../machines/cart.machine';
import { cartCount, cartTotal } from '../../machines/cart.model';
import { storeInfoMachine } from '../../machines/store-info.machine';
import { showToast, toastInputOf } from '../components/ui/toast-queue';
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
        <StoreInfoToasts />
        <AuthContext.Provider logic={machines.auth}>
          <CartContext.Provider logic={machines.cart}>{children}</CartContext.Provider>
        </AuthContext.Provider>
      </StoreInfoContext.Provider>
    </MachinesContext.Provider>
  );
}

/**
 * Store information's toasts (its load failure), subscribed to as soon as its actor exists: the
 * router renders the layouts (and their useEmitted) only once the first screen's chunk has loaded, and
 * a /storeInfo that fails at once fails before that. Its effect runs before the provider starts the actor.
 */
function StoreInfoToasts() {
  const storeInfo = StoreInfoContext.useActorRef();
  useEffect(() => {
    const subscription = storeInfo.on('toast', (event) => showToast(toastInputOf(event)));
    return () => subscription.unsubscribe();
  }, [storeInfo]);
  return null;
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
