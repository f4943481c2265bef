import { type ComponentProps, useState } from 'react';

export const DEFAULT_PRODUCT_IMAGE = '/images/default-product.svg';
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

type FallbackImageProps = Omit<ComponentProps<'img'>, 'src' | 'alt' | 'width' | 'height'> & {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
  /** Shown when src is empty or fails to load (spec §8: cards use the stock photo, others a placeholder). */
  fallback?: string;
};

/** An image that swaps to a fallback once when the source is missing or broken. */
export function FallbackImage({ src, fallback = PLACEHOLDER_IMAGE, alt, ...props }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const current = !src || failedSrc === src ? fallback : src;
  return (
    <img
      {...props}
      alt={alt}
      src={current}
      onError={() => {
        if (current !== fallback) setFailedSrc(src ?? '');
      }}
    />
  );
}
