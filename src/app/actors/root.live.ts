/**
 * The root of the actor system: the app machine with its long-lived children (auth, cart, store
 * info, wishlist) provided with their real side effects. Screens' own machines are provided by their lazy route
 * modules from `deps` (see `usePageActor`), so the first page does not download checkout or payment
 * code. Import this module, not `./index`, from app code: the index gathers every machine for tests.
 */
import { fromCallback } from 'xstate';
import { appMachine } from '../../../machines/app.machine';
import { onUnauthorized } from '../../api/client';
import { provideAuthMachine } from '../../features/accounts/auth.live';
import { provideCartMachine } from '../../features/cart/cart.live';
import { provideWishlistMachine } from '../../features/wishlist/wishlist.live';
import { type LiveDeps, liveDeps } from './live-deps';
import { provideStoreInfoMachine } from './store-info.live';
import { readStoreSnapshot } from './store-snapshot';

/**
 * The root machines over `deps`. `storeInfo` is what the first render shows while /storeInfo
 * revalidates it: by default the page's embedded snapshot (the one the server rendered with, so the
 * hydrating render matches), else the previous visit's answer.
 */
export function createRootMachines(deps: LiveDeps, storeInfo = readStoreSnapshot(deps.storage())) {
  return {
    deps,
    storeInfo: provideStoreInfoMachine(deps),
    /** The store information the first render uses while /storeInfo revalidates it. */
    storeInfoInput: { storeInfo },
    cart: provideCartMachine(deps),
    auth: provideAuthMachine(deps),
    wishlist: provideWishlistMachine(deps),
  };
}

export type RootMachines = ReturnType<typeof createRootMachines>;

/** The app's root machines over the real client, cookie and localStorage. */
export const liveMachines: RootMachines = createRootMachines(liveDeps);

/** Every 401 the API client sees becomes `api.unauthorized` for the app (spec §4: it signs out). */
const watchUnauthorized = fromCallback<{ type: 'api.unauthorized' }>(({ sendBack }) =>
  onUnauthorized(() => sendBack({ type: 'api.unauthorized' })),
);

/** The app machine whose children are these root machines (a test may have swapped one). */
export function provideAppMachine(machines: RootMachines) {
  return appMachine.provide({
    actors: {
      storeInfo: machines.storeInfo,
      auth: machines.auth,
      cart: machines.cart,
      wishlist: machines.wishlist,
      watchUnauthorized,
    },
  });
}
