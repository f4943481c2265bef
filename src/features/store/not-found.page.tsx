import { css } from 'styled-system/css';
import { Page } from '../../components/layout/page';
import { ButtonLink } from '../../components/ui/button';
import { vstack } from '../../theme/layout';

const bigCode = css({
  fontFamily: 'display',
  fontSize: '8xl',
  fontWeight: '700',
  color: 'terracotta.500',
  lineHeight: '1',
});

/** Catch-all and /404 (spec §2). */
export default function NotFoundPage() {
  return (
    <Page className={css({ display: 'grid', placeItems: 'center', minH: '60vh' })}>
      <div className={css(vstack, { textAlign: 'center', gap: '5' })}>
        <p aria-hidden="true" className={bigCode}>
          404
        </p>
        <h1 className={css({ textStyle: 'h1' })}>Oops! Page not found</h1>
        <p className={css({ color: 'fg.muted', maxW: 'md' })}>
          The page you are looking for may have moved, or never existed.
        </p>
        <ButtonLink to="/" size="lg">
          Return to Home
        </ButtonLink>
      </div>
    </Page>
  );
}
