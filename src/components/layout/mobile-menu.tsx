import { Portal } from '@ark-ui/react/portal';
import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { CloseIcon, UserIcon } from '../icons';
import { Drawer } from '../ui/drawer';

type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: readonly { to: string; label: string }[];
  signedIn: boolean | undefined;
};

/**
 * The phone menu, a drawer from the side with focus trapped while open: the navigation links, cart,
 * tracking, contact and the account or Login link.
 */
export default function MobileMenu({ open, onOpenChange, links, signedIn }: MobileMenuProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Title>Menu</Drawer.Title>
            <Drawer.CloseTrigger aria-label="Close menu">
              <CloseIcon />
            </Drawer.CloseTrigger>
            <MenuLinks links={links} signedIn={signedIn} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function MenuLinks({ links, signedIn }: Pick<MobileMenuProps, 'links' | 'signedIn'>) {
  return (
    <>
      <nav aria-label="Mobile">
        <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1' })}>
          {[
            ...links,
            { to: '/wishlist', label: 'Wishlist' },
            { to: '/cart', label: 'Cart' },
            { to: '/track-order', label: 'Track Order' },
            { to: '/contact', label: 'Contact' },
          ].map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className={css({
                  display: 'block',
                  py: '3',
                  px: '2',
                  borderRadius: 'control',
                  fontWeight: '500',
                  textTransform: 'capitalize',
                  _hover: { bg: 'bg.muted' },
                })}
              >
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
