import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { stack } from '../theme/layout';
import { Card } from './ui/card';

const summaryCard = css(stack, { gap: '4', position: { lg: 'sticky' }, top: '28' });

/**
 * The 'Order Summary' card the cart and checkout show beside their lines (spec §2): titled, and held in
 * view on wide screens while the lines scroll.
 */
export function SummaryCard({ children }: { children: ReactNode }) {
  return (
    <Card as="aside" padding="sm" aria-labelledby="summary-title" className={summaryCard}>
      <h2 id="summary-title" className={css({ textStyle: 'cardTitle' })}>
        Order Summary
      </h2>
      {children}
    </Card>
  );
}
