import { NavLink } from 'react-router';
import { css } from 'styled-system/css';
import { vstack } from '../../theme/layout';
import { CartIcon, GridIcon, HomeIcon, UserIcon } from '../icons';

const tab = css(vstack, {
  position: 'relative',
  flex: '1',
  justifyContent: 'center',
  gap: '0.5',
  fontSize: '2xs',
  fontWeight: '600',
  color: 'fg.subtle',
  '&.active': { color: 'terracotta.700' },
  focusVisibleRing: 'outside',
  focusRingOffset: '-2px',
});

const tabBar = css({
  hideFrom: 'md',
  position: 'fixed',
  bottom: '0',
  insetX: '0',
  zIndex: 'sticky',
  bg: 'white',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  boxShadow: 'dock',
  pb: 'env(safe-area-inset-bottom)',
});

/** Phone-only tab bar (below the 768 px breakpoint, spec §2/§9). */
export function BottomTabBar({ cartCount }: { cartCount: number }) {
  return (
    <nav aria-label="Tab bar" className={tabBar}>
      {/* With the top border, exactly the tabBar size: the product page's Add to Cart bar sits on it. */}
      <ul className={css({ display: 'flex', h: 'calc(token(sizes.tabBar) - 1px)', listStyle: 'none' })}>
        <li className={css({ flex: '1', display: 'flex' })}>
          <NavLink to="/" end className={tab}>
            <HomeIcon size={22} />
            Home
          </NavLink>
        </li>
        <li className={css({ flex: '1', display: 'flex' })}>
          <NavLink to="/products" className={tab}>
            <GridIcon size={22} />
            Category
          </NavLink>
        </li>
        <li className={css({ flex: '1', display: 'flex' })}>
          <NavLink to="/account" className={tab}>
            <UserIcon size={22} />
            My Account
          </NavLink>
        </li>
        <li className={css({ flex: '1', display: 'flex' })}>
          <NavLink to="/cart" className={tab}>
            <CartIcon size={22} />
            Cart
            {cartCount > 0 ? (
              <span
                className={css({
                  position: 'absolute',
                  top: '1',
                  left: '50%',
                  ml: '2',
                  minW: '4',
                  h: '4',
                  px: '1',
                  borderRadius: 'full',
                  bg: 'terracotta.600',
                  color: 'white',
                  fontSize: '2xs',
                  lineHeight: '4',
                  textAlign: 'center',
                })}
              >
                {cartCount}
                <span className={css({ srOnly: true })}> items</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
