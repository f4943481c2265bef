import { css } from 'styled-system/css';
import type { DisplayOrder } from '../../../machines/orders.model';
import { formatInr, formatLongDate } from '../../components/format';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { OrderLine } from './order-line';
import { OrderTimeline } from './order-timeline';
import { StatusBadge } from './status-badge';
import { TrackingNumber } from './tracking-number';

const label = css({ color: 'fg.muted', fontSize: 'xs', fontWeight: '600', textTransform: 'uppercase' });

/** One order of My Orders (spec §2 My Orders): lines with size and colour, amounts in en-IN ₹. */
export function OrderCard({ order }: { order: DisplayOrder }) {
  const titleId = `order-${order.id}`;
  return (
    <Card as="article" padding="none" aria-labelledby={titleId}>
      <header
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          px: { base: '4', md: '6' },
          py: '4',
          bg: 'bg.muted',
          borderBottomWidth: '1px',
          borderColor: 'border.subtle',
        })}
      >
        <div className={css({ minW: '0' })}>
          <h2 id={titleId} className={css({ fontWeight: '700', overflowWrap: 'anywhere' })}>
            Order {order.id}
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>Placed on {formatLongDate(order.date)}</p>
        </div>
        <StatusBadge order={order} />
      </header>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: '1fr', md: '3fr 2fr' },
          px: { base: '4', md: '6' },
          py: '5',
        })}
      >
        <div>
          <h3 className={label}>Items</h3>
          <ul className={css({ mt: '2' })}>
            {order.items.map((item) => (
              <OrderLine key={item.id} item={item} />
            ))}
          </ul>
        </div>
        <dl className={css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' })}>
          <div>
            <dt className={label}>Shipping address</dt>
            <dd>{order.shipping.address || '—'}</dd>
          </div>
          <div>
            <dt className={label}>Method</dt>
            <dd>{order.shipping.method}</dd>
          </div>
          <div>
            <dt className={label}>Tracking</dt>
            <dd className={css({ overflowWrap: 'anywhere' })}>
              <TrackingNumber order={order} />
            </dd>
          </div>
        </dl>
        <div className={css({ gridColumn: { md: '1 / -1' } })}>
          <OrderTimeline order={order} headingId={`${titleId}-history`} />
        </div>
      </div>
      <footer
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          px: { base: '4', md: '6' },
          py: '4',
          borderTopWidth: '1px',
          borderColor: 'border.subtle',
        })}
      >
        <p className={css({ fontSize: 'lg' })}>
          Total: <strong>{formatInr(order.total)}</strong>
        </p>
        {order.canPay ? (
          <ButtonLink to={`/payment?orderId=${encodeURIComponent(order.id)}`} aria-describedby={titleId}>
            Pay Now
          </ButtonLink>
        ) : null}
      </footer>
    </Card>
  );
}
