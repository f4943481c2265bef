import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { badge, button } from 'styled-system/recipes';
import { type DisplayProduct, imageOf, isOnSale } from '../../machines/catalogue.model';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from './fallback-image';
import { CartIcon, EyeIcon } from './icons';
import { Price } from './price';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';
import { WishlistToggle } from './wishlist-toggle';

/** On the card surface: lifts on hover, its image zooming in. */
const cardStyle = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  transition: 'box-shadow 0.2s, transform 0.2s',
  _hover: { boxShadow: 'raised' },
  '& img': { transition: 'transform 0.5s ease' },
  '&:hover img, &:focus-within img': { transform: 'scale(1.06)' },
});

/** Revealed on hover or keyboard focus; always visible on touch screens, which have no hover. */
const revealStyle = css({
  opacity: 0,
  transform: 'translateY(8px)',
  transition: 'opacity 0.2s, transform 0.2s',
  '[data-card]:hover &, [data-card]:focus-within &': { opacity: 1, transform: 'none' },
  '@media (hover: none)': { opacity: 1, transform: 'none' },
});

const iconButton = css({
  w: '9',
  h: '9',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'full',
  bg: 'white',
  color: 'fg.default',
  boxShadow: 'card',
  cursor: 'pointer',
  _hover: { color: 'terracotta.600' },
  '&[aria-pressed=true]': { color: 'terracotta.600' },
  focusVisibleRing: 'outside',
  focusRingOffset: '0',
});

type ProductCardProps = {
  product: DisplayProduct;
  /** The colour whose picture the card shows (a list filtered by it); Add to Cart picks it too. */
  color?: string;
  onAddToCart: (product: DisplayProduct, color?: string) => void;
  /** Cards below the fold load their image lazily. */
  eager?: boolean;
  /** Whether the product is on the wishlist (the heart is filled). */
  saved?: boolean;
  onToggleWishlist?: (product: DisplayProduct) => void;
  onQuickView?: (product: DisplayProduct) => void;
  /** The name as shown, e.g. with a search's matches marked; the plain name otherwise. */
  title?: ReactNode;
};

/**
 * Class names made once, at module load: a grid renders a dozen cards (twice on a first visit, skeletons
 * first), and Panda's css() resolves its object on every call.
 */
const styles = {
  // Two cards share a phone's row (about 165 px each): there the image keeps the 4:3 of 400 × 300.
  media: css({
    position: 'relative',
    h: { base: 'auto', sm: '300px' },
    aspectRatio: { base: '3/4', sm: 'auto' },
    overflow: 'hidden',
    bg: 'cotton.100',
  }),
  mediaLink: css({ display: 'block', h: 'full' }),
  image: css({ w: 'full', h: 'full', objectFit: 'cover' }),
  saleBadge: `${badge({ tone: 'sale' })} ${css({ position: 'absolute', top: { base: '2', sm: '3' }, left: { base: '2', sm: '3' } })}`,
  actions: `${revealStyle} ${css({ position: 'absolute', top: { base: '2', sm: '3' }, right: { base: '2', sm: '3' }, display: 'flex', flexDirection: 'column', gap: '2' })}`,
  addToCart: `${revealStyle} ${css({ position: 'absolute', insetX: { base: '2', sm: '3' }, bottom: { base: '2', sm: '3' } })}`,
  addToCartButton: `${button({ variant: 'solid', size: 'md', fullWidth: true })} ${css({ h: { base: '9', sm: '11' }, px: { base: '2', sm: '5' } })}`,
  body: css({ p: { base: '3', sm: '4' }, display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1' }),
  eyebrow: css({ textStyle: 'eyebrow', color: 'fg.subtle', truncate: true }),
  title: css({ textStyle: 'h3', fontSize: { base: 'sm', sm: 'md' } }),
  // The clamp sits on the link, not the heading: its overflow hides what is inside the link, never the
  // link's own focus ring (a clamped heading cut the ring to 2 px).
  titleLink: css({
    lineClamp: '2',
    borderRadius: 'sm',
    _hover: { color: 'terracotta.700' },
    focusVisibleRing: 'outside',
  }),
  price: css({ mt: 'auto' }),
  skeletonMedia: css({
    h: { base: 'auto', sm: '300px' },
    aspectRatio: { base: '3/4', sm: 'auto' },
    borderRadius: '0',
  }),
  skeletonBody: css({ p: { base: '3', sm: '4' }, display: 'flex', flexDirection: 'column', gap: '2' }),
  skeletonLine1: css({ h: '3', w: '1/3' }),
  skeletonLine2: css({ h: '4', w: '3/4' }),
  skeletonLine3: css({ h: '4', w: '1/4' }),
};

export function ProductCard({
  product,
  color,
  onAddToCart,
  eager = false,
  saved = false,
  onToggleWishlist,
  onQuickView,
  title,
}: ProductCardProps) {
  const href = `/product/${encodeURIComponent(product.id)}`;
  return (
    <Card as="article" padding="none" data-card="" className={cardStyle} aria-label={product.name}>
      <div className={styles.media}>
        <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.mediaLink}>
          <FallbackImage
            src={imageOf(product, color)}
            fallback={DEFAULT_PRODUCT_IMAGE}
            alt={product.name}
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.image}
          />
        </Link>
        {isOnSale(product) ? <span className={styles.saleBadge}>Sale</span> : null}
        <div className={styles.actions}>
          <WishlistToggle saved={saved} onToggle={() => onToggleWishlist?.(product)} className={iconButton} />
          <button
            type="button"
            title="Quick View"
            aria-label="Quick View"
            aria-haspopup="dialog"
            data-quick-view={product.id}
            className={iconButton}
            onClick={() => onQuickView?.(product)}
          >
            <EyeIcon size={18} />
          </button>
        </div>
        <div className={styles.addToCart}>
          <button
            type="button"
            className={styles.addToCartButton}
            onClick={() => onAddToCart(product, color)}
          >
            <CartIcon size={18} />
            Add to Cart
          </button>
        </div>
      </div>
      <div className={styles.body}>
        {product.parentCategory || product.category ? (
          <span className={styles.eyebrow}>{product.parentCategory || product.category}</span>
        ) : null}
        <h3 className={styles.title}>
          <Link to={href} className={styles.titleLink}>
            {title ?? product.name}
          </Link>
        </h3>
        <Price price={product.price} originalPrice={product.originalPrice} className={styles.price} />
      </div>
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card padding="none">
      <Skeleton className={styles.skeletonMedia} />
      <div className={styles.skeletonBody}>
        <Skeleton className={styles.skeletonLine1} />
        <Skeleton className={styles.skeletonLine2} />
        <Skeleton className={styles.skeletonLine3} />
      </div>
    </Card>
  );
}

const gridBase = {
  display: 'grid',
  gap: { base: '3', sm: '4', md: '6' },
  // Two columns from the smallest phone, as the shopping apps list products.
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Product grids: 3 or 2 columns from the large breakpoint (the list's toggle), 4 for the home page. */
export const productGrid = {
  3: css(gridBase, { gridTemplateColumns: { lg: 'repeat(3, minmax(0, 1fr))' } }),
  2: css(gridBase),
  4: css(gridBase, { gridTemplateColumns: { lg: 'repeat(4, minmax(0, 1fr))' } }),
};
