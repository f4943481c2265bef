/**
 * The product page's two overlays, in one chunk that loads when the shopper first reaches for either
 * (./product-overlays-lazy.ts): the size chart and the full-screen image viewer. Both are Ark Dialogs
 * (./ui/drawer.tsx): Escape and the close button close them, focus stays inside while open and goes
 * back to the button that opened them.
 */
import { Portal } from '@ark-ui/react/portal';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { type MeasureUnit, measure, type SizeChart } from '../../machines/size-chart.model';
import { FallbackImage } from './fallback-image';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, MinusIcon, PlusIcon } from './icons';
import { Drawer } from './ui/drawer';

type OverlayProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes: the button that opened it. */
  returnFocus: () => HTMLElement | null;
};

/**
 * Over what is open already (Quick View): at the dialogs' own level, after them in the page, so the
 * dialog under it is dimmed too.
 */
const overBackdrop = css({ zIndex: 'modal' });

// ---------------------------------------------------------------------------------------------
// Size chart

const sheetPositioner = css({
  alignItems: { base: 'flex-end', md: 'center' },
  justifyContent: 'center',
  p: { base: '0', md: '6' },
});
const sheet = css({
  w: { base: 'full', md: 'min(40rem, 100%)' },
  h: 'auto',
  maxH: { base: '85dvh', md: 'calc(100dvh - 3rem)' },
  borderTopRadius: 'card',
  borderBottomRadius: { base: '0', md: 'card' },
  p: { base: '5', md: '8' },
  gap: '4',
});
const scroller = css({
  overflowX: 'auto',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'control',
  focusVisibleRing: 'outside',
});
const table = css({
  w: 'full',
  borderCollapse: 'separate',
  borderSpacing: '0',
  fontSize: 'sm',
  fontVariantNumeric: 'tabular-nums',
  '& th, & td': {
    px: '3',
    py: '2.5',
    textAlign: 'center',
    whiteSpace: 'nowrap',
    borderBottomWidth: '1px',
    borderColor: 'border.subtle',
  },
  '& thead th': { bg: 'bg.muted', fontWeight: '600', color: 'fg.muted' },
  '& tbody tr:last-child > *': { borderBottomWidth: '0' },
  // The size stays in view while a phone scrolls the measurements sideways.
  '& th:first-child': {
    position: 'sticky',
    left: '0',
    bg: 'bg.surface',
    textAlign: 'left',
    fontWeight: '700',
    borderRightWidth: '1px',
  },
  '& thead th:first-child': { bg: 'bg.muted' },
  '& tr[data-picked] > *': { bg: 'cotton.100' },
});
const unitButton = css({
  px: '3',
  h: '8',
  fontSize: 'sm',
  fontWeight: '600',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  cursor: 'pointer',
  _first: { borderLeftRadius: 'control' },
  _last: { borderLeftWidth: '0', borderRightRadius: 'control' },
  '&[aria-pressed=true]': { bg: 'secondary.default', color: 'white', borderColor: 'secondary.default' },
  focusVisibleRing: 'outside',
});

const UNITS: { unit: MeasureUnit; label: string }[] = [
  { unit: 'in', label: 'Inches' },
  { unit: 'cm', label: 'Centimetres' },
];

export type SizeChartDialogProps = OverlayProps & {
  chart: SizeChart;
  productName: string;
  /** The size the shopper has picked, marked in the table. */
  pickedSize: string | null;
};

