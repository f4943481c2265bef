/**
 * The shell's machines: the long-lived actors every screen shares (auth, cart, store info). Screens'
 * own machines are provided by their lazy route modules from `deps` (see `usePageMachine`), so the
 * first page does not download checkout or payment code. Import this module, not `./index`, from app
 * code: the index gathers every machine for tests.
 */
import { onUnauthorized } from '../../api/client';
import { provideAuthMachine } from './auth.live';
import { provideCartMachine } from './cart.live';
import { type LiveDeps, liveDeps } from './live-deps';
import { provideStoreInfoMachine } from './store-info.live';
import { readStoreSnapshot } from './store-snapshot';

export function createRootMachines(deps: LiveDeps) {
  return {
    deps,
    storeInfo: provideStoreInfoMachine(deps),
    /** The store information the first render uses while /storeInfo revalidates it. */
    storeInfoInput: { storeInfo: readStoreSnapshot(deps.storage()) },
    cart: provideCartMachine(deps),
    auth: provideAuthMachine(deps),
  };
}

export type RootMachines = ReturnType<typeof createRootMachines>;

/** The app's root machines over the real client, cookie and localStorage. */
export const liveMachines: RootMachines = createRootMachines(liveDeps);

/** Forward every 401 to the auth actor (spec §4: a 401 from any call signs the user out). */
export function forwardUnauthorized(authActor: { send: (event: { type: 'auth.unauthorized' }) => void }) {
  return onUnauthorized(() => authActor.send({ type: 'auth.unauthorized' }));
}
