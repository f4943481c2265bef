import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { css } from 'styled-system/css';
import type { StoreInfo } from '../../../machines/store-info.machine';
import { BottomTabBar } from '../../components/layout/bottom-tab-bar';
import { SiteFooter } from '../../components/layout/site-footer';
import { SiteHeader } from '../../components/layout/site-header';
import { allCategories, navCategories, storeDisplayName } from '../../components/layout/store-display';
import { SearchBox } from '../../features/catalogue/search-box';
import { type AuthStatus, useAuthStatus, useCartCount, useStoreInfo, useWishlistCount } from '../app-actor';
import { type RouteHandle, useDocumentTitle, useRouteMatches } from '../document-title';
import { QuickViewHost } from '../quick-view-host';

const DEFAULT_DESCRIPTION = 'T-shirts, trendy tops, ethnic wear and accessories, delivered across India.';

/** The title the deepest route with a `handle.title` gives (none for 'screen'), else the store name. */
function useRouteTitle(store: StoreInfo | null) {
  const matches = useRouteMatches();
  const match = [...matches].reverse().find((m) => (m.route.handle as RouteHandle | undefined)?.title);
  const title = (match?.route.handle as RouteHandle | undefined)?.title;
  useDocumentTitle(
    title === 'screen'
      ? null
      : title
        ? title({ params: match?.params ?? {}, store })
        : storeDisplayName(store),
  );
}

type MainLayoutViewProps = {
  store: StoreInfo | null;
  cartCount: number;
  /** Saved products (the header's heart); none until the wishlist is read. */
  wishlistCount?: number;
  authStatus: AuthStatus;
  /** The phone's tab bar (Home, Category, My Account, Cart); off where the page has one way on. */
  tabBar?: boolean;
  children: ReactNode;
};

/**
 * Pages without the phone's tab bar: checkout and payment, where Place Order and Pay Now are the way
 * on, and a tab a thumb brushes on the way to them would leave the order behind.
 */
const WITHOUT_TAB_BAR = ['/checkout', '/payment'];

/**
 * The storefront frame (skip link, header, main, footer, phone tab bar) from plain props: MainLayout
 * feeds it the root actors' state.
 */
function MainLayoutView({
  store,
  cartCount,
  wishlistCount = 0,
  authStatus,
  tabBar = true,
  children,
}: MainLayoutViewProps) {
  const storeName = storeDisplayName(store);
  return (
    <div
      className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}
      data-tab-bar={tabBar ? undefined : 'off'}
    >
      <a
        href="#main"
        className={css({
          srOnly: true,
          _focus: {
            srOnly: false,
            position: 'fixed',
            top: '2',
            left: '2',
            zIndex: 'skipLink',
            bg: 'white',
            px: '4',
            py: '2',
            borderRadius: 'control',
            boxShadow: 'raised',
          },
        })}
      >
        Skip to content
      </a>
      <SiteHeader
        storeName={storeName}
        categories={navCategories(store)}
        allCategories={allCategories(store)}
        cartCount={cartCount}
        wishlistCount={wishlistCount}
        signedIn={authStatus === 'checking' ? undefined : authStatus === 'authenticated'}
        search={<SearchBox />}
      />
      <main id="main" tabIndex={-1} className={css({ flex: '1', outline: 'none' })}>
        {children}
      </main>
      <SiteFooter
        storeName={storeName}
        companyName={store?.companyName?.trim() || storeName}
        description={store?.description?.trim() || DEFAULT_DESCRIPTION}
        address={store?.companyAddress}
        phone={store?.companyPhone}
        email={store?.companyEmail}
      />
      {tabBar ? <BottomTabBar cartCount={cartCount} /> : null}
    </div>
  );
}

export function MainLayout() {
  const store = useStoreInfo();
  const cartCount = useCartCount();
  const wishlistCount = useWishlistCount();
  const authStatus = useAuthStatus();
  const { pathname } = useLocation();
  useRouteTitle(store);
  return (
    <MainLayoutView
      store={store}
      cartCount={cartCount}
      wishlistCount={wishlistCount}
      authStatus={authStatus}
      tabBar={!WITHOUT_TAB_BAR.includes(pathname.replace(/\/+$/, ''))}
    >
      <Outlet />
      <QuickViewHost />
    </MainLayoutView>
  );
}
