import { css } from 'styled-system/css';
import { ButtonLink } from '../../../components/ui/button';
import { stack } from '../../../theme/layout';

const heroSection = css({
  position: 'relative',
  overflow: 'hidden',
  bg: 'cotton.100',
  minH: { base: '520px', md: '600px' },
});

/**
 * The home page's first screen: its image is the page's largest paint, asked for at high priority
 * (the server also preloads it in the head: server/web/page-head.ts).
 */
export function Hero({ description }: { description: string | undefined }) {
  return (
    <section aria-labelledby="hero-title" className={heroSection}>
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
        className={css(stack, {
          position: 'relative',
          maxW: 'content',
          mx: 'auto',
          px: { base: '5', md: '6' },
          py: { base: '16', md: '28' },
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
