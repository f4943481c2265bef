// The live machines, for tests. App code imports the module it needs (`./root.live`; a screen its
// feature's own, e.g. src/features/payments/payment.live.ts) so the bundler can keep page machines in
// their routes' chunks.
export { createLiveMachines, type LiveMachines } from './live-machines';
