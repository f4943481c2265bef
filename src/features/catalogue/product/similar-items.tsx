import { css } from 'styled-system/css';
import { usePageActor } from '../../../app/app-actor';
import { useCardActions } from '../../../app/card-actions';
import { ProductCard, ProductCardSkeleton } from '../../../components/product-card';
import { stack } from '../../../theme/layout';
import { provideSimilarProductsMachine } from '../similar-products.live';

/** Placeholders while they load: a phone's row and a desktop's. */
const SKELETONS = 4;

/**
 * A phone scrolls the row sideways, a card and a half in view, each snapping to the edge (as the apps
 * do); from 768 px it is a grid of four.
 */
const row = css({
  listStyle: 'none',
  p: '0',
  m: '0',
  display: 'grid',
  gridAutoFlow: { base: 'column', md: 'row' },
  gridAutoColumns: { base: '44%', sm: '30%' },
  gridTemplateColumns: { md: 'repeat(4, minmax(0, 1fr))' },
  gap: { base: '3', md: '6' },
  overflowX: { base: 'auto', md: 'visible' },
  scrollSnapType: { base: 'x mandatory', md: 'none' },
  scrollPaddingInline: '1',
  overscrollBehaviorX: 'contain',
  pb: { base: '2', md: '0' },
  '& > li': { scrollSnapAlign: 'start', minW: '0' },
});

export type SimilarItemsProps = { id: string; category: string; parentCategory: string };

/**
 * 'Similar items' under the product (its own chunk: src/features/catalogue/product/similar-items-slot.tsx): product
 * cards of its type, then its category, from the similar-products machine. Placeholders while loading;
 * nothing at all, not even the heading, when there are none or they could not be loaded.
 */
export default function SimilarItems({ id, category, parentCategory }: SimilarItemsProps) {
  const [state] = usePageActor('similarProducts', provideSimilarProductsMachine, {
    id,
    category,
    parentCategory,
  });
  const { isSaved, ...actions } = useCardActions();
  const loading = state.hasTag('loading');
  const { products } = state.context;
  if (!loading && products.length === 0) return null;
  return (
    <section
      aria-labelledby="similar-title"
      aria-busy={loading}
      className={css(stack, { gap: '5', mt: { base: '12', md: '16' } })}
    >
      <h2 id="similar-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '3xl' } })}>
        Similar items
      </h2>
      {loading ? (
        <div className={row} data-testid="similar-skeletons">
          {Array.from({ length: SKELETONS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <ul className={row}>
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} saved={isSaved(product.id)} {...actions} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
