import { Suspense, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { SizeChart } from '../../machines/size-chart.model';
import { preloadOverlays, SizeChartDialog } from './product-overlays-lazy';

/** Here rather than in ./icons.tsx, which is in every page's first download: only this page draws it. */
function RulerIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <path d="M3 8h18v8H3zM7 8v3M11 8v4M15 8v3M19 8v4" />
    </svg>
  );
}

type SizeChartButtonProps = {
  chart: SizeChart;
  productName: string;
  pickedSize: string | null;
  className?: string;
};

/**
 * 'Size chart' beside the size chips: opens the measurements of the product's sizes in a dialog (its
 * chunk fetched as a pointer or the keyboard reaches the button). Open or shut is a view matter, like the
 * gallery's picture, so it is kept here.
 */
export function SizeChartButton({ chart, productName, pickedSize, className }: SizeChartButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing runs Ark's own focus return.
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={preloadOverlays}
        onFocus={preloadOverlays}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={cx(button({ variant: 'link', size: 'sm' }), css({ gap: '1.5' }), className)}
      >
        <RulerIcon /> Size chart
      </button>
      {used ? (
        <Suspense fallback={null}>
          <SizeChartDialog
            open={open}
            onOpenChange={setOpen}
            returnFocus={() => opener.current}
            chart={chart}
            productName={productName}
            pickedSize={pickedSize}
          />
        </Suspense>
      ) : null}
    </>
  );
}
