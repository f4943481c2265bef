import { css, cx } from 'styled-system/css';
import { percentOff } from '../../machines/catalogue.model';
import { formatRupees, paiseOf } from '../../shared/money';

type PriceProps = {
  price: number;
  originalPrice?: number | undefined;
  size?: 'md' | 'lg';
  className?: string;
};

// Made once at module load, not per render: every product card shows a price.
const priceRow = css({ display: 'inline-flex', alignItems: 'baseline', columnGap: '2', flexWrap: 'wrap' });
const sellingPrice = {
  md: {
    regular: css({ fontWeight: '700', color: 'fg.default', fontSize: 'md' }),
    sale: css({ fontWeight: '700', color: 'terracotta.700', fontSize: 'md' }),
  },
  lg: {
    regular: css({ fontWeight: '700', color: 'fg.default', fontSize: '2xl' }),
    sale: css({ fontWeight: '700', color: 'terracotta.700', fontSize: '2xl' }),
  },
};
const originalPriceStyle = {
  md: css({ color: 'fg.subtle', fontSize: 'sm' }),
  lg: css({ color: 'fg.subtle', fontSize: 'md' }),
};
const offStyle = {
  md: css({ color: 'green.700', fontWeight: '700', fontSize: 'xs', whiteSpace: 'nowrap' }),
  lg: css({ color: 'green.700', fontWeight: '700', fontSize: 'md', whiteSpace: 'nowrap' }),
};
const taxNote = css({ color: 'green.700', fontSize: 'sm', fontWeight: '500' });
const srOnly = css({ srOnly: true });

/**
 * Selling price, with the struck-through MRP and 'x% OFF' beside it when the product is on sale (the
 * share rounded down: catalogue.model percentOff).
 */
export function Price({ price, originalPrice, size = 'md', className }: PriceProps) {
  const off = percentOff({ price, originalPrice });
  return (
    <span className={cx(priceRow, className)}>
      <span className={sellingPrice[size][off > 0 ? 'sale' : 'regular']}>{formatRupees(paiseOf(price))}</span>
      {off > 0 && originalPrice !== undefined ? (
        <>
          <s className={originalPriceStyle[size]}>
            <span className={srOnly}>Original price </span>
            {formatRupees(paiseOf(originalPrice))}
          </s>
          <span className={offStyle[size]}>{off}% OFF</span>
        </>
      ) : null}
    </span>
  );
}

/** Under the price where the shopper decides (product page, Quick View): prices include GST. */
export function TaxNote({ className }: { className?: string }) {
  return <p className={cx(taxNote, className)}>Inclusive of all taxes</p>;
}
