import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from 'styled-system/css';
import { type ButtonVariantProps, button } from 'styled-system/recipes';
import { useIsClient } from '../use-is-client';

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={cx(button({ variant, size, fullWidth }), className)} {...props} />;
}

/**
 * A form's submit button, disabled until the app has hydrated its form. Before that a submit — a tap,
 * or Enter in a field — would be the browser's own and leave the page; with the default button disabled,
 * HTML's implicit submission does nothing, so the form is inert meanwhile, what was typed stays in its
 * fields, and the first submit is the app's (docs/architecture.md, "Forms before hydration").
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useIsClient();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}

export type ButtonLinkProps = LinkProps & ButtonVariantProps;

/** A router link that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link className={cx(button({ variant, size, fullWidth }), className)} {...props} />;
}