/** The measurements of the product's sizes (its type's chart, openapi.yaml SizeChart), in inches or cm. */
export function SizeChartDialog({
  open,
  onOpenChange,
  returnFocus,
  chart,
  productName,
  pickedSize,
}: SizeChartDialogProps) {
  // Inches first, as Indian tailors and labels give them; a view preference, not the machine's.
  const [unit, setUnit] = useState<MeasureUnit>('in');
  const captionId = useId();
  const unitWord = unit === 'in' ? 'inches' : 'centimetres';
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={returnFocus}
    >
      <Portal>
        <Drawer.Backdrop className={overBackdrop} />
        <Drawer.Positioner className={sheetPositioner}>
          <Drawer.Content className={sheet} data-size-chart="">
            <Drawer.CloseTrigger aria-label="Close size chart">
              <CloseIcon />
            </Drawer.CloseTrigger>
            <div className={css({ pr: '10' })}>
              <Drawer.Title>Size chart</Drawer.Title>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                {chart.name}: {productName}
              </p>
            </div>
            <fieldset
              className={css({ display: 'flex', alignItems: 'center', gap: '3', border: 'none', p: '0' })}
            >
              <legend className={css({ srOnly: true })}>Unit</legend>
              <div className={css({ display: 'flex' })}>
                {UNITS.map((u) => (
                  <button
                    key={u.unit}
                    type="button"
                    aria-pressed={unit === u.unit}
                    onClick={() => setUnit(u.unit)}
                    className={unitButton}
                  >
                    {u.label}
                  </button>
                ))}
              </div>
            </fieldset>
            {/* Focusable, so a keyboard can scroll a table wider than a phone. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
            <section aria-labelledby={captionId} tabIndex={0} className={scroller}>
              <table className={table}>
                <caption id={captionId} className={css({ srOnly: true })}>
                  {chart.name}: body measurements in {unitWord}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Size</th>
                    {chart.columns.map((column) => (
                      <th key={column} scope="col">
                        {column} ({unit})
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {chart.rows.map((row) => (
                    <tr key={row.size} data-picked={row.size === pickedSize ? '' : undefined}>
                      <th scope="row">{row.size}</th>
                      {row.values.map((value, i) => (
                        <td key={chart.columns[i] ?? i}>{measure(value, unit)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{chart.note}</p>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

// ---------------------------------------------------------------------------------------------
// Image viewer

/** How far the viewer zooms: fitted, the double tap's step, the most. */
const FIT = 1;
const TAP_ZOOM = 2.5;
const MAX_ZOOM = 4;
const KEY_STEP = 1.5;
/** Two taps within this long and this close are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 24;
/** A pointer that moves less than this between down and up is a tap, not a drag. */
const TAP_SLOP_PX = 8;

/** The image's scale and its offset in the stage (transform-origin: top left). */
type View = { scale: number; x: number; y: number };
const FITTED: View = { scale: FIT, x: 0, y: 0 };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** `view` zoomed to `scale` about the stage point (px, py), kept covering the stage. */
export function zoomAbout(view: View, scale: number, px: number, py: number, w: number, h: number): View {
  const next = clamp(scale, FIT, MAX_ZOOM);
  const ratio = next / view.scale;
  return keepInside({ scale: next, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio }, w, h);
}

/** The offset limited so the zoomed image always covers the stage (no gap at an edge). */
function keepInside(view: View, w: number, h: number): View {
  return {
    scale: view.scale,
    x: clamp(view.x, w * (1 - view.scale), 0),
    y: clamp(view.y, h * (1 - view.scale), 0),
  };
}

const viewerPositioner = css({ alignItems: 'stretch', justifyContent: 'stretch' });
const viewerContent = css({
  w: 'full',
  h: 'full',
  p: '0',
  gap: '0',
  bg: 'cotton.900',
  color: 'white',
  overflow: 'hidden',
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto',
});
const viewerBar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: { base: '3', md: '5' },
  py: '2',
  minH: '14',
});
const viewerButton = cx(
  button({ variant: 'ghost', size: 'sm' }),
  css({ color: 'white', w: '11', h: '11', px: '0', _hover: { bg: 'rgba(255, 255, 255, 0.15)' } }),
);
const stage = css({
  position: 'relative',
  overflow: 'hidden',
  // The viewer does its own pinch and pan; the browser's would zoom the whole page instead.
  touchAction: 'none',
  userSelect: 'none',
  cursor: 'zoom-in',
  '&[data-zoomed]': { cursor: 'grab' },
});
const stageImage = css({
  position: 'absolute',
  inset: '0',
  w: 'full',
  h: 'full',
  objectFit: 'contain',
  // No will-change: the browser then draws the image again at the zoom it ends on, sharp.
  transformOrigin: '0 0',
  pointerEvents: 'none',
});

const hint = css({ fontSize: 'sm', color: 'cotton.300', textAlign: 'center' });
// A mouse and a touch screen zoom differently: each is told its own way.
const touchOnly = css({ '@media (hover: hover) and (pointer: fine)': { display: 'none' } });
const mouseOnly = css({
  display: 'none',
  '@media (hover: hover) and (pointer: fine)': { display: 'inline' },
});

export type ZoomViewerProps = OverlayProps & {
  name: string;
  images: readonly string[];
  fallback: string;
  /** The image shown (the gallery's) and how to show another. */
  index: number;
  onIndexChange: (index: number) => void;
};

/**
 * A product's images full screen. Pinch (two fingers) or the mouse wheel zooms about the fingers or the
 * pointer, a double tap or double click zooms in there or back out, one finger or the mouse drags a
 * zoomed image; the buttons and + / − / 0 do the same from the keyboard, and ← → step through the images.
 */
