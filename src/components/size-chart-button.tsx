import { Suspense } from 'react';
import { cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { SizeChart } from '../../machines/size-chart.model';
import { SizeChartDialog, useOverlay } from './product-overlays-lazy';

type SizeChartButtonProps = {
  chart: SizeChart;
  productName: string;
  pickedSize: string | null;
  className?: string;
};

/**
 * 'Size chart' beside the size chips: opens the measurements of the product's sizes in a dialog (its
 * chunk fetched as a pointer or the keyboard reaches the button).
 */
export function SizeChartButton({ chart, productName, pickedSize, className }: SizeChartButtonProps) {
  const overlay = useOverlay();
  return (
    <>
      <button {...overlay.trigger} className={cx(button({ variant: 'link', size: 'sm' }), className)}>
        Size chart
      </button>
      {overlay.used ? (
        <Suspense fallback={null}>
          <SizeChartDialog
            open={overlay.open}
            onOpenChange={overlay.setOpen}
            returnFocus={overlay.returnFocus}
            chart={chart}
            productName={productName}
            pickedSize={pickedSize}
          />
        </Suspense>
      ) : null}
    </>
  );
}
