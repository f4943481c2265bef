/**
 * Every machine with its real side effects, in one object: what tests start the app from (over a fake
 * fetch) so each screen runs its live machine. The app itself starts from the root machines only
 * (`./root.live`); each lazy screen provides its own machine from `deps`, keeping page code out of the
 * first download. Do not import this module from app code.
 */

import { provideAccountMachine } from '../../features/accounts/account.live';
import { provideAddressBookMachine } from '../../features/accounts/address-book.live';
import { providePasswordResetMachine } from '../../features/accounts/password-reset.live';
import { provideCartStockMachine } from '../../features/cart/cart-stock.live';
import { provideDeliveryCheckMachine } from '../../features/catalogue/delivery-check.live';
import { provideFeaturedProductsMachine } from '../../features/catalogue/featured-products.live';
import { provideProductMachine } from '../../features/catalogue/product.live';
import { provideProductsListMachine } from '../../features/catalogue/products-list.live';
import { provideSearchMachine } from '../../features/catalogue/search.live';
import { provideSimilarProductsMachine } from '../../features/catalogue/similar-products.live';
import { provideCheckoutMachine } from '../../features/checkout/checkout.live';
import { provideContactMachine } from '../../features/messages/contact.live';
import { provideNewsletterMachine } from '../../features/messages/newsletter.live';
import { provideNewsletterLinkMachine } from '../../features/messages/newsletter-link.live';
import { provideMyOrdersMachine } from '../../features/orders/my-orders.live';
import { provideOrderTrackingMachine } from '../../features/orders/order-tracking.live';
import { provideOrderSuccessMachine } from '../../features/payments/order-success.live';
import { providePaymentMachine } from '../../features/payments/payment.live';
import { provideApiTestMachine } from '../../features/store/api-test.live';
import { provideSavedProductsMachine } from '../../features/wishlist/saved-products.live';
import type { LiveDeps } from './live-deps';
import { createRootMachines } from './root.live';

export type { LiveDeps } from './live-deps';

export function createLiveMachines(deps: LiveDeps) {
  return {
    ...createRootMachines(deps),
    productsList: provideProductsListMachine(deps),
    search: provideSearchMachine(deps),
    product: provideProductMachine(deps),
    similarProducts: provideSimilarProductsMachine(deps),
    featuredProducts: provideFeaturedProductsMachine(deps),
    cartStock: provideCartStockMachine(deps),
    checkout: provideCheckoutMachine(deps),
    orderTracking: provideOrderTrackingMachine(deps),
    orderSuccess: provideOrderSuccessMachine(deps),
    myOrders: provideMyOrdersMachine(deps),
    account: provideAccountMachine(deps),
    addressBook: provideAddressBookMachine(deps),
    deliveryCheck: provideDeliveryCheckMachine(deps),
    payment: providePaymentMachine(deps),
    passwordReset: providePasswordResetMachine(deps),
    apiTest: provideApiTestMachine(deps),
    savedProducts: provideSavedProductsMachine(deps),
    contact: provideContactMachine(deps),
    newsletter: provideNewsletterMachine(deps),
    newsletterLink: provideNewsletterLinkMachine(deps),
  };
}

export type LiveMachines = ReturnType<typeof createLiveMachines>;
