import type { ReactNode } from 'react';
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { css, cx } from 'styled-system/css';
import type { SnapshotFrom } from 'xstate';
import {
  type DisplayProduct,
  filterChips,
  hasNarrowing,
  PAGE_SIZE,
  type ProductSort,
  productsTitle,
  showingRange,
  shownColour,
  sortOf,
  totalPages,
} from '../../../../machines/catalogue.model';
import type { ProductsListEvent, productsListMachine } from '../../../../machines/products-list.machine';
import type { StoreInfo } from '../../../../machines/store-info.machine';
import { Highlight } from '../../../components/highlight';
import { Grid3Icon, GridIcon } from '../../../components/icons';
import { h1Style, Page, StatePanel } from '../../../components/layout/page';
import { categoryPath } from '../../../components/layout/store-display';
import { ProductCard, ProductCardSkeleton, productGrid } from '../../../components/product-card';
import { Button } from '../../../components/ui/button';
import { NativeSelectField } from '../../../components/ui/native-select';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { grid, stack, vstack } from '../../../theme/layout';
import { FilterChips } from './filter-chips';
import { FilterPanel, FilterPanelSkeleton } from './filter-panel';

const SORT_OPTIONS: { label: string; value: ProductSort }[] = [
  { label: 'Newest', value: 'newest' },
  { label: 'Price: Low to High', value: 'price-asc' },
  { label: 'Price: High to Low', value: 'price-desc' },
  { label: 'Discount', value: 'discount' },
];
const RELEVANCE = { label: 'Relevance', value: 'relevance' as const };

const PRODUCT_SKELETONS = 12;
const ALL_TYPES = '';

const countSkeleton = css({ display: 'inline-block', w: '24', h: '1em', verticalAlign: 'middle' });

const toggleButton = css({
  w: '10',
  h: '10',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'control',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  '&[aria-pressed=true]': { bg: 'secondary.default', color: 'white' },
  focusVisibleRing: 'outside',
});

type ProductGridProps = Pick<
  ProductsViewProps,
  'columns' | 'isSaved' | 'onAddToCart' | 'onToggleWishlist' | 'onQuickView'
> & { products: DisplayProduct[]; q: string | undefined; colors: string[] | undefined; label: string };

/**
 * The page's cards. Memoised: the list's other changes (the type options arriving, a drawer opening)
 * re-render the page around it, not twelve cards, which on a slow phone is most of a render's time.
 */
const ProductGrid = memo(function ProductGrid({
  products,
  q,
  colors,
  columns,
  label,
  isSaved,
  onAddToCart,
  onToggleWishlist,
  onQuickView,
}: ProductGridProps) {
  return (
    <ul className={cx(productGrid[columns])} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className={css({ listStyle: 'none' })}>
          <ProductCard
            product={product}
            color={shownColour(product, colors)}
            title={q ? <Highlight text={product.name} query={q} /> : undefined}
            eager={index < 3}
            onAddToCart={onAddToCart}
            saved={isSaved(product.id)}
            onToggleWishlist={onToggleWishlist}
            onQuickView={onQuickView}
          />
        </li>
      ))}
    </ul>
  );
});

export type ProductsViewProps = {
  state: SnapshotFrom<typeof productsListMachine>;
  send: (event: ProductsListEvent) => void;
  storeInfo: StoreInfo | null;
  /** The grid's columns from the tablet width up (a view preference). */
  columns: 2 | 3;
  onColumnsChange: (columns: 2 | 3) => void;
  /** The phone's filter drawer is open. */
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  /** Where the phone's filter drawer goes once it has loaded. */
  drawerSlot?: ReactNode;
  isSaved: (id: string) => boolean;
  onAddToCart: (product: DisplayProduct, color?: string) => void;
  onToggleWishlist: (product: DisplayProduct) => void;
  onQuickView: (product: DisplayProduct) => void;
};

/**
 * The products list from the list machine's state: the page renders it with its live actor, and the
 * server renders the same page from the machine's first state (src/entry-server.tsx).
 */
