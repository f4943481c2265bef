// The accounts feature's public entry: what other features may use (biome.json lets them import only this).
// Checkout offers the shopper's saved addresses (src/features/checkout/checkout.page.tsx).
export { provideAddressBookMachine } from './address-book.live';
