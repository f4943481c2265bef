/**
 * Each feature's browser checks (tests/e2e/*.checks.ts), in the order tests/e2e/run.ts runs them after
 * its own. Apart from checks.ts, whose helpers every feature file imports, so that no file imports
 * one that imports it back. Add a feature's file here.
 */
import { ADDRESS_CHECKS } from './address.checks';
import { CART_NAV_CHECKS } from './cart-nav.checks';
import type { Check } from './checks';
import { COD_CHECKS } from './cod.checks';
import { FIND_CHECKS } from './find.checks';
import { HYDRATION_CHECKS } from './hydration.checks';
import { ORDERS_CHECKS } from './orders.checks';
import { PAYMENTS_CHECKS } from './payments.checks';
import { PHONE_LAYOUT_CHECKS } from './phone-layout.checks';
import { PRODUCT_EXTRAS_CHECKS } from './product-extras.checks';
import { SEO_CHECKS } from './seo.checks';
import { STOCK_CHECKS } from './stock.checks';
import { WISHLIST_CHECKS } from './wishlist.checks';

export const FEATURE_CHECKS: Check[] = [
  ...HYDRATION_CHECKS,
  ...WISHLIST_CHECKS,
  ...FIND_CHECKS,
  ...SEO_CHECKS,
  ...PHONE_LAYOUT_CHECKS,
  ...CART_NAV_CHECKS,
  ...PAYMENTS_CHECKS,
  ...ADDRESS_CHECKS,
  ...ORDERS_CHECKS,
  ...COD_CHECKS,
  ...PRODUCT_EXTRAS_CHECKS,
  ...STOCK_CHECKS,
];
