import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const alertStyle = css({
  p: '4',
  borderRadius: 'control',
  bg: 'red.50',
  borderWidth: '1px',
  borderColor: 'red.200',
  color: 'fg.error',
});

/** An inline error announced to screen readers (role=alert); `className` adds layout (margins, flex). */
export function ErrorAlert({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div role="alert" className={cx(alertStyle, className)}>
      {children}
    </div>
  );
}
