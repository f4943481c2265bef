import { useCallback, useMemo } from 'react';
import { cardCartLine, type DisplayProduct } from '../../machines/catalogue.model';
import { useCardWishlist, useCartRef } from './app-actor';
import { useOpenQuickView } from './quick-view-host';

/**
 * What a product card (src/components/product-card.tsx) does on a storefront page: Add to Cart (in the
 * colour it shows), the heart, and Quick View. Add to Cart and Quick View stay the same functions while
 * the hearts change, so a memoised grid re-renders only the card whose heart changed.
 */
export function useCardActions() {
  const cart = useCartRef();
  const hearts = useCardWishlist();
  const openQuickView = useOpenQuickView();
  const onAddToCart = useCallback(
    (product: DisplayProduct, color?: string) =>
      cart.send({ type: 'cart.add', ...cardCartLine(product, color) }),
    [cart],
  );
  const onQuickView = useCallback((product: DisplayProduct) => openQuickView(product.id), [openQuickView]);
  return useMemo(
    () => ({ isSaved: hearts.isSaved, onToggleWishlist: hearts.toggle, onAddToCart, onQuickView }),
    [hearts, onAddToCart, onQuickView],
  );
}
