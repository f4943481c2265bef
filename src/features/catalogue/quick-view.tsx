import { Portal } from '@ark-ui/react/portal';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { css } from 'styled-system/css';
import { badge, button } from 'styled-system/recipes';
import { imagesOf } from '../../../machines/catalogue.model';
import type { ToastEmitted } from '../../../machines/events';
import { pickedLeft } from '../../../machines/stock.model';
import { useCartRef, useIsSaved, usePageActor, useToggleSaved } from '../../app/app-actor';
import { QUICK_VIEW_PARAM } from '../../app/quick-view-param';
import { DEFAULT_PRODUCT_IMAGE } from '../../components/fallback-image';
import { CartIcon, CloseIcon } from '../../components/icons';
import { Price, TaxNote } from '../../components/price';
import { ProductChoices } from '../../components/product-choices';
import { ProductGallery } from '../../components/product-gallery';
import { Button } from '../../components/ui/button';
import { Drawer } from '../../components/ui/drawer';
import { Skeleton } from '../../components/ui/skeleton';
import { WishlistToggle } from '../../components/wishlist-toggle';
import { grid, stack } from '../../theme/layout';
import { provideProductMachine } from './product.live';

/** The card's Quick View button for this product (where focus goes back to when the dialog closes). */
const openerOf = (id: string) =>
  [...document.querySelectorAll<HTMLElement>('[data-quick-view]')].find(
    (el) => el.dataset.quickView === id,
  ) ?? null;

const positioner = css({ justifyContent: 'center', alignItems: 'center', p: { base: '3', md: '6' } });
const content = css(grid, {
  w: 'min(60rem, 100%)',
  h: 'auto',
  maxH: 'calc(100dvh - 1.5rem)',
  borderRadius: 'card',
  p: { base: '5', md: '8' },
  gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
  gap: { base: '5', md: '8' },
  alignItems: 'start',
});

/**
 * Quick View (`?quick=<id>`): the product in a dialog over the list — its images, price, size and colour,
 * quantity, Add to Cart (through the app's cart, as on the product page) and a link to the full page.
 * The product machine loads it; Escape, the close button or Back close it, and focus goes back to the
 * card's Quick View button.
 */
export default function QuickView({ id }: { id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [state, send, actor] = usePageActor('product', provideProductMachine, { id, inDialog: true });
  const toggleSaved = useToggleSaved();
  const saved = useIsSaved(id);
  // What Add to Cart answered ('Please select a size', 'Added to cart'), shown inside the dialog too:
  // on a phone the dialog fills the screen, where a toast is easy to miss.
  const cart = useCartRef();
  const [result, setResult] = useState<ToastEmitted | null>(null);
  useEffect(() => {
    const show = (event: ToastEmitted) => setResult(event);
    const mine = actor.on('toast', show);
    const cart$ = cart.on('toast', show);
    return () => {
      mine.unsubscribe();
      cart$.unsubscribe();
    };
  }, [actor, cart]);
  // However it closes (Escape, Back, a link), focus returns to the button that opened it.
  useEffect(() => () => openerOf(id)?.focus(), [id]);

  const close = () => {
    // Opened by a card: the dialog is one history entry, so Back is the close. Landed on ?quick=
    // directly: drop the parameter instead of leaving the shop.
    if (location.key !== 'default') return navigate(-1);
    const params = new URLSearchParams(location.search);
    params.delete(QUICK_VIEW_PARAM);
    navigate({ search: params.size > 0 ? `?${params}` : '' }, { replace: true });
  };

  const product = state.context.product;
  return (
    <Drawer.Root
      open
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      finalFocusEl={() => openerOf(id)}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner className={positioner}>
          <Drawer.Content className={content} aria-busy={state.hasTag('loading')}>
            <Drawer.CloseTrigger aria-label="Close Quick View">
              <CloseIcon />
            </Drawer.CloseTrigger>
            {state.hasTag('loading') ? (
              <>
                <Drawer.Title className={css({ srOnly: true })}>Quick View</Drawer.Title>
                <Skeleton className={css({ aspectRatio: '4/5', borderRadius: 'card' })} />
                <div role="status" aria-label="Loading product" className={css(grid, { gap: '4' })}>
                  <Skeleton className={css({ h: '8', w: '3/4' })} />
                  <Skeleton className={css({ h: '6', w: '1/3' })} />
                  <Skeleton className={css({ h: '24' })} />
                </div>
              </>
            ) : !product ? (
              <div className={css(grid, { gridColumn: '1 / -1', gap: '3', pr: '10' })}>
                <Drawer.Title>Product Not Found</Drawer.Title>
                <p className={css({ color: 'fg.muted' })}>
                  The product you are looking for does not exist or could not be loaded.
                </p>
              </div>
            ) : (
              <>
                <ProductGallery
                  key={state.context.selectedColor ?? ''}
                  name={product.name}
                  images={imagesOf(product, state.context.selectedColor)}
                  fallback={DEFAULT_PRODUCT_IMAGE}
                  width={480}
                  height={600}
                  imageClassName={css({
                    w: 'full',
                    h: 'auto',
                    aspectRatio: '4/5',
                    maxH: { base: '13rem', md: 'none' },
                    objectFit: 'cover',
                    borderRadius: 'card',
                    bg: 'bg.muted',
                  })}
                />
                <div className={css(stack, { gap: '5', minW: '0' })}>
                  <div className={css(stack, { gap: '2', pr: '10' })}>
                    {product.category || product.parentCategory ? (
                      <span className={`${badge({ tone: 'brand' })} ${css({ alignSelf: 'flex-start' })}`}>
                        {product.category || product.parentCategory}
                      </span>
                    ) : null}
                    <Drawer.Title>{product.name}</Drawer.Title>
                    <Price price={product.price} originalPrice={product.originalPrice} size="lg" />
                    <TaxNote />
                  </div>
                  {product.description ? (
                    <p className={css({ color: 'fg.muted', lineClamp: '3' })}>{product.description}</p>
                  ) : null}
                  <ProductChoices product={product} picked={state.context} send={send} namePrefix="quick-" />
                  <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
                    <Button
                      size="lg"
                      onClick={() => send({ type: 'product.addToCart' })}
                      disabled={pickedLeft(state.context.stock, product.id, state.context) === 0}
                      className={css({ flex: '1', minW: '40' })}
                    >
                      <CartIcon size={20} /> Add to Cart
                    </Button>
                    <WishlistToggle
                      saved={saved}
                      onToggle={() => toggleSaved(product.id)}
                      showLabel
                      className={`${button({ variant: 'outline', size: 'lg' })} ${css({ flex: '1', minW: '40' })}`}
                    />
                  </div>
                  <p
                    role="status"
                    data-testid="quick-view-result"
                    className={css({
                      fontSize: 'sm',
                      fontWeight: '600',
                      color: result?.variant === 'error' ? 'fg.error' : 'fg.success',
                      _empty: { display: 'none' },
                    })}
                  >
                    {result ? `${result.title}${result.description ? `: ${result.description}` : ''}` : ''}
                  </p>
                  <Link
                    to={`/product/${encodeURIComponent(product.id)}`}
                    replace
                    className={css({
                      color: 'terracotta.700',
                      fontWeight: '600',
                      textDecoration: 'underline',
                      textUnderlineOffset: '4px',
                    })}
                  >
                    View full details
                  </Link>
                </div>
              </>
            )}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
