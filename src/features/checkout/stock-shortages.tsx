import { css } from 'styled-system/css';
import type { StockShortage } from '../../../machines/shortage.model';
import { stockLabel } from '../../../shared/stock';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/**
 * POST /orders answered 409 (the checkout machine's `shortage` state): each line that can no longer be
 * had in full, with what is left, and "Adjust my bag", which fits the cart to it and reopens Place
 * Order. The form below keeps every field meanwhile.
 */
export function StockShortages({
  shortages,
  onAdjust,
}: {
  shortages: readonly StockShortage[];
  onAdjust: () => void;
}) {
  return (
    <Card as="section" role="alert" aria-labelledby="shortage-title" className={css({ mt: '6' })}>
      <h2 id="shortage-title" className={css({ textStyle: 'cardTitle' })}>
        Some items are no longer available in full
      </h2>
      <ul className={css({ display: 'grid', gap: '2', my: '4' })}>
        {shortages.map((line) => (
          <li key={`${line.productId}|${line.size}|${line.color}`}>
            {line.title}
            {[line.size, line.color].filter(Boolean).map((choice) => ` · ${choice}`)}:{' '}
            {/* The server sends only lines that are short: 0 is "Sold out", else "Only N left". */}
            <strong className={css({ color: 'fg.error' })}>{stockLabel(line.left)?.text}</strong>
          </li>
        ))}
      </ul>
      <Button onClick={onAdjust}>Adjust my bag</Button>
    </Card>
  );
}
