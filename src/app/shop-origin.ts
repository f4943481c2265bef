import { createContext, useContext } from 'react';

/**
 * The shop's origin, for the pages that name the site (the policies): the browser's own, or on the
 * server the origin it renders the page for (PUBLIC_URL, else the request's: server/payments/origin.ts).
 */
export const ShopOriginContext = createContext<string>(
  typeof window === 'undefined' ? '' : window.location.origin,
);

export const useShopOrigin = () => useContext(ShopOriginContext);
