import { css } from 'styled-system/css';
import type { DisplayOrder } from '../../../machines/orders.model';

/** The tracking number ('Not available' until shipped), with the courier and its tracking page once known. */
export function TrackingNumber({ order }: { order: Pick<DisplayOrder, 'shipping'> }) {
  const { tracking, trackingUrl, carrier } = order.shipping;
  return (
    <>
      {carrier ? `${carrier} · ` : ''}
      {trackingUrl ? (
        <a
          href={trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={css({ color: 'primary.default', textDecoration: 'underline' })}
        >
          {tracking}
          <span className={css({ srOnly: true })}> (opens the courier's tracking page)</span>
        </a>
      ) : (
        tracking
      )}
    </>
  );
}