export function ProductsView({
  state,
  send,
  storeInfo,
  columns,
  onColumnsChange,
  drawerOpen,
  onOpenDrawer,
  drawerSlot,
  isSaved,
  onAddToCart,
  onToggleWishlist,
  onQuickView,
}: ProductsViewProps) {
  const { query, products, total, parentCategories, facets } = state.context;
  const sortOptions = query.q ? [RELEVANCE, ...SORT_OPTIONS] : SORT_OPTIONS;
  const activeFilters = filterChips(query).length;
  const empty = state.matches({ list: 'empty' });
  const loading = state.matches({ list: 'loading' });
  // Nothing to narrow when the list is empty with no filter on (a search that matched nothing). Before
  // the first answer brings the counts, a placeholder holds the panel's column so the grid does not move.
  const showPanel = (Boolean(facets) || loading) && !(empty && !hasNarrowing(query));
  const title = productsTitle(query);
  const failed = state.matches({ list: 'failed' });
  const pages = totalPages(total, PAGE_SIZE);
  const typeOptions = useMemo(
    () => [
      { label: 'All Types', value: ALL_TYPES },
      ...parentCategories.map((c) => ({ label: c, value: c })),
    ],
    [parentCategories],
  );

  return (
    <Page>
      <div
        className={css({
          display: 'flex',
          flexDirection: { base: 'column', md: 'row' },
          alignItems: { base: 'stretch', md: 'flex-end' },
          justifyContent: 'space-between',
          gap: '5',
          mb: '8',
        })}
      >
        <div className={css(stack, { gap: '2' })}>
          {query.featured ? (
            <p className={css({ textStyle: 'eyebrow', color: 'terracotta.700' })}>Featured Styles</p>
          ) : null}
          <h1 className={h1Style}>{title}</h1>
          {/* The count's line is kept while loading so the list below does not move when it arrives. */}
          {failed ? null : (
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
              {loading ? (
                <Skeleton as="span" className={countSkeleton} />
              ) : (
                `${total} ${total === 1 ? 'product' : 'products'}`
              )}
            </p>
          )}
        </div>
        <div className={css({ display: 'flex', alignItems: 'flex-end', gap: '4', flexWrap: 'wrap' })}>
          <NativeSelectField
            label="Filter by Type"
            options={typeOptions}
            value={query.parentCategory ?? ALL_TYPES}
            clearLabel={query.parentCategory ? 'Clear' : undefined}
            onValueChange={(value) => send({ type: 'products.filter', parentCategory: value })}
          />
          <NativeSelectField
            label="Sort by"
            options={sortOptions}
            value={sortOf(query)}
            onValueChange={(value) => {
              if (value) send({ type: 'products.sort', sort: value as ProductSort });
            }}
          />
          {/* Shown (disabled) while the counts load, so a wrap on a narrow phone does not move the list. */}
          {facets || loading ? (
            <Button
              variant="outline"
              className={css({ hideFrom: 'md' })}
              aria-expanded={drawerOpen}
              disabled={!facets}
              onClick={onOpenDrawer}
            >
              Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
          ) : null}
          <fieldset
            className={css({ hideBelow: 'md', display: 'flex', gap: '1', border: 'none', p: '0', m: '0' })}
          >
            <legend className={css({ srOnly: true })}>Grid columns</legend>
            <button
              type="button"
              className={toggleButton}
              aria-pressed={columns === 3}
              aria-label="3 columns"
              onClick={() => onColumnsChange(3)}
            >
              <Grid3Icon />
            </button>
            <button
              type="button"
              className={toggleButton}
              aria-pressed={columns === 2}
              aria-label="2 columns"
              onClick={() => onColumnsChange(2)}
            >
              <GridIcon />
            </button>
          </fieldset>
        </div>
      </div>

      <FilterChips query={query} send={send} />
      <div
        className={css(grid, {
          gridTemplateColumns: { base: '1fr', md: showPanel ? '13rem minmax(0, 1fr)' : '1fr' },
          gap: '8',
          alignItems: 'start',
        })}
      >
        {showPanel && facets ? (
          <aside aria-label="Filters" className={css({ hideBelow: 'md' })}>
            <FilterPanel query={query} facets={facets} send={send} />
          </aside>
        ) : showPanel ? (
          <FilterPanelSkeleton className={css({ hideBelow: 'md' })} />
        ) : null}
        <div>
          {loading ? (
            <div
              className={productGrid[columns]}
              role="status"
              aria-busy="true"
              aria-label="Loading products"
            >
              {Array.from({ length: PRODUCT_SKELETONS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : failed ? (
            <StatePanel
              tone="error"
              title="Failed to load products. Please try again."
              action={<Button onClick={() => send({ type: 'products.retry' })}>Try Again</Button>}
            />
          ) : empty && query.q ? (
            <StatePanel
              title={`No results for "${query.q}"`}
              action={
                hasNarrowing(query) ? (
                  <Button variant="outline" onClick={() => send({ type: 'products.clearFilters' })}>
                    Clear Filters
                  </Button>
                ) : undefined
              }
            >
              <p>
                Check the spelling, try a shorter or more general word
                {hasNarrowing(query) ? ', or clear the filters' : ''}. Or browse a category:
              </p>
              <ul
                className={css({
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: '3',
                  justifyContent: 'center',
                  listStyle: 'none',
                })}
              >
                {[...(storeInfo?.categories ?? []), 'All Products'].map((category) => (
                  <li key={category}>
                    <Link
                      to={category === 'All Products' ? '/products' : categoryPath(category)}
                      className={css({
                        color: 'terracotta.700',
                        fontWeight: '600',
                        textTransform: 'capitalize',
                        textDecoration: 'underline',
                      })}
                    >
                      {category}
                    </Link>
                  </li>
                ))}
              </ul>
            </StatePanel>
          ) : empty ? (
            <StatePanel
              title="No products found with the selected filters."
              action={
                <Button variant="outline" onClick={() => send({ type: 'products.clearFilters' })}>
                  Clear Filters
                </Button>
              }
            />
          ) : (
            <>
              {/* The cards' names are h3s: keep the outline h1 > h2 > h3 for screen readers. */}
              <h2 className={css({ srOnly: true })}>Product list</h2>
              <ProductGrid
                products={products}
                q={query.q}
                colors={query.colors}
                columns={columns}
                label={title}
                isSaved={isSaved}
                onAddToCart={onAddToCart}
                onToggleWishlist={onToggleWishlist}
                onQuickView={onQuickView}
              />
              {pages > 1 && products.length > 0 ? (
                <nav aria-label="Pagination" className={css(vstack, { mt: '10', gap: '4' })}>
                  <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {showingRange(query.page, total, PAGE_SIZE)}
                  </p>
                  <Pagination
                    page={query.page}
                    pageSize={PAGE_SIZE}
                    count={total}
                    onPageChange={(page) => send({ type: 'products.page', page })}
                  />
                </nav>
              ) : null}
            </>
          )}
        </div>
      </div>
      {drawerSlot}
    </Page>
  );
}
