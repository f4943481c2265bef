import { type KeyboardEvent, Suspense, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { FallbackImage } from './fallback-image';
import { useOverlay, ZoomViewer } from './product-overlays-lazy';

type ProductGalleryProps = {
  /** The product's name: the main image's alt text and the thumbnails' list name. */
  name: string;
  /** Every image, the main one first (DisplayProduct.images); none shows the fallback. */
  images: readonly string[];
  fallback: string;
  width: number;
  height: number;
  /** The main image's frame and size (the product page's card, the dialog's smaller picture). */
  imageClassName?: string;
  className?: string;
};

const thumbList = css({ display: 'flex', gap: '2', flexWrap: 'wrap', listStyle: 'none', p: '0', m: '0' });
const thumb = css({
  display: 'block',
  w: { base: '10', md: '14' },
  h: { base: '12', md: '16' },
  borderRadius: 'control',
  overflow: 'hidden',
  borderWidth: '2px',
  borderColor: 'transparent',
  bg: 'bg.muted',
  cursor: 'pointer',
  opacity: '0.75',
  _hover: { opacity: '1' },
  '&[aria-pressed=true]': { borderColor: 'terracotta.700', opacity: '1' },
  focusVisibleRing: 'outside',
});

/** The main image is the button that opens the full-screen viewer. */
const zoomButton = css({
  display: 'block',
  p: '0',
  border: 'none',
  bg: 'transparent',
  cursor: 'zoom-in',
  borderRadius: 'card',
  focusVisibleRing: 'outside',
});

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A product's pictures: the one picked, large, and below it a thumbnail button per image when there
 * are several (Tab to them, Enter or Space to show one, arrow keys to step through). Which one is
 * shown is a view preference, like the list's column count, so it lives here and not in a machine.
 * The large picture is a button: a click, a tap, Enter or Space opens it full screen to zoom
 * (./product-overlays.tsx, fetched as a pointer or the keyboard reaches it).
 */
export function ProductGallery({
  name,
  images,
  fallback,
  width,
  height,
  imageClassName,
  className,
}: ProductGalleryProps) {
  // Which image, for which images: another set of images (another colour's) starts at its first.
  const imagesKey = images.join('\n');
  const [pick, setPick] = useState({ imagesKey, index: 0 });
  const shown = pick.imagesKey === imagesKey && pick.index < images.length ? pick.index : 0;
  const setShown = (index: number) => setPick({ imagesKey, index });
  const zoom = useOverlay();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[shown] ?? images[0];
  const step = (event: KeyboardEvent, from: number) => {
    const by = STEP[event.key];
    if (by === undefined) return;
    event.preventDefault();
    const next = (from + by + images.length) % images.length;
    setShown(next);
    buttons.current[next]?.focus();
  };
  return (
    <div className={cx(css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }), className)}>
      <button {...zoom.trigger} aria-label={`Zoom: ${name}`} className={zoomButton}>
        <FallbackImage
          src={current}
          fallback={fallback}
          alt={name}
          width={width}
          height={height}
          className={imageClassName}
        />
      </button>
      {zoom.used ? (
        <Suspense fallback={null}>
          <ZoomViewer
            open={zoom.open}
            onOpenChange={zoom.setOpen}
            returnFocus={zoom.returnFocus}
            name={name}
            images={images.length > 0 ? images : [fallback]}
            fallback={fallback}
            index={shown}
            onIndexChange={setShown}
          />
        </Suspense>
      ) : null}
      {images.length > 1 ? (
        <ul aria-label={`${name}: images`} className={thumbList}>
          {images.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                onKeyDown={(event) => step(event, index)}
                className={thumb}
              >
                <img
                  src={url}
                  alt=""
                  width={56}
                  height={64}
                  loading="lazy"
                  className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
