// The orders feature's public entry: what other features may use (biome.json lets them import only this).
// The payment page lists the order's lines as My Orders does (src/features/payments/payment-summary.tsx).
export { OrderLine } from './order-line';
