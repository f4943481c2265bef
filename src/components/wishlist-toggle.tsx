import { HeartIcon } from './icons';

type WishlistToggleProps = {
  saved: boolean;
  onToggle?: (() => void) | undefined;
  className: string;
  /** A text button ('Add to Wishlist' / 'Remove from Wishlist') rather than the card's round icon. */
  showLabel?: boolean;
};

/**
 * The heart: saves the product, or takes it off the wishlist when it is saved (filled, pressed). In a
 * module of its own, so the product page and Quick View hold it without the whole card
 * (./product-card.tsx), which only lists need.
 */
export function WishlistToggle({ saved, onToggle, className, showLabel = false }: WishlistToggleProps) {
  const label = saved ? 'Remove from Wishlist' : 'Add to Wishlist';
  return (
    <button
      type="button"
      title={showLabel ? undefined : label}
      aria-label={showLabel ? undefined : label}
      aria-pressed={saved}
      className={className}
      onClick={onToggle}
    >
      <HeartIcon size={showLabel ? 20 : 18} fill={saved ? 'currentColor' : 'none'} />
      {showLabel ? label : null}
    </button>
  );
}
