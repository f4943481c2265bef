import { css, cx } from 'styled-system/css';
import type { CartLine } from '../../../machines/cart.model';
import { formatRupees, paiseOf } from '../../../shared/money';
import { SummaryCard } from '../../components/summary-card';
import { ButtonLink } from '../../components/ui/button';
import { grid, stack } from '../../theme/layout';

// No column gap, so the rule above the total runs unbroken across both cells.
const totalCell = css({ pt: '2', borderTopWidth: '1px', borderColor: 'border.subtle', fontWeight: '700' });

/** Lines, subtotal, free shipping and total (spec §2 Checkout); shop screens use rupees. */
export function OrderSummary({ lines, total }: { lines: readonly CartLine[]; total: number }) {
  return (
    <SummaryCard>
      {lines.length === 0 ? (
        <div className={css(stack, { gap: '3', color: 'fg.muted' })}>
          <p>Your cart is empty.</p>
          <ButtonLink to="/products" variant="outline" size="sm">
            Browse Products
          </ButtonLink>
        </div>
      ) : (
        <ul aria-label="Items in your order">
          {lines.map((line) => (
            <li
              key={`${line.id}|${line.selectedColor ?? ''}|${line.selectedSize ?? ''}`}
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                gap: '3',
                py: '2.5',
                borderBottomWidth: '1px',
                borderColor: 'border.subtle',
                fontSize: 'sm',
              })}
            >
              <span className={css({ minW: '0' })}>
                <span className={css({ fontWeight: '600' })}>{line.name}</span>
                <span className={css({ color: 'fg.muted' })}> × {line.quantity}</span>
                {line.selectedSize || line.selectedColor ? (
                  <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>
                    {[line.selectedColor, line.selectedSize].filter(Boolean).join(' · ')}
                  </span>
                ) : null}
              </span>
              <span className={css({ fontWeight: '600', whiteSpace: 'nowrap' })}>
                {formatRupees(paiseOf(line.price * line.quantity))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl
        className={css(grid, {
          gridTemplateColumns: '1fr auto',
          rowGap: '2',
          columnGap: '0',
          fontSize: 'sm',
        })}
      >
        <dt>Subtotal</dt>
        <dd className={css({ fontWeight: '600' })}>{formatRupees(paiseOf(total))}</dd>
        <dt>Shipping</dt>
        <dd className={css({ color: 'fg.success', fontWeight: '600' })}>Free</dd>
        <dt className={cx(totalCell, css({ fontSize: 'md' }))}>Total</dt>
        <dd className={cx(totalCell, css({ fontSize: 'lg' }))}>{formatRupees(paiseOf(total))}</dd>
      </dl>
    </SummaryCard>
  );
}
