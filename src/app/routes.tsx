import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { isPolicySlug, POLICY_TITLES, policyCompany } from '../routes/policy/policy-meta';
import type { RouteHandle } from './document-title';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';

/**
 * Route-level code splitting: every screen is its own chunk, so the home page never downloads the
 * checkout or payment code.
 */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The list and product screens title the tab from their machines (shared/page-titles.ts). */
const screenTitle: RouteHandle = { title: 'screen' };

const policyHandle: RouteHandle = {
  title: ({ params, store }) => {
    const slug = params.policyType;
    const company = policyCompany(store ?? undefined, '').companyName;
    return isPolicySlug(slug) ? `${POLICY_TITLES[slug]} | ${company}` : company;
  },
};

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The first screen's chunk is still loading: render nothing rather than a flash of layout.
    HydrateFallback: () => null,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', lazy: screen(() => import('../routes/login.page')) },
          { path: 'register', lazy: screen(() => import('../routes/register.page')) },
          { path: 'forgot-password', lazy: screen(() => import('../routes/forgot-password.page')) },
          { path: 'reset-password', lazy: screen(() => import('../routes/reset-password.page')) },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { index: true, lazy: screen(() => import('../routes/home.page')) },
          { path: 'products', lazy: screen(() => import('../routes/products.page')), handle: screenTitle },
          {
            path: 'product/:id',
            lazy: screen(() => import('../routes/product.page')),
            handle: screenTitle,
          },
          { path: 'cart', lazy: screen(() => import('../routes/cart.page')) },
          { path: 'wishlist', lazy: screen(() => import('../routes/wishlist.page')) },
          { path: 'track-order', lazy: screen(() => import('../routes/track-order.page')) },
          { path: 'contact', lazy: screen(() => import('../routes/contact.page')) },
          { path: 'api-test', lazy: screen(() => import('../routes/api-test.page')) },
          { path: 'order-success', lazy: screen(() => import('../routes/order-success.page')) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'account', lazy: screen(() => import('../routes/account.page')) },
              { path: 'checkout', lazy: screen(() => import('../routes/checkout.page')) },
              { path: 'orders', lazy: screen(() => import('../routes/orders.page')) },
              { path: 'payment', lazy: screen(() => import('../routes/payment.page')) },
            ],
          },
          { path: '404', lazy: screen(() => import('../routes/not-found.page')) },
          // Valid slugs render the policy; reserved words and unknown slugs go to /404 (in the screen).
          { path: ':policyType', lazy: screen(() => import('../routes/policy.page')), handle: policyHandle },
          { path: '*', lazy: screen(() => import('../routes/not-found.page')) },
        ],
      },
    ],
  },
];
