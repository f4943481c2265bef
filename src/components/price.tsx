import { css, cx } from 'styled-system/css';
import { formatInr } from './format';

type PriceProps = {
  price: number;
  originalPrice?: number | undefined;
  size?: 'md' | 'lg';
  className?: string;
};

// Made once at module load, not per render: every product card shows a price.
const priceRow = css({ display: 'inline-flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' });
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
const srOnly = css({ srOnly: true });

/** Selling price, with the struck-through original price when the product is on sale. */
export function Price({ price, originalPrice, size = 'md', className }: PriceProps) {
  const onSale = originalPrice !== undefined && price < originalPrice;
  return (
    <span className={cx(priceRow, className)}>
      <span className={sellingPrice[size][onSale ? 'sale' : 'regular']}>{formatInr(price)}</span>
      {onSale ? (
        <s className={originalPriceStyle[size]}>
          <span className={srOnly}>Original price </span>
          {formatInr(originalPrice)}
        </s>
      ) : null}
    </span>
  );
}
