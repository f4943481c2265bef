import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { badge, button, card } from 'styled-system/recipes';
import type { SnapshotFrom } from 'xstate';
import { type DisplayProduct, imagesOf } from '../../../../machines/catalogue.model';
import type { ProductEvent, productMachine } from '../../../../machines/product.machine';
import { specifications } from '../../../../machines/specifications.model';
import { pickedLeft } from '../../../../machines/stock.model';
import { PLACEHOLDER_IMAGE } from '../../../components/fallback-image';
import { ArrowLeftIcon, CartIcon } from '../../../components/icons';
import { Page, StatePanel } from '../../../components/layout/page';
import { Price, TaxNote } from '../../../components/price';
import { ProductChoices } from '../../../components/product-choices';
import { ProductGallery } from '../../../components/product-gallery';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { WishlistToggle } from '../../../components/wishlist-toggle';
import { grid, stack } from '../../../theme/layout';

function ProductSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading product"
      className={css(grid, { gap: '10', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}
    >
      <Skeleton className={css({ aspectRatio: '4/5', borderRadius: 'card' })} />
      <div className={css(stack, { gap: '4' })}>
        <Skeleton className={css({ h: '4', w: '24' })} />
        <Skeleton className={css({ h: '10', w: '3/4' })} />
        <Skeleton className={css({ h: '8', w: '32' })} />
        <Skeleton className={css({ h: '24', w: 'full' })} />
        <Skeleton className={css({ h: '11', w: 'full' })} />
      </div>
    </div>
  );
}

