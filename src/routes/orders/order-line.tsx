import { css } from 'styled-system/css';
import type { DisplayOrderItem } from '../../../machines/orders.model';
import { DEFAULT_PRODUCT_IMAGE, FallbackImage } from '../../components/fallback-image';
import { formatInr } from '../../components/format';
import { grid } from '../../theme/layout';

/**
 * One ordered line: thumbnail, name, chosen colour and size, quantity and unit price. Shared by My
 * Orders and the payment summary so a shopper sees the same line wherever the order appears.
 */
export function OrderLine({ item }: { item: DisplayOrderItem }) {
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
        <span className={css({ display: 'block', overflowWrap: 'anywhere' })}>
          {item.name} <span className={css({ color: 'fg.muted' })}>× {item.quantity}</span>
        </span>
        {item.variant ? (
          <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>{item.variant}</span>
        ) : null}
      </span>
      <span className={css({ fontWeight: '600', whiteSpace: 'nowrap' })}>{formatInr(item.price)}</span>
    </li>
  );
}
