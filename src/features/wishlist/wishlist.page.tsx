import { css } from 'styled-system/css';
import { savedProductsOf } from '../../../machines/saved-products.machine';
import { usePageActor, useToggleSaved, useWishlistReading } from '../../app/app-actor';
import { useCardActions } from '../../app/card-actions';
import { HeartIcon } from '../../components/icons';
import { h1Style, Page, StatePanel } from '../../components/layout/page';
import { ProductCard, ProductCardSkeleton, productGrid } from '../../components/product-card';
import { Button, ButtonLink } from '../../components/ui/button';
import { stack } from '../../theme/layout';
import { provideSavedProductsMachine } from './saved-products.live';

const SKELETONS = 4;

/** /wishlist: the saved products, most recently saved first, each with remove, Add to Cart and view. */
export default function WishlistPage() {
  const reading = useWishlistReading();
  const toggleSaved = useToggleSaved();
  const { isSaved, ...actions } = useCardActions();
  // The wishlist (the app's child) owns the ids; this page's machine follows it through the actor
  // system and loads the products behind them.
  const [state, send] = usePageActor('savedProducts', provideSavedProductsMachine);

  const products = savedProductsOf(state.context);
  const loading = reading || (state.hasTag('loading') && products.length === 0);

  return (
    <Page>
      <div className={css(stack, { gap: '2', mb: '8' })}>
        <h1 className={h1Style}>My Wishlist</h1>
        {!loading && products.length > 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            {products.length} saved {products.length === 1 ? 'product' : 'products'}
          </p>
        ) : null}
      </div>
      {loading ? (
        <div className={productGrid[4]} role="status" aria-busy="true" aria-label="Loading your wishlist">
          {Array.from({ length: Math.min(Math.max(state.context.wanted.length, 1), SKELETONS) }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      ) : state.hasTag('error') ? (
        <StatePanel
          tone="error"
          title="Failed to load your wishlist. Please try again."
          action={<Button onClick={() => send({ type: 'saved.retry' })}>Try Again</Button>}
        />
      ) : products.length === 0 ? (
        <StatePanel
          icon={<HeartIcon size={40} />}
          title="Your wishlist is empty"
          action={<ButtonLink to="/products">Start Shopping</ButtonLink>}
        >
          Tap the heart on any product to save it here for later.
        </StatePanel>
      ) : (
        <ul className={productGrid[4]} aria-label="Saved products">
          {products.map((product, index) => (
            <li key={product.id} className={css(stack, { listStyle: 'none', gap: '2' })}>
              <ProductCard product={product} eager={index < 4} saved={isSaved(product.id)} {...actions} />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${product.name} from Wishlist`}
                onClick={() => toggleSaved(product.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
