import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

// The page's frame; its width is the content column or, for reading, the prose measure.
const container = css.raw({ mx: 'auto', px: { base: '4', md: '6' }, py: { base: '8', md: '12' }, w: 'full' });
const containers = {
  content: css(container, { maxW: 'content' }),
  prose: css(container, { maxW: 'prose' }),
};

export function Page({
  children,
  className,
  width = 'content',
}: {
  children: ReactNode;
  className?: string;
  width?: 'content' | 'prose';
}) {
  return <div className={cx(containers[width], className)}>{children}</div>;
}

export const h1Style = css({ textStyle: 'h1', fontSize: { base: '3xl', md: '4xl' }, color: 'fg.default' });

/** A column of centred lines: a message's icon, heading, words and actions one above the other. */
export const centredColumn = css.raw({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: '4',
});

/** Centred message block used by empty, error and not-found states. */
export function StatePanel({
  icon,
  title,
  titleAs: Title = 'h2',
  children,
  action,
  tone = 'neutral',
}: {
  icon?: ReactNode;
  title: ReactNode;
  titleAs?: 'h1' | 'h2' | 'p';
  children?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={css(centredColumn, {
        py: '16',
        px: '4',
        bg: tone === 'error' ? 'red.50' : 'bg.surface',
        borderRadius: 'card',
        borderWidth: '1px',
        borderColor: tone === 'error' ? 'red.200' : 'border.subtle',
      })}
    >
      {icon ? (
        <div className={css({ color: tone === 'error' ? 'fg.error' : 'terracotta.500' })}>{icon}</div>
      ) : null}
      <Title
        className={css({
          fontFamily: 'display',
          fontWeight: '700',
          fontSize: Title === 'h1' ? '3xl' : '2xl',
          color: tone === 'error' ? 'fg.error' : 'fg.default',
        })}
      >
        {title}
      </Title>
      {children ? <div className={css({ color: 'fg.muted', maxW: 'md' })}>{children}</div> : null}
      {action}
    </div>
  );
}
