import { css } from 'styled-system/css';
import { type FilterChip, filterChips, type ProductsQuery } from '../../../../machines/catalogue.model';
import type { ProductsListEvent } from '../../../../machines/products-list.machine';
import { CloseIcon } from '../../../components/icons';
import { hstack } from '../../../theme/layout';

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '8',
  ps: '3',
  pe: '2',
  borderRadius: 'full',
  bg: 'indigo.50',
  color: 'indigo.800',
  fontSize: 'sm',
  fontWeight: '500',
  cursor: 'pointer',
  _hover: { bg: 'indigo.100' },
  focusVisibleRing: 'outside',
});

const removeEvent = (c: FilterChip): ProductsListEvent =>
  c.filter === 'size' || c.filter === 'color'
    ? { type: 'products.remove', filter: c.filter, value: c.value }
    : { type: 'products.remove', filter: c.filter };

/** One chip per active filter (one tap removes it) and 'Clear all'; nothing when no filter is on. */
export function FilterChips({
  query,
  send,
}: {
  query: ProductsQuery;
  send: (event: ProductsListEvent) => void;
}) {
  const chips = filterChips(query);
  if (chips.length === 0) return null;
  return (
    <section aria-label="Active filters" className={css({ mb: '6' })}>
      <ul className={css(hstack, { flexWrap: 'wrap', gap: '2', listStyle: 'none' })}>
        {chips.map((c) => (
          <li key={`${c.filter}:${c.label}`}>
            <button
              type="button"
              className={chip}
              aria-label={`Remove filter ${c.label}`}
              onClick={() => send(removeEvent(c))}
            >
              {c.label}
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={css({
              fontSize: 'sm',
              fontWeight: '600',
              color: 'terracotta.700',
              textDecoration: 'underline',
              cursor: 'pointer',
              px: '2',
              h: '8',
            })}
            onClick={() => send({ type: 'products.clearFilters' })}
          >
            Clear all
          </button>
        </li>
      </ul>
    </section>
  );
}
