/** The machines whose journeys run in a browser (`npm run test:journeys`), with their drivers. */
import { authDrivers } from './auth.drivers';
import { cartDrivers } from './cart.drivers';
import { checkoutDrivers } from './checkout.drivers';
import type { AnyDrivers } from './driver';
import { lifecycleDrivers } from './lifecycle.drivers';
import { orderTrackingDrivers } from './order-tracking.drivers';
import { paymentDrivers } from './payment.drivers';
import { returnsDrivers } from './returns.drivers';
import { wishlistDrivers } from './wishlist.drivers';

export const driven: Record<string, AnyDrivers> = {
  checkout: checkoutDrivers as unknown as AnyDrivers,
  payment: paymentDrivers as unknown as AnyDrivers,
  lifecycle: lifecycleDrivers as unknown as AnyDrivers,
  returns: returnsDrivers as unknown as AnyDrivers,
  auth: authDrivers as unknown as AnyDrivers,
  'order-tracking': orderTrackingDrivers as unknown as AnyDrivers,
  wishlist: wishlistDrivers as unknown as AnyDrivers,
  cart: cartDrivers as unknown as AnyDrivers,
};
