import { css } from 'styled-system/css';
import type { DisplayOrder, DisplayReturn } from '../../../machines/orders.model';
import { stack } from '../../theme/layout';
import { factTerm } from './fact-term';
import { TimelineSteps } from './order-timeline';
import { StatusBadge } from './status-badge';

/**
 * What the card says of each return: its title ('Return RT-4Q8M2K7XH3TB', 'Exchange RT-…') and where its
 * money goes (machines/returns.model.ts words both). Given by the card, so this chunk imports no machine
 * code: a chunk loaded later that reached XState would split it out of the app's entry (+2.7 KB on
 * every page, measured with `npm run check:budget`).
 */
export type ReturnWords = {
  titleOf: (r: DisplayReturn) => string;
  moneyOf: (r: DisplayReturn) => string | null;
};

/**
 * The order's returns and exchanges on the compact card: each one's number and status, and where its
 * money goes or has gone. Nothing for an order without any.
 */
function ReturnsGlance({
  order,
  headingId,
  words: { titleOf, moneyOf },
}: {
  order: DisplayOrder;
  headingId: string;
  words: ReturnWords;
}) {
  const returns = order.returns ?? [];
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={css({ gridColumn: { md: '1 / -1' } })}>
      <h3 id={headingId} className={factTerm}>
        Returns and exchanges
      </h3>
      <ul className={css(stack, { mt: '2', gap: '2', fontSize: 'sm' })}>
        {returns.map((r) => {
          const money = moneyOf(r);
          return (
            <li key={r.id}>
              <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
                <span className={css({ fontWeight: '600', overflowWrap: 'anywhere' })}>{titleOf(r)}</span>
                <span aria-hidden="true" className={css({ color: 'fg.muted' })}>
                  ·
                </span>
                <StatusBadge order={r} />
              </p>
              {money ? <p className={css({ color: 'fg.muted' })}>{money}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What one return takes back: '2 × Block Print Kurta', an exchange's line 'for size L'. */
function lineText(line: DisplayReturn['lines'][number]): string {
  return `${line.quantity} × ${line.name}${line.size ? `, for size ${line.size}` : ''}`;
}

/**
 * Inside 'Order details': each return's lines, reason and note, and its history (requested, pickup
 * scheduled, …) in the look of the order's own.
 */
function ReturnsHistory({
  order,
  idPrefix,
  words: { titleOf },
}: {
  order: DisplayOrder;
  idPrefix: string;
  words: ReturnWords;
}) {
  const returns = order.returns ?? [];
  if (returns.length === 0) return null;
  return (
    <>
      {returns.map((r) => {
        const headingId = `${idPrefix}-${r.id}`;
        return (
          <section
            key={r.id}
            aria-labelledby={headingId}
            className={css({ gridColumn: { md: '1 / -1' }, fontSize: 'sm' })}
          >
            <h3 id={headingId} className={factTerm}>
              {titleOf(r)} history
            </h3>
            <ul className={css({ mt: '2' })}>
              {r.lines.map((line) => (
                <li key={line.itemId}>{lineText(line)}</li>
              ))}
            </ul>
            <p className={css({ color: 'fg.muted' })}>Reason: {r.reason}</p>
            {r.note ? <p className={css({ overflowWrap: 'anywhere' })}>“{r.note}”</p> : null}
            {r.timeline.length > 0 ? <TimelineSteps steps={r.timeline} /> : null}
          </section>
        );
      })}
    </>
  );
}

/**
 * The card's returns, in its own chunk (src/features/orders/order-card.tsx loads it only for an order that
 * has returns): `part` says which, the glance on the compact card or the histories in 'Order details'.
 */
export default function OrderReturns({
  order,
  part,
  idPrefix,
  words,
}: {
  order: DisplayOrder;
  part: 'glance' | 'history';
  idPrefix: string;
  words: ReturnWords;
}) {
  return part === 'glance' ? (
    <ReturnsGlance order={order} headingId={`${idPrefix}-returns`} words={words} />
  ) : (
    <ReturnsHistory order={order} idPrefix={`${idPrefix}-return`} words={words} />
  );
}
