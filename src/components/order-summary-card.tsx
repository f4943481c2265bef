import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { CartLine } from '../../machines/cart.model';
import { Card, cardTitle } from './ui/card';

/** A cart line's React key: its product, colour and size, as the cart tells lines apart. */
export function cartLineKey(line: CartLine) {
  return `${line.id}|${line.selectedColor ?? ''}|${line.selectedSize ?? ''}`;
}

/** The 'Order Summary' card beside the cart's lines and the checkout form; sticky on wide screens. */
export function OrderSummaryCard({ children }: { children: ReactNode }) {
  return (
    <Card
      as="aside"
      padding="sm"
      aria-labelledby="summary-title"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        position: { lg: 'sticky' },
        top: '28',
      })}
    >
      <h2 id="summary-title" className={cardTitle}>
        Order Summary
      </h2>
      {children}
    </Card>
  );
}
