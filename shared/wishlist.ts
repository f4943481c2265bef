/**
 * How many products one wishlist keeps: the account's on the server (saving one more drops the least
 * recently saved, so a save never fails) and a visitor's in the browser, capped the same so that
 * merging it into the account at sign-in always fits.
 */
export const WISHLIST_LIMIT = 200;
