// Everything, for tests. App code imports the module it needs (`./root.live`, `./payment.live`, …) so
// the bundler can keep page machines in their routes' chunks.
export { cookieTokenStore, type KeyValueStorage, TOKEN_COOKIE_OPTIONS, type TokenStore } from './browser';
export { type LiveDeps, liveDeps } from './live-deps';
export { createLiveMachines, type LiveMachines } from './live-machines';
export { call, unwrapData } from './request';
export {
  createRootMachines,
  liveMachines,
  provideAppMachine,
  type RootMachines,
  watchUnauthorized,
} from './root.live';
