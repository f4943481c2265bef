import { useSearchParams } from 'react-router';
import { css } from 'styled-system/css';
import type { NewsletterLink } from '../../../machines/newsletter-link.machine';
import { usePageActor } from '../../app/app-actor';
import { CheckCircleIcon, MailIcon, XCircleIcon } from '../../components/icons';
import { Page, StatePanel } from '../../components/layout/page';
import { Button, ButtonLink } from '../../components/ui/button';
import { provideNewsletterLinkMachine } from './newsletter-link.live';

const TITLES: Record<NewsletterLink, { loading: string; done: string }> = {
  confirm: { loading: 'Confirming your subscription...', done: 'Subscription confirmed' },
  unsubscribe: { loading: 'Unsubscribing...', done: 'You are unsubscribed' },
};

const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' });

/**
 * /newsletter/confirm and /newsletter/unsubscribe: for unsubscribe the link's token is posted once as
 * the page opens (opening the link is the one click); a confirmation waits for the shopper's Confirm
 * (machines/newsletter-link.machine.ts says why). Then the server's message or its reason, and a
 * way back to the shop. The pages carry a token and are never indexed (here and the server's
 * X-Robots-Tag, server/web/spa.ts).
 */
export function NewsletterLinkView({ link }: { link: NewsletterLink }) {
  const [params] = useSearchParams();
  const [state, send] = usePageActor('newsletterLink', provideNewsletterLinkMachine, {
    link,
    token: params.get('token') ?? '',
  });
  const { message, error } = state.context;
  const titles = TITLES[link];
  const shop = (
    <ButtonLink to="/products" size="lg">
      Continue Shopping
    </ButtonLink>
  );
  return (
    <Page width="prose" className={css({ minH: '60vh', display: 'grid', alignItems: 'center' })}>
      <meta name="robots" content="noindex, nofollow" />
      {state.matches('asking') ? (
        <StatePanel
          icon={<MailIcon size={40} />}
          title="Confirm your subscription"
          titleAs="h1"
          action={
            <Button size="lg" onClick={() => send({ type: 'link.confirm' })}>
              Confirm subscription
            </Button>
          }
        >
          <p>Press the button to start getting our newsletter. Nothing changes until you do.</p>
        </StatePanel>
      ) : state.hasTag('loading') ? (
        <StatePanel icon={<MailIcon size={40} />} title={titles.loading} titleAs="h1">
          <p role="status">One moment, please.</p>
        </StatePanel>
      ) : state.matches('done') ? (
        <StatePanel icon={<CheckCircleIcon size={40} />} title={titles.done} titleAs="h1" action={shop}>
          <p role="status">{message}</p>
        </StatePanel>
      ) : (
        <StatePanel
          icon={<XCircleIcon size={40} />}
          title="This link did not work"
          titleAs="h1"
          tone="error"
          action={
            <div className={actions}>
              {state.matches('failed') ? (
                <Button size="lg" variant="outline" onClick={() => send({ type: 'link.retry' })}>
                  Try again
                </Button>
              ) : null}
              {shop}
            </div>
          }
        >
          <p>{error}</p>
        </StatePanel>
      )}
    </Page>
  );
}
