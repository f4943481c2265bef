import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { css, cx } from 'styled-system/css';

const brandText = css({ fontFamily: 'display', fontWeight: '700', color: 'terracotta.700' });

/**
 * The store's name linking to the home page, in the display face and brand colour: the header's and
 * the sign-in pages'.
 */
export function BrandLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <Link to="/" className={cx(brandText, className)}>
      {children}
    </Link>
  );
}
