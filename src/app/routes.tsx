import { type ComponentType, Suspense, useMemo } from 'react';
import {
  type Location,
  matchRoutes,
  parsePath,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { type LazyPart, lazyPart } from '../components/lazy-part';
import { AuthLayout } from '../features/accounts/auth-layout';
import { isPolicySlug, POLICY_TITLES, policyCompany } from '../features/store/policy-meta';
import { StartApp } from './app-actor';
import { type RouteHandle, RouteMatchesContext } from './document-title';
import { MainLayout } from './layouts/main-layout';
import { RootLayout } from './layouts/root-layout';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';

type Screen = LazyPart<object>;

/**
 * Route-level code splitting: every screen is its own chunk (React.lazy: src/components/lazy-part.tsx),
 * so the home page never downloads the checkout or payment code. `preloadScreens` starts the first
 * screen's chunk before hydration (src/main.tsx); a chunk that failed to load makes its screen throw
 * (RouteErrorBoundary shows the error). `module` is the screen's file under src/features/ without its
 * extension (`cart/cart.page`): the name the server preloads its chunk by (server/web/page-assets.ts).
 */
function screen(module: string, load: () => Promise<{ default: ComponentType }>): Screen {
  return lazyPart(`src/features/${module}.tsx`, load);
}

/** The list and product screens title the tab from their machines (shared/page-titles.ts). */
const screenTitle: RouteHandle = { title: 'screen' };

const policyHandle: RouteHandle = {
  title: ({ params, store }) => {
    const slug = params.policyType;
    const company = policyCompany(store ?? undefined, '').companyName;
    return isPolicySlug(slug) ? `${POLICY_TITLES[slug]} | ${company}` : company;
  },
};

const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            Component: screen('accounts/login.page', () => import('../features/accounts/login.page')),
          },
          {
            path: 'register',
            Component: screen('accounts/register.page', () => import('../features/accounts/register.page')),
          },
          {
            path: 'forgot-password',
            Component: screen(
              'accounts/forgot-password.page',
              () => import('../features/accounts/forgot-password.page'),
            ),
          },
          {
            path: 'reset-password',
            Component: screen(
              'accounts/reset-password.page',
              () => import('../features/accounts/reset-password.page'),
            ),
          },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            Component: screen('catalogue/home.page', () => import('../features/catalogue/home.page')),
          },
          {
            path: 'products',
            Component: screen('catalogue/products.page', () => import('../features/catalogue/products.page')),
            handle: screenTitle,
          },
          {
            path: 'product/:id',
            Component: screen('catalogue/product.page', () => import('../features/catalogue/product.page')),
            handle: screenTitle,
          },
          {
            path: 'cart',
            Component: screen('cart/cart.page', () => import('../features/cart/cart.page')),
          },
          {
            path: 'wishlist',
            Component: screen('wishlist/wishlist.page', () => import('../features/wishlist/wishlist.page')),
          },
          {
            path: 'track-order',
            Component: screen('orders/track-order.page', () => import('../features/orders/track-order.page')),
          },
          {
            path: 'contact',
            Component: screen('messages/contact.page', () => import('../features/messages/contact.page')),
          },
          {
            path: 'api-test',
            Component: screen('store/api-test.page', () => import('../features/store/api-test.page')),
          },
          {
            path: 'order-success',
            Component: screen(
              'payments/order-success.page',
              () => import('../features/payments/order-success.page'),
            ),
          },
          // The links of newsletter mail (server/messages/messages.handlers.ts); never indexed (server/web/spa.ts).
          {
            path: 'newsletter/confirm',
            Component: screen(
              'messages/newsletter-confirm.page',
              () => import('../features/messages/newsletter-confirm.page'),
            ),
          },
          {
            path: 'newsletter/unsubscribe',
            Component: screen(
              'messages/newsletter-unsubscribe.page',
              () => import('../features/messages/newsletter-unsubscribe.page'),
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'account',
                Component: screen('accounts/account.page', () => import('../features/accounts/account.page')),
              },
              {
                path: 'checkout',
                Component: screen(
                  'checkout/checkout.page',
                  () => import('../features/checkout/checkout.page'),
                ),
              },
              {
                path: 'orders',
                Component: screen('orders/orders.page', () => import('../features/orders/orders.page')),
              },
              {
                path: 'payment',
                Component: screen('payments/payment.page', () => import('../features/payments/payment.page')),
              },
            ],
          },
          {
            path: '404',
            Component: screen('store/not-found.page', () => import('../features/store/not-found.page')),
          },
          // Valid slugs render the policy; reserved words and unknown slugs go to /404 (in the screen).
          {
            path: ':policyType',
            Component: screen('store/policy.page', () => import('../features/store/policy.page')),
            handle: policyHandle,
          },
          {
            path: '*',
            Component: screen('store/not-found.page', () => import('../features/store/not-found.page')),
          },
        ],
      },
    ],
  },
];

type Matches = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>;
let lastMatched: { pathname: string; matches: Matches } | null = null;

/**
 * The routes `location` matches. The first page asks twice (its chunks, its first render) beside
 * useRoutes' own: React Router flattens and ranks the whole table and compiles each pattern on every
 * call, one of the longer pieces of the app's start on a slow phone; the last answer is kept.
 */
function matchesAt(location: Partial<Location> | string): Matches {
  const pathname = (typeof location === 'string' ? parsePath(location) : location).pathname || '/';
  if (lastMatched?.pathname !== pathname) {
    lastMatched = { pathname, matches: matchRoutes(appRoutes, pathname) ?? [] };
  }
  return lastMatched.matches;
}

/** Loads the chunks of the screens `location` renders; the app renders once they are in (src/main.tsx). */
export async function preloadScreens(location: Partial<Location> | string): Promise<void> {
  const matches = matchesAt(location);
  await Promise.all(matches.map(({ route }) => (route.Component as Partial<Screen> | undefined)?.load?.()));
}

/** Whether `location` is the storefront's 404: an unknown path, /404 itself, or a policy slug that is none. */
export function isNotFoundPage(location: Partial<Location> | string): boolean {
  const leaf = matchesAt(location).at(-1);
  if (!leaf) return true;
  const { path } = leaf.route;
  if (path === '*' || path === '404') return true;
  return path === ':policyType' && !isPolicySlug(leaf.params.policyType);
}

/**
 * The route table rendered at the router's location, and its matches (with their `handle`s) for the
 * layouts to read (useRouteMatches). A screen whose chunk is not in yet renders nothing: only ever the
 * first screen under test, as navigations keep the screen before up until the next one is ready.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchesAt(location), [location]);
  const element = useRoutes(appRoutes);
  return (
    <RouteMatchesContext.Provider value={matches}>
      <RouteErrorBoundary location={location}>
        <Suspense fallback={null}>
          {element}
          <StartApp />
        </Suspense>
      </RouteErrorBoundary>
    </RouteMatchesContext.Provider>
  );
}
