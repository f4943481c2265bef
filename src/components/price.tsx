import { css, cx } from 'styled-system/css';
import { formatInr } from './format';

type PriceProps = {
  price: number;
  originalPrice?: number | undefined;
  size?: 'md' | 'lg';
  className?: string;
};

/** Selling price, with the struck-through original price when the product is on sale. */
export function Price({ price, originalPrice, size = 'md', className }: PriceProps) {
  const onSale = originalPrice !== undefined && price < originalPrice;
  return (
    <span
      className={cx(
        css({ display: 'inline-flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap' }),
        className,
      )}
    >
      <span
        className={css({
          fontWeight: '700',
          color: onSale ? 'terracotta.700' : 'fg.default',
          fontSize: size === 'lg' ? '2xl' : 'md',
        })}
      >
        {formatInr(price)}
      </span>
      {onSale ? (
        <s className={css({ color: 'fg.subtle', fontSize: size === 'lg' ? 'md' : 'sm' })}>
          <span className={css({ srOnly: true })}>Original price </span>
          {formatInr(originalPrice)}
        </s>
      ) : null}
    </span>
  );
}
