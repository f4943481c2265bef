import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { FallbackImage, PLACEHOLDER_IMAGE } from '../../../components/fallback-image';
import { ArrowRightIcon } from '../../../components/icons';
import { categoryPath } from '../../../components/layout/store-display';
import { Card } from '../../../components/ui/card';
import { stack } from '../../../theme/layout';

/** Art for a category without its own image in store information (spec §2: a default image). */
const DEFAULT_CATEGORY_IMAGE = PLACEHOLDER_IMAGE;

const layouts = {
  1: css({ display: 'grid', gap: '6', gridTemplateColumns: '1fr' }),
  2: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } }),
  3: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } }),
};

type CategoryShowcaseProps = {
  categories: readonly string[];
  categoryImages: Readonly<Record<string, string>> | undefined;
};

/** 'Stylish T-Shirts & Trendy Tops': up to 3 category cards, laid out for 1, 2 or 3 (spec §2 Home). */
export function CategoryShowcase({ categories, categoryImages }: CategoryShowcaseProps) {
  const shown = categories.slice(0, 3);
  const layout = layouts[Math.max(1, shown.length) as 1 | 2 | 3];
  return (
    <section aria-labelledby="showcase-title" className={css(stack, { gap: '8' })}>
      <div className={css(stack, { textAlign: 'center', gap: '2' })}>
        <p className={css({ textStyle: 'eyebrow', color: 'terracotta.700' })}>Shop by category</p>
        <h2 id="showcase-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '4xl' } })}>
          Stylish T-Shirts &amp; Trendy Tops
        </h2>
      </div>
      <ul className={layout} data-count={shown.length}>
        {shown.map((category) => (
          <li key={category} className={css({ listStyle: 'none' })}>
            <Card
              as={Link}
              padding="none"
              to={categoryPath(category)}
              className={css({
                position: 'relative',
                display: 'block',
                h: '380px',
                bg: 'bg.muted',
                '& img': { transition: 'transform 0.6s ease' },
                _hover: { '& img': { transform: 'scale(1.05)' } },
                focusVisibleRing: 'outside',
                focusRingWidth: '3px',
                focusRingOffset: '3px',
              })}
            >
              <FallbackImage
                src={categoryImages?.[category]}
                fallback={DEFAULT_CATEGORY_IMAGE}
                alt=""
                width={600}
                height={380}
                loading="lazy"
                decoding="async"
                className={css({ w: 'full', h: 'full', objectFit: 'cover' })}
              />
              <div
                className={css(stack, {
                  position: 'absolute',
                  inset: '0',
                  justifyContent: 'flex-end',
                  gap: '1',
                  p: '6',
                  color: 'white',
                  bgGradient: 'to-t',
                  gradientFrom: 'rgba(26, 31, 58, 0.78)',
                  gradientVia: 'rgba(26, 31, 58, 0.15)',
                  gradientTo: 'transparent',
                })}
              >
                <h3 className={css({ fontFamily: 'display', fontSize: '2xl', fontWeight: '700' })}>
                  {category}
                </h3>
                <span
                  className={css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: '2',
                    fontSize: 'sm',
                    fontWeight: '600',
                  })}
                >
                  Browse Collection <ArrowRightIcon size={16} />
                </span>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
