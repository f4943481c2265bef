import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { badge, button, card } from 'styled-system/recipes';
import type { SnapshotFrom } from 'xstate';
import type { DisplayProduct } from '../../../machines/catalogue.model';
import { specifications } from '../../../machines/catalogue.model';
import type { ProductEvent, productMachine } from '../../../machines/product.machine';
import { PLACEHOLDER_IMAGE } from '../../components/fallback-image';
import { ArrowLeftIcon, CartIcon } from '../../components/icons';
import { Page, StatePanel } from '../../components/layout/page';
import { Price } from '../../components/price';
import { WishlistToggle } from '../../components/product-card';
import { ProductChoices } from '../../components/product-choices';
import { ProductGallery } from '../../components/product-gallery';
import { Button, ButtonLink } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';

function ProductSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading product"
      className={css({ display: 'grid', gap: '10', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}
    >
      <Skeleton className={css({ aspectRatio: '4/5', borderRadius: 'card' })} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
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
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="specs-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      <h2 id="specs-title" className={css({ textStyle: 'h3' })}>
        Specifications
      </h2>
      <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3' })}>
        {rows.map((attribute) => (
          <div
            key={attribute.id || attribute.key}
            className={css({ bg: 'bg.muted', borderRadius: 'control', px: '4', py: '3' })}
          >
            <dt
              className={css({
                fontSize: 'xs',
                textTransform: 'uppercase',
                letterSpacing: '0.08em',
                color: 'fg.subtle',
                fontWeight: '600',
              })}
            >
              {attribute.key}
            </dt>
            <dd className={css({ fontWeight: '500' })}>
              {attribute.values.join(', ')}
              {attribute.metricUnit ? ` ${attribute.metricUnit}` : ''}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export type ProductViewProps = {
  state: SnapshotFrom<typeof productMachine>;
  send: (event: ProductEvent) => void;
  /** The Back button: the previous page, or the catalogue when the shopper landed here. */
  onBack: () => void;
  saved: boolean;
  onToggleWishlist: (id: string) => void;
};

/**
 * The product page from the product machine's state: the page renders it with its live actor, and the
 * server renders the first screen with the same view from the machine's first state (server/first-screen.tsx).
 */
export function ProductView({ state, send, onBack, saved, onToggleWishlist }: ProductViewProps): ReactNode {
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

  const { selectedSize, selectedColor, quantity } = state.context;
  const category = product.category || product.parentCategory;
  return (
    <Page>
      {back}
      <div
        className={css({
          display: 'grid',
          gap: { base: '8', md: '12' },
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        })}
      >
        <ProductGallery
          name={product.name}
          images={product.images}
          fallback={PLACEHOLDER_IMAGE}
          width={600}
          height={750}
          className={css({ position: { md: 'sticky' }, top: '28' })}
          imageClassName={cx(
            card({ padding: 'none' }),
            css({ bg: 'bg.muted', w: 'full', h: 'auto', aspectRatio: '4/5', objectFit: 'cover' }),
          )}
        />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              {category ? <span className={badge({ tone: 'brand' })}>{category}</span> : null}
              <span className={css({ fontSize: 'xs', color: 'fg.subtle', fontFamily: 'mono' })}>
                ID: {product.id.slice(0, 8)}
              </span>
            </div>
            <h1 className={css({ textStyle: 'h1', fontSize: { base: '3xl', md: '4xl' } })}>{product.name}</h1>
            <Price price={product.price} originalPrice={product.originalPrice} size="lg" />
          </div>
          {product.description ? (
            <p className={css({ color: 'fg.muted', lineHeight: '1.75' })}>{product.description}</p>
          ) : null}

          <ProductChoices
            product={product}
            selectedSize={selectedSize}
            selectedColor={selectedColor}
            quantity={quantity}
            send={send}
          />
          <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
            <Button
              size="lg"
              onClick={() => send({ type: 'product.addToCart' })}
              className={css({ flex: '1', minW: '48' })}
            >
              <CartIcon size={20} /> Add to Cart
            </Button>
            <WishlistToggle
              saved={saved}
              onToggle={() => onToggleWishlist(product.id)}
              showLabel
              className={cx(button({ variant: 'outline', size: 'lg' }), css({ flex: '1', minW: '48' }))}
            />
          </div>
          <Specifications product={product} />
        </div>
      </div>
    </Page>
  );
}
