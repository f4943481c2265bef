import { useMachine } from '@xstate/react';
import { css } from 'styled-system/css';
import { provideFeaturedProductsMachine } from '../app/actors/featured-products.live';
import { usePageMachine } from '../app/machines-context';
import { useStoreInfo } from '../app/root-actors';
import { ShirtIcon, SparkleIcon, TagIcon, TruckIcon } from '../components/icons';
import { homeCategories } from '../components/layout/store-display';
import { ButtonLink } from '../components/ui/button';
import { CategoryShowcase } from './home/category-showcase';
import { FeaturedStyles } from './home/featured-styles';
import { Newsletter } from './home/newsletter';

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

function Hero({ description }: { description: string | undefined }) {
  return (
    <section
      aria-labelledby="hero-title"
      className={css({
        position: 'relative',
        overflow: 'hidden',
        bg: 'cotton.100',
        minH: { base: '520px', md: '600px' },
      })}
    >
      <img
        src="/images/hero.svg"
        alt=""
        width={1600}
        height={700}
        fetchPriority="high"
        className={css({
          position: 'absolute',
          inset: '0',
          w: 'full',
          h: 'full',
          objectFit: 'cover',
          objectPosition: { base: '72% center', md: 'center' },
          opacity: { base: 0.35, md: 1 },
        })}
      />
      <div
        className={css({
          position: 'relative',
          maxW: 'content',
          mx: 'auto',
          px: { base: '5', md: '6' },
          py: { base: '16', md: '28' },
          display: 'flex',
          flexDirection: 'column',
          gap: '6',
          alignItems: 'flex-start',
        })}
      >
        <p className={css({ textStyle: 'eyebrow', color: 'terracotta.700' })}>New season · Made in India</p>
        <h1
          id="hero-title"
          className={css({
            textStyle: 'display',
            fontSize: { base: '4xl', md: '6xl' },
            maxW: { base: 'full', md: '34rem' },
          })}
        >
          Wear the colours of <span className={css({ color: 'terracotta.600' })}>India</span>, every day
        </h1>
        <p className={css({ fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', maxW: '30rem' })}>
          {description || 'T-shirts, trendy tops and ethnic wear, crafted with Indian weavers and printers.'}
        </p>
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
          <ButtonLink to="/products" size="lg">
            Shop Collection
          </ButtonLink>
          <ButtonLink to="/products?featured=true" size="lg" variant="outline">
            Featured Styles
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function FashionEssentials() {
  return (
    <section
      aria-labelledby="essentials-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}
    >
      <div className={css({ textAlign: 'center', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <p className={css({ textStyle: 'eyebrow', color: 'terracotta.700' })}>Why shop with us</p>
        <h2 id="essentials-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '4xl' } })}>
          Fashion Essentials
        </h2>
      </div>
      <ul
        className={css({
          display: 'grid',
          gap: '5',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        })}
      >
        {ESSENTIALS.map(({ title, text, icon: Icon }) => (
          <li
            key={title}
            className={css({
              listStyle: 'none',
              bg: 'bg.surface',
              borderRadius: 'card',
              boxShadow: 'card',
              p: '6',
              display: 'flex',
              flexDirection: 'column',
              gap: '3',
            })}
          >
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
          </li>
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
  const [featured] = useMachine(usePageMachine('featuredProducts', provideFeaturedProductsMachine));
  return (
    <div
      className={css({ display: 'flex', flexDirection: 'column', gap: { base: '16', md: '24' }, pb: '8' })}
    >
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