export function ZoomViewer({
  open,
  onOpenChange,
  returnFocus,
  name,
  images,
  fallback,
  index,
  onIndexChange,
}: ZoomViewerProps) {
  const [view, setView] = useState<View>(FITTED);
  const stageRef = useRef<HTMLDivElement>(null);
  // Pointer bookkeeping lives in refs: it changes at the pointer's rate and renders nothing itself.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const press = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  const count = images.length;
  const shown = images[index] ?? images[0] ?? fallback;

  const size = () => {
    const rect = stageRef.current?.getBoundingClientRect();
    return { left: rect?.left ?? 0, top: rect?.top ?? 0, w: rect?.width ?? 0, h: rect?.height ?? 0 };
  };
  const zoomTo = (scale: number, clientX?: number, clientY?: number) => {
    const { left, top, w, h } = size();
    setView((v) =>
      zoomAbout(v, scale, (clientX ?? left + w / 2) - left, (clientY ?? top + h / 2) - top, w, h),
    );
  };
  const go = (by: number) => {
    if (count < 2) return;
    setView(FITTED);
    onIndexChange((index + by + count) % count);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      pinch.current = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: view.scale };
      press.current = null;
    } else {
      press.current = { x: event.clientX, y: event.clientY, moved: false };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, now);
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      zoomTo((pinch.current.scale * distance) / pinch.current.distance, (a.x + b.x) / 2, (a.y + b.y) / 2);
      return;
    }
    if (press.current && Math.hypot(now.x - press.current.x, now.y - press.current.y) > TAP_SLOP_PX) {
      press.current.moved = true;
    }
    const { w, h } = size();
    setView((v) =>
      v.scale > FIT ? keepInside({ ...v, x: v.x + now.x - before.x, y: v.y + now.y - before.y }, w, h) : v,
    );
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    const tap = press.current;
    press.current = null;
    if (!tap || tap.moved || event.type === 'pointercancel') return;
    const last = lastTap.current;
    const now = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    if (
      last &&
      now.at - last.at < DOUBLE_TAP_MS &&
      Math.hypot(now.x - last.x, now.y - last.y) < DOUBLE_TAP_PX
    ) {
      lastTap.current = null;
      zoomTo(view.scale > FIT ? FIT : TAP_ZOOM, event.clientX, event.clientY);
    } else {
      lastTap.current = now;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const key = event.key;
    if (key === '+' || key === '=') zoomTo(view.scale * KEY_STEP);
    else if (key === '-' || key === '_') zoomTo(view.scale / KEY_STEP);
    else if (key === '0') setView(FITTED);
    else if (key === 'ArrowRight' && view.scale === FIT) go(1);
    else if (key === 'ArrowLeft' && view.scale === FIT) go(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) setView(FITTED);
        onOpenChange(details.open);
      }}
      finalFocusEl={returnFocus}
    >
      <Portal>
        <Drawer.Backdrop className={overBackdrop} />
        <Drawer.Positioner className={viewerPositioner}>
          <Drawer.Content className={viewerContent} onKeyDown={onKeyDown} data-zoom-viewer="">
            <div className={viewerBar}>
              <Drawer.Title className={css({ flex: '1', minW: '0', fontSize: 'md', truncate: true })}>
                {name}
                {count > 1 ? (
                  <span className={css({ fontWeight: '400', color: 'cotton.300' })}>
                    {' '}
                    · image {index + 1} of {count}
                  </span>
                ) : null}
              </Drawer.Title>
              <button
                type="button"
                aria-label="Zoom out"
                disabled={view.scale <= FIT}
                onClick={() => zoomTo(view.scale / KEY_STEP)}
                className={viewerButton}
              >
                <MinusIcon />
              </button>
              <button
                type="button"
                aria-label="Zoom in"
                disabled={view.scale >= MAX_ZOOM}
                onClick={() => zoomTo(view.scale * KEY_STEP)}
                className={viewerButton}
              >
                <PlusIcon />
              </button>
              <Drawer.CloseTrigger
                aria-label="Close image viewer"
                className={cx(viewerButton, css({ position: 'static' }))}
              >
                <CloseIcon />
              </Drawer.CloseTrigger>
            </div>
            <div
              ref={stageRef}
              className={stage}
              data-zoomed={view.scale > FIT ? '' : undefined}
              data-scale={view.scale.toFixed(2)}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onWheel={(event) =>
                zoomTo(view.scale * (event.deltaY < 0 ? 1.2 : 1 / 1.2), event.clientX, event.clientY)
              }
            >
              <FallbackImage
                key={shown}
                src={shown}
                fallback={fallback}
                alt={name}
                width={1200}
                height={1500}
                className={stageImage}
                style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
              />
            </div>
            <div className={cx(viewerBar, css({ justifyContent: 'center' }))}>
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    aria-label="Previous image"
                    onClick={() => go(-1)}
                    className={viewerButton}
                  >
                    <ChevronLeftIcon />
                  </button>
                  <button
                    type="button"
                    aria-label="Next image"
                    onClick={() => go(1)}
                    className={viewerButton}
                  >
                    <ChevronRightIcon />
                  </button>
                </>
              ) : null}
              <p className={hint}>
                <span className={touchOnly}>Pinch or double-tap to zoom</span>
                <span className={mouseOnly}>Scroll or double-click to zoom</span>
              </p>
            </div>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
