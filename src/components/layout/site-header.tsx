import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { hstack } from '../../theme/layout';
import { CartIcon, HeartIcon, MenuIcon, UserIcon } from '../icons';
import { BrandLink } from './brand-link';
import { categoryMenuTrigger, requestCategoryMenuOpen } from './category-menu-trigger';
import { categoryPath } from './store-display';
import { useWideLayout } from './use-phone-layout';

// Ark's Menu (≈ 30 KB brotli with zag's dismissable layer) loads in its own chunk, after the first render.
const CategoryMenu = lazy(() =>
  import('./category-menu').then((module) => ({ default: module.CategoryMenu })),
);

// The drawer (Ark Dialog with its focus trap) loads on the first tap of the menu button, not with
// every page.
const MobileMenu = lazy(() => import('./mobile-menu'));

/** The bar changes style once the page has scrolled this far (spec §9). */
const SCROLL_STYLE_THRESHOLD = 20;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

type SiteHeaderProps = {
  storeName: string;
  categories: readonly string[];
  /** Every store category, for the "All categories" menu (desktop) and the phone menu. */
  allCategories?: readonly string[];
  cartCount: number;
  wishlistCount: number;
  /** undefined while the authentication state is still loading */
  signedIn: boolean | undefined;
  /** The search box: in the bar from 768 px, below it in a row of its own on a phone. */
  search?: ReactNode;
};

const navLink = css({
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.muted',
  textTransform: 'capitalize',
  py: '2',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  _hover: { color: 'fg.default' },
  '&[aria-current=page]': { color: 'terracotta.700', borderColor: 'terracotta.500' },
  focusVisibleRing: 'outside',
});

const iconLink = css({
  position: 'relative',
  w: '10',
  h: '10',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'full',
  color: 'fg.default',
  _hover: { bg: 'bg.muted' },
  focusVisibleRing: 'outside',
  focusRingOffset: '1px',
});

const badgeStyle = css({
  position: 'absolute',
  top: '0',
  right: '0',
  minW: '5',
  h: '5',
  px: '1',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'full',
  bg: 'terracotta.600',
  color: 'white',
  fontSize: '2xs',
  fontWeight: '700',
});

/** The number on an icon link (its label already says it to screen readers). */
function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span data-testid={testId} aria-hidden="true" className={badgeStyle}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function SiteHeader({
  storeName,
  categories,
  allCategories = categories,
  cartCount,
  wishlistCount,
  signedIn,
  search,
}: SiteHeaderProps) {
  const scrolled = useScrolledPast(SCROLL_STYLE_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const location = useLocation();
  // Close the drawer after navigating from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const links = [
    ...categories.map((category) => ({ to: categoryPath(category), label: category })),
    { to: '/products', label: 'All Products' },
  ];
  // The menu's nav is hidden below 768 px: a phone neither downloads nor mounts Ark's Menu (≈ 100 ms of
  // main thread at 4× CPU on every route: Lighthouse's TBT, docs/performance.md). Until the layout is
  // known, and on a phone, the plain button stands in; a tap on it opens the menu once loaded.
  const wide = useWideLayout();
  const categoryButton = (
    <button
      type="button"
      className={categoryMenuTrigger}
      aria-haspopup="menu"
      onClick={requestCategoryMenuOpen}
    >
      All categories <span aria-hidden="true">▾</span>
    </button>
  );
  const isActive = (to: string) => `${location.pathname}${location.search}` === to;

  return (
    <header
      data-scrolled={scrolled ? '' : undefined}
      className={css({
        position: 'sticky',
        top: '0',
        zIndex: 'sticky',
        transition: 'background 0.2s, box-shadow 0.2s, padding 0.2s',
        bg: 'rgba(253, 250, 245, 0.85)',
        backdropFilter: 'blur(8px)',
        borderBottomWidth: '1px',
        borderColor: 'border.subtle',
        py: { base: '2', md: '4' },
        '&[data-scrolled]': {
          bg: 'white',
          boxShadow: 'nav',
          py: { base: '1.5', md: '2' },
          borderColor: 'transparent',
        },
      })}
    >
      <div
        className={css({
          maxW: 'content',
          mx: 'auto',
          px: { base: '4', md: '6' },
          display: 'flex',
          alignItems: 'center',
          // On a phone the search box wraps to a full-width second row, as the shopping apps show it.
          flexWrap: { base: 'wrap', md: 'nowrap' },
          columnGap: { base: '3', md: '8' },
          rowGap: '2',
          minH: { base: '10', md: '14' },
          h: { md: '14' },
        })}
      >
        <BrandLink
          className={css(hstack, {
            gap: '2',
            fontSize: { base: 'xl', md: '2xl' },
            letterSpacing: '-0.01em',
            minW: '0',
            focusVisibleRing: 'outside',
            focusRingOffset: '1px',
          })}
        >
          <span
            aria-hidden="true"
            className={css({
              w: '8',
              h: '8',
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              borderRadius: 'lg',
              bg: 'terracotta.600',
              color: 'white',
              fontSize: 'lg',
              fontFamily: 'display',
            })}
          >
            {storeName.charAt(0).toUpperCase()}
          </span>
          <span className={css({ truncate: true })}>{storeName}</span>
        </BrandLink>
        <nav aria-label="Main" className={css({ hideBelow: 'md', flex: '1' })}>
          <ul className={css({ display: 'flex', gap: '6', listStyle: 'none' })}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={navLink} aria-current={isActive(link.to) ? 'page' : undefined}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {wide ? (
                <Suspense fallback={categoryButton}>
                  <CategoryMenu categories={allCategories} />
                </Suspense>
              ) : (
                categoryButton
              )}
            </li>
          </ul>
        </nav>
        {search ? (
          <div
            className={css({
              order: { base: '1', md: '0' },
              flex: { base: '1 0 100%', md: '0 1 16rem' },
              minW: '0',
            })}
          >
            {search}
          </div>
        ) : null}
        <div className={css(hstack, { gap: '1', ms: 'auto' })}>
          <Link
            to="/wishlist"
            className={iconLink}
            aria-label={`Wishlist, ${wishlistCount} ${wishlistCount === 1 ? 'item' : 'items'}`}
          >
            <HeartIcon size={22} />
            <CountBadge count={wishlistCount} testId="wishlist-count" />
          </Link>
          <Link
            to="/cart"
            className={iconLink}
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <CartIcon size={22} />
            <CountBadge count={cartCount} testId="cart-count" />
          </Link>
          {signedIn === true ? (
            <Link to="/account" className={iconLink} aria-label="My Account">
              <UserIcon size={22} />
            </Link>
          ) : signedIn === false ? (
            <Link to="/login" className={cx(button({ variant: 'solid', size: 'sm' }), css({ ms: '1' }))}>
              Login
            </Link>
          ) : null}
          <button
            type="button"
            className={cx(iconLink, css({ hideFrom: 'md' }))}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon size={22} />
          </button>
        </div>
      </div>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            links={links}
            categories={allCategories}
            signedIn={signedIn}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
