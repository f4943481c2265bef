import { css, cx } from 'styled-system/css';

const shimmer = css({
  bg: 'cotton.200',
  backgroundImage: 'linear-gradient(90deg, transparent 0, rgba(255,255,255,0.55) 50%, transparent 100%)',
  backgroundSize: '400px 100%',
  backgroundRepeat: 'no-repeat',
  animation: 'shimmer 1.4s ease-in-out infinite',
  borderRadius: 'md',
});

/**
 * A grey placeholder block; hidden from assistive tech (the container announces loading). `as="span"`
 * for a placeholder inside text (a paragraph may not hold a div).
 */
export function Skeleton({ className, as: Tag = 'div' }: { className?: string; as?: 'div' | 'span' }) {
  return <Tag aria-hidden="true" className={cx(shimmer, className)} />;
}
