import { css } from 'styled-system/css';
import type { DisplayOrderItem } from '../../../machines/orders.model';
import { formatRupees, paiseOf } from '../../../shared/money';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from '../../components/fallback-image';
import { grid } from '../../theme/layout';

/**
 * One ordered line: thumbnail, name, chosen colour and size, quantity × unit price, and the line's total
 * on the right, so the lines add up to the order's total (spec: total = Σ price × quantity). Shared by My
 * Orders and the payment summary so a shopper sees the same line wherever the order appears.
 */
export function OrderLine({ item }: { item: DisplayOrderItem }) {
  const unitPaise = paiseOf(item.price);
  return (
    <li
      className={css(grid, {
        gridTemplateColumns: '3rem 1fr auto',
        alignItems: 'center',
        gap: '3',
        py: '2.5',
        borderBottomWidth: '1px',
        borderColor: 'border.subtle',
        _last: { borderBottomWidth: '0' },
      })}
    >
      <FallbackImage
        src={item.image}
        fallback={DEFAULT_PRODUCT_IMAGE}
        alt=""
        width={48}
        height={60}
        loading="lazy"
        className={css({
          w: '12',
          h: 'auto',
          aspectRatio: '4/5',
          objectFit: 'cover',
          borderRadius: 'control',
          bg: 'cotton.100',
        })}
      />
      <span className={css({ minW: '0' })}>
        <span className={css({ display: 'block', overflowWrap: 'anywhere' })}>{item.name}</span>
        {item.variant ? (
          <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>{item.variant}</span>
        ) : null}
        <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>
          {item.quantity} × {formatRupees(unitPaise)}
        </span>
      </span>
      <span className={css({ fontWeight: '600', whiteSpace: 'nowrap' })}>
        {formatRupees(unitPaise * item.quantity)}
      </span>
    </li>
  );
}
