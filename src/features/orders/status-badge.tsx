import { badge } from 'styled-system/recipes';
import type { DisplayOrder } from '../../../machines/orders.model';

/** Spec §4 status colours: yellow Pending … red Cancelled, grey for any unknown code. */
export function StatusBadge({ order }: { order: Pick<DisplayOrder, 'statusLabel' | 'statusColor'> }) {
  return (
    <span className={badge({ tone: order.statusColor })} data-tone={order.statusColor}>
      {order.statusLabel}
    </span>
  );
}
