// The live machines, for tests. App code imports the module it needs (`./root.live`, `../../features/payments/payment.live`, …)
// so the bundler can keep page machines in their routes' chunks.
export { createLiveMachines, type LiveMachines } from './live-machines';
