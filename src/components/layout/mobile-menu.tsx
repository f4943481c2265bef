import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { stack } from '../../theme/layout';
import { CloseIcon, UserIcon } from '../icons';
import { Drawer } from '../ui/drawer';
import { categoryPath } from './store-display';

/**
 * The phone menu is the one overlay above toasts: a shopper who opens it is going
 * somewhere else, and a toast left over from the page would cover its last links. Quick View and the
 * filter drawer stay under toasts, whose answers are about them.
 */
const aboveToasts = css({ zIndex: 'menu' });

const menuLink = css({
  display: 'block',
  py: '3',
  px: '2',
  borderRadius: 'control',
  fontWeight: '500',
  textTransform: 'capitalize',
  _hover: { bg: 'bg.muted' },
});

type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: readonly { to: string; label: string }[];
  /** Every store category: the bar's links show only the first 3 (spec §2). */
  categories?: readonly string[];
  signedIn: boolean | undefined;
  search?: ReactNode;
};

/**
 * The phone menu, a drawer from the side with focus trapped while open: the navigation links, cart,
 * tracking, contact and the account or Login link.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  links,
  categories = [],
  signedIn,
  search,
}: MobileMenuProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop className={aboveToasts} />
        <Drawer.Positioner className={aboveToasts}>
          <Drawer.Content>
            <Drawer.Title>Menu</Drawer.Title>
            <Drawer.CloseTrigger aria-label="Close menu">
              <CloseIcon />
            </Drawer.CloseTrigger>
            {search}
            <MenuLinks links={links} categories={categories} signedIn={signedIn} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function MenuLinks({
  links,
  categories = [],
  signedIn,
}: Pick<MobileMenuProps, 'links' | 'categories' | 'signedIn'>) {
  const shown = new Set(links.map((link) => link.to));
  const more = categories.filter((category) => !shown.has(categoryPath(category)));
  return (
    <>
      {more.length > 0 ? (
        <nav aria-label="All categories">
          <h2
            className={css({
              fontSize: 'xs',
              fontWeight: '700',
              color: 'fg.muted',
              textTransform: 'uppercase',
              px: '2',
              mt: '2',
            })}
          >
            All categories
          </h2>
          <ul className={css(stack, { listStyle: 'none', gap: '1' })}>
            {more.map((category) => (
              <li key={category}>
                <Link to={categoryPath(category)} className={menuLink}>
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <nav aria-label="Mobile">
        <ul className={css(stack, { listStyle: 'none', gap: '1' })}>
          {[
            ...links,
            { to: '/wishlist', label: 'Wishlist' },
            { to: '/cart', label: 'Cart' },
            { to: '/track-order', label: 'Track Order' },
            { to: '/contact', label: 'Contact' },
          ].map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={menuLink}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {signedIn === true ? (
        <Link to="/account" className={button({ variant: 'outline', fullWidth: true })}>
          <UserIcon size={18} /> My Account
        </Link>
      ) : signedIn === false ? (
        <Link to="/login" className={button({ variant: 'solid', fullWidth: true })}>
          Login
        </Link>
      ) : null}
    </>
  );
}
