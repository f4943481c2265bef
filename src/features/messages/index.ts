// The messages feature's public entry: what other features may use (biome.json lets them import only this).
// The home page ends with the newsletter sign-up (src/features/catalogue/home.page.tsx).
export { Newsletter } from './newsletter';
