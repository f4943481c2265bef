import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import type { ProductsQuery } from '../../../../machines/catalogue.model';
import type { Facets, ProductsListEvent } from '../../../../machines/products-list.machine';
import { SubmitButton } from '../../../components/ui/button';
import { PlainCheckbox } from '../../../components/ui/plain-checkbox';
import { Skeleton } from '../../../components/ui/skeleton';
import { hstack, stack } from '../../../theme/layout';

type FilterPanelProps = {
  query: ProductsQuery;
  facets: Facets;
  send: (event: ProductsListEvent) => void;
};

const group = css(stack, { border: 'none', p: '0', m: '0', gap: '2' });
const legend = css({ textStyle: 'eyebrow', color: 'fg.default', mb: '2' });
const count = css({ color: 'fg.subtle', fontSize: 'xs', ms: '1' });

const priceText = (n: number | undefined) => (n === undefined ? '' : String(n));
const priceOf = (raw: string) => (raw.trim() === '' ? undefined : Number(raw));

/** One end of the price range: a draft in rupees, the catalogue's own end as its placeholder. */
const priceInput = (label: string, end: number, value: string, onChange: (value: string) => void) => (
  <input
    className={input()}
    type="number"
    inputMode="numeric"
    min={0}
    aria-label={label}
    placeholder={String(end)}
    value={value}
    onChange={(event) => onChange(event.target.value)}
  />
);

/**
 * Size, colour, price and on-sale filters with the server's counts (under the other filters, so a
 * ticked size does not zero the other sizes). Every change goes to the products-list machine, which
 * owns the query and the URL; options nothing would match are left out.
 */
export function FilterPanel({ query, facets, send }: FilterPanelProps) {
  // The price fields are drafts until applied; they follow the query when it changes (a chip, Back).
  const [min, setMin] = useState(priceText(query.minPrice));
  const [max, setMax] = useState(priceText(query.maxPrice));
  useEffect(() => {
    setMin(priceText(query.minPrice));
    setMax(priceText(query.maxPrice));
  }, [query.minPrice, query.maxPrice]);

  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'products.price', min: priceOf(min), max: priceOf(max) });
  };

  const facetGroup = (filter: 'size' | 'color', title: string, all: Facets['sizes'], picked: string[]) => {
    // The catalogue's every size and colour: only those that would show something (or are ticked).
    const values = all.filter(({ value, count: n }) => n > 0 || picked.includes(value));
    return values.length > 0 ? (
      <fieldset className={group}>
        <legend className={legend}>{title}</legend>
        {values.map(({ value, count: n }) => {
          const checked = picked.includes(value);
          return (
            <PlainCheckbox
              key={value}
              checked={checked}
              onCheckedChange={() => send({ type: 'products.toggle', filter, value })}
              label={
                <>
                  {value}
                  <span className={count}>({n})</span>
                </>
              }
            />
          );
        })}
      </fieldset>
    ) : null;
  };

  return (
    <div className={css(stack, { gap: '6' })}>
      {facetGroup('size', 'Size', facets.sizes, query.sizes ?? [])}
      {facetGroup('color', 'Colour', facets.colors, query.colors ?? [])}
      <form onSubmit={applyPrice}>
        <fieldset className={group}>
          <legend className={legend}>Price (₹)</legend>
          <div className={css(hstack, { gap: '2' })}>
            {priceInput('Minimum price', Math.floor(facets.price.min), min, setMin)}
            <span aria-hidden="true">–</span>
            {priceInput('Maximum price', Math.ceil(facets.price.max), max, setMax)}
          </div>
          <SubmitButton variant="outline" size="sm">
            Apply price
          </SubmitButton>
        </fieldset>
      </form>
      <fieldset className={group}>
        <legend className={css({ srOnly: true })}>Offers</legend>
        <PlainCheckbox
          checked={Boolean(query.onSale)}
          disabled={facets.onSale === 0 && !query.onSale}
          onCheckedChange={(checked) => send({ type: 'products.onSale', onSale: checked })}
          label={
            <>
              On sale
              <span className={count}>({facets.onSale})</span>
            </>
          }
        />
      </fieldset>
    </div>
  );
}

const skeletonLine = css({ h: '5', w: '3/4' });

/**
 * The panel's place before the first answer brings its counts: the column is held so the grid beside
 * it does not move when the panel arrives. Hidden from assistive tech (the grid announces loading).
 */
export function FilterPanelSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" data-testid="filter-panel-placeholder" className={className}>
      <div className={css(stack, { gap: '3' })}>
        <Skeleton className={css({ h: '4', w: '1/3' })} />
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <Skeleton key={i} className={skeletonLine} />
        ))}
      </div>
    </div>
  );
}