function Specifications({ product }: { product: DisplayProduct }) {
  const rows = specifications(product);
  return (
    <section aria-labelledby="specs-title" className={css(stack, { gap: '3' })}>
      <h2 id="specs-title" className={css({ textStyle: 'h3' })}>
        Specifications
      </h2>
      <dl className={css(grid, { gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
        {rows.map((row) => (
          <div key={row.id} className={specRow}>
            <dt className={specTerm}>{row.label}</dt>
            <dd className={css({ fontWeight: '500' })}>{row.value}</dd>
          </div>
        ))}
        {/* The spec's short id, worded as the stores word it: quoted to customer care, not a field name. */}
        <div className={specRow}>
          <dt className={specTerm}>Product Code</dt>
          <dd className={css({ fontWeight: '500', fontFamily: 'mono' })}>{product.id.slice(0, 8)}</dd>
        </div>
      </dl>
    </section>
  );
}

const specRow = css({ bg: 'bg.muted', borderRadius: 'control', px: '4', py: '3' });
const specTerm = css({ fontSize: 'sm', color: 'fg.subtle', fontWeight: '600' });

/**
 * Add to Cart: in the page from 768 px; on a phone a bar fixed above the tab bar with the price, so the
 * button stays in reach while the shopper scrolls (the footer makes room for it: site-footer.tsx).
 */
const buyBar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  // The same basis as Add to Wishlist beside it (a button's padding would otherwise widen that one).
  flex: { md: '1 1 12rem' },
  minW: { md: '48' },
  position: { base: 'fixed', md: 'static' },
  insetX: { base: '0', md: 'auto' },
  bottom: { base: 'calc(token(sizes.tabBar) + env(safe-area-inset-bottom))', md: 'auto' },
  zIndex: { base: 'sticky', md: 'auto' },
  bg: { base: 'white', md: 'transparent' },
  px: { base: '4', md: '0' },
  py: { base: '2', md: '0' },
  h: { base: 'buyBar', md: 'auto' },
  borderTopWidth: { base: '1px', md: '0' },
  borderColor: 'border.subtle',
  boxShadow: { base: 'dock', md: 'none' },
});
const buyBarPrice = css({ hideFrom: 'md', flex: '1', minW: '0', lineHeight: '1.3' });

export type ProductViewProps = {
  state: SnapshotFrom<typeof productMachine>;
  send: (event: ProductEvent) => void;
  /** The Back button: the previous page, or the catalogue when the shopper landed here. */
  onBack: () => void;
  saved: boolean;
  onToggleWishlist: (id: string) => void;
  /** The delivery check by PIN code (./delivery-check.tsx), under Add to Cart. */
  delivery?: ReactNode;
  /** Similar items (./similar-items-slot.tsx), under the product. */
  similar?: ReactNode;
};

/**
 * The product page from the product machine's state: the page renders it with its live actor, and the
 * server renders the same page from the machine's first state (src/entry-server.tsx).
 */
export function ProductView({
  state,
  send,
  onBack,
  saved,
  onToggleWishlist,
  delivery,
  similar,
}: ProductViewProps): ReactNode {
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className={css({ alignSelf: 'flex-start', mb: '6' })}>
      <ArrowLeftIcon size={18} /> Back
    </Button>
  );

  if (state.hasTag('loading')) {
    return (
      <Page>
        {back}
        <ProductSkeleton />
      </Page>
    );
  }

  const product = state.context.product;
  if (state.matches('notFound') || !product) {
    return (
      <Page>
        <StatePanel
          titleAs="h1"
          title="Product Not Found"
          action={<ButtonLink to="/products">Browse Products</ButtonLink>}
        >
          The product you are looking for does not exist or could not be loaded.
        </StatePanel>
      </Page>
    );
  }

  const category = product.category || product.parentCategory;
  return (
    <Page>
      {back}
      <div
        className={css(grid, {
          gap: { base: '8', md: '12' },
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        })}
      >
        <ProductGallery
          key={state.context.selectedColor ?? ''}
          name={product.name}
          images={imagesOf(product, state.context.selectedColor)}
          fallback={PLACEHOLDER_IMAGE}
          width={600}
          height={750}
          className={css({ position: { md: 'sticky' }, top: '28' })}
          imageClassName={cx(
            card({ padding: 'none' }),
            css({ bg: 'bg.muted', w: 'full', h: 'auto', aspectRatio: '4/5', objectFit: 'cover' }),
          )}
        />
        <div className={css(stack, { gap: '6' })}>
          <div className={css(stack, { gap: '3' })}>
            {category ? (
              <span className={cx(badge({ tone: 'brand' }), css({ alignSelf: 'flex-start' }))}>
                {category}
              </span>
            ) : null}
            <h1 className={css({ textStyle: 'h1', fontSize: { base: '3xl', md: '4xl' } })}>{product.name}</h1>
            <div>
              <Price price={product.price} originalPrice={product.originalPrice} size="lg" />
              <TaxNote />
            </div>
          </div>
          {product.description ? (
            <p className={css({ color: 'fg.muted', lineHeight: '1.75' })}>{product.description}</p>
          ) : null}

          <ProductChoices product={product} picked={state.context} send={send} />
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <div className={buyBar} data-buy-bar="">
              {/* The price beside the button on a phone; read once, from the top of the page. */}
              <div aria-hidden="true" className={buyBarPrice}>
                <Price price={product.price} originalPrice={product.originalPrice} />
              </div>
              <Button
                size="lg"
                onClick={() => send({ type: 'product.addToCart' })}
                // Nothing left of the size and colour picked: the chip says "Sold out".
                disabled={pickedLeft(state.context.stock, product.id, state.context) === 0}
                className={css({ flex: '1', minW: { md: '48' } })}
              >
                <CartIcon size={20} /> Add to Cart
              </Button>
            </div>
            <WishlistToggle
              saved={saved}
              onToggle={() => onToggleWishlist(product.id)}
              showLabel
              className={cx(
                button({ variant: 'outline', size: 'lg' }),
                css({ flex: '1 1 12rem', minW: '48' }),
              )}
            />
          </div>
          {delivery}
          <Specifications product={product} />
        </div>
      </div>
      {similar}
    </Page>
  );
}
