import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
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

/** The h2 a card opens with (the order summary, a form's title), as the drawer recipe sets its title. */
export const cardTitle = css({ textStyle: 'h3', fontFamily: 'display', fontSize: 'xl' });

/** A card section named by the h2 it opens with (the checkout's shipping form, the contact form). */
export function SectionCard({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={titleId}>
      <h2 id={titleId} className={cx(cardTitle, css({ mb: '5' }))}>
        {title}
      </h2>
      {children}
    </Card>
  );
}
