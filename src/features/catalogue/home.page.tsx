import { useState } from 'react';
import { css } from 'styled-system/css';
import { usePageActor, useStoreInfo } from '../../app/app-actor';
import { useFirstAnswer } from '../../app/first-answer-context';
import { ShirtIcon, SparkleIcon, TagIcon, TruckIcon } from '../../components/icons';
import { homeCategories } from '../../components/layout/store-display';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { grid, stack } from '../../theme/layout';
import { Newsletter } from '../messages';
import { firstFeatured, provideFeaturedProductsMachine } from './featured-products.live';
import { CategoryShowcase } from './home/category-showcase';
import { FeaturedStyles } from './home/featured-styles';
import { Hero } from './home/hero';

const section = css({ maxW: 'content', mx: 'auto', px: { base: '4', md: '6' }, w: 'full' });

const ESSENTIALS = [
  {
    title: 'Premium T-Shirts',
    text: 'Soft, breathable cotton tees in everyday fits and fresh prints.',
    icon: ShirtIcon,
  },
  {
    title: 'Designer Tops',
    text: 'Block prints, embroidery and easy silhouettes for work and weekends.',
    icon: SparkleIcon,
  },
  {
    title: 'Casual Wear',
    text: 'Comfortable kurtas and co-ords that move from home to the street.',
    icon: TagIcon,
  },
  {
    title: 'Trending Styles',
    text: 'New drops every week, inspired by craft traditions across India.',
    icon: TruckIcon,
  },
];

function FashionEssentials() {
  return (
    <section aria-labelledby="essentials-title" className={css(stack, { gap: '8' })}>
      <div className={css(stack, { textAlign: 'center', gap: '2' })}>
        <p className={css({ textStyle: 'eyebrow', color: 'terracotta.700' })}>Why shop with us</p>
        <h2 id="essentials-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '4xl' } })}>
          Fashion Essentials
        </h2>
      </div>
      <ul
        className={css(grid, {
          gap: '5',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        })}
      >
        {ESSENTIALS.map(({ title, text, icon: Icon }) => (
          <Card as="li" padding="sm" key={title} className={css(stack, { listStyle: 'none', gap: '3' })}>
            <span
              className={css({
                w: '12',
                h: '12',
                borderRadius: 'full',
                bg: 'saffron.50',
                color: 'terracotta.600',
                display: 'grid',
                placeItems: 'center',
              })}
            >
              <Icon size={24} />
            </span>
            <h3 className={css({ textStyle: 'h3' })}>{title}</h3>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{text}</p>
          </Card>
        ))}
      </ul>
      <div className={css({ display: 'flex', justifyContent: 'center' })}>
        <ButtonLink to="/products" variant="secondary" size="lg">
          Explore Collection
        </ButtonLink>
      </div>
    </section>
  );
}

/** Home (spec §2). */
export default function HomePage() {
  const store = useStoreInfo();
  const answer = useFirstAnswer();
  const [first] = useState(() => firstFeatured(answer()));
  const [featured] = usePageActor('featuredProducts', provideFeaturedProductsMachine, { first });
  return (
    <div className={css(stack, { gap: { base: '16', md: '24' }, pb: '8' })}>
      <Hero description={store?.description} />
      <div className={section}>
        <CategoryShowcase categories={homeCategories(store)} categoryImages={store?.categoryImages} />
      </div>
      <div className={section}>
        <FeaturedStyles loading={featured.hasTag('loading')} products={featured.context.products} />
      </div>
      <div className={section}>
        <FashionEssentials />
      </div>
      <div className={section}>
        <Newsletter />
      </div>
    </div>
  );
}
