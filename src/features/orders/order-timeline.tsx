import { css } from 'styled-system/css';
import type { DisplayOrder, DisplayOrderEvent } from '../../../machines/orders.model';
import { formatDateTime } from '../../components/format';
import { stack } from '../../theme/layout';

const dot = css({
  position: 'absolute',
  insetInlineStart: '-1.3rem',
  top: '1.5',
  w: '2.5',
  h: '2.5',
  borderRadius: 'full',
  bg: 'primary.default',
  boxShadow: '0 0 0 3px var(--colors-bg-surface)',
});

/**
 * An order's status changes, oldest first: placed, paid, shipped with its courier and
 * tracking link, delivered or cancelled, each with when and by whom. Nothing shows for an order the
 * server has no history for (placed before the timeline was kept).
 */
export function OrderTimeline({ order, headingId }: { order: DisplayOrder; headingId: string }) {
  if (order.timeline.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3
        id={headingId}
        className={css({ color: 'fg.muted', fontSize: 'xs', fontWeight: '600', textTransform: 'uppercase' })}
      >
        Order history
      </h3>
      <TimelineSteps steps={order.timeline} />
    </section>
  );
}

/**
 * Steps of a timeline, oldest first, each with when and by whom (and its note or shipment): an order's
 * history, and each of its returns'.
 */
export function TimelineSteps({ steps }: { steps: readonly DisplayOrderEvent[] }) {
  return (
    <ol
      className={css(stack, {
        mt: '3',
        ms: '2',
        ps: '5',
        borderInlineStartWidth: '2px',
        borderColor: 'border.subtle',
        gap: '4',
        fontSize: 'sm',
      })}
    >
      {steps.map((step) => (
        <li key={`${step.at}-${step.title}`} className={css({ position: 'relative' })}>
          <span aria-hidden="true" className={dot} />
          <p className={css({ fontWeight: '600' })}>{step.title}</p>
          <p className={css({ color: 'fg.muted' })}>
            <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            {step.by ? ` · ${step.by}` : ''}
          </p>
          {step.detail ? <p className={css({ overflowWrap: 'anywhere' })}>{step.detail}</p> : null}
          {step.trackingUrl ? (
            <a
              href={step.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={css({ color: 'primary.default', textDecoration: 'underline', fontWeight: '600' })}
            >
              Track the package<span className={css({ srOnly: true })}> (opens the courier's page)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
