import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { css } from 'styled-system/css';
import { useStoreInfo } from '../../app/app-actor';
import { BrandLink } from '../../components/layout/brand-link';
import { storeDisplayName } from '../../components/layout/store-display';
import { Card } from '../../components/ui/card';
import { stack } from '../../theme/layout';

/** Centred card for sign-in and registration (spec §2 Route groups). */
export function AuthLayout() {
  const store = useStoreInfo();
  const storeName = storeDisplayName(store);
  useEffect(() => {
    document.title = storeName;
  }, [storeName]);
  return (
    <div
      className={css({
        minH: '100dvh',
        display: 'grid',
        placeItems: 'center',
        px: '4',
        py: '10',
        bgGradient: 'to-br',
        gradientFrom: 'terracotta.50',
        gradientTo: 'indigo.50',
      })}
    >
      <div className={css(stack, { w: 'full', maxW: 'md', gap: '6' })}>
        <BrandLink className={css({ alignSelf: 'center', fontSize: '2xl' })}>{storeName}</BrandLink>
        {/* Alone on the page: lifted higher than a card among others. */}
        <Card as="main" className={css({ boxShadow: 'raised' })}>
          <Outlet />
        </Card>
      </div>
    </div>
  );
}
