import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from 'styled-system/css';
import { type ButtonVariantProps, button } from 'styled-system/recipes';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx(button({ variant, size, fullWidth }), className)} {...props} />;
}

export type ButtonLinkProps = LinkProps & ButtonVariantProps;

/** A router link that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link className={cx(button({ variant, size, fullWidth }), className)} {...props} />;
}
