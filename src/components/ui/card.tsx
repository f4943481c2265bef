import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { cx } from 'styled-system/css';
import { type CardVariantProps, card } from 'styled-system/recipes';

type CardProps<T extends ElementType> = CardVariantProps & {
  /** The element the card is (a section, aside, article, form, list item, link…); a div by default. */
  as?: T;
} & Omit<ComponentPropsWithoutRef<T>, 'as'>;

/** The card surface (card recipe) on whatever element the content calls for; `className` adds layout. */
export function Card<T extends ElementType = 'div'>({ as, padding, className, ...props }: CardProps<T>) {
  const Element: ElementType = as ?? 'div';
  return <Element className={cx(card({ padding }), className)} {...props} />;
}
