import { css } from 'styled-system/css';
import type { DisplayProduct } from '../../../../machines/catalogue.model';
import { useCardActions } from '../../../app/card-actions';
import { ProductCard, ProductCardSkeleton, productGrid } from '../../../components/product-card';
import { ButtonLink } from '../../../components/ui/button';
import { stack } from '../../../theme/layout';

const FEATURED_SKELETONS = 4;

type FeaturedStylesProps = { loading: boolean; products: readonly DisplayProduct[] };

/** Featured Styles grid: 4 placeholders while loading, the empty text when there is nothing (spec §2). */
export function FeaturedStyles({ loading, products }: FeaturedStylesProps) {
  const { isSaved, ...actions } = useCardActions();
  return (
    <section aria-labelledby="featured-title" aria-busy={loading} className={css(stack, { gap: '8' })}>
      <div
        className={css({
          display: 'flex',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: '4',
        })}
      >
        <div className={css(stack, { gap: '2' })}>
          <p className={css({ textStyle: 'eyebrow', color: 'terracotta.700' })}>Handpicked for you</p>
          <h2 id="featured-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '4xl' } })}>
            Featured Styles
          </h2>
        </div>
        <ButtonLink to="/products" variant="outline" size="sm">
          View All
        </ButtonLink>
      </div>
      {loading ? (
        <div className={productGrid[4]} data-testid="featured-skeletons">
          {Array.from({ length: FEATURED_SKELETONS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : products.length === 0 ? (
        <p className={css({ textAlign: 'center', color: 'fg.muted', py: '10' })}>
          No featured products available at the moment.
        </p>
      ) : (
        <ul className={productGrid[4]}>
          {products.map((product) => (
            <li key={product.id} className={css({ listStyle: 'none' })}>
              <ProductCard product={product} saved={isSaved(product.id)} {...actions} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
