import { fromPromise } from 'xstate';
import { NEWSLETTER_LINK_FAILED, newsletterLinkMachine } from '../../../machines/newsletter-link.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** The token of a newsletter mail's link, posted to the operation the link names. */
export function provideNewsletterLinkMachine({ client }: LiveDeps) {
  return newsletterLinkMachine.provide({
    actors: {
      followLink: fromPromise(({ input }) =>
        call(
          input.link === 'confirm'
            ? client.POST('/newsletter/confirmations', { body: { token: input.token } })
            : client.POST('/newsletter/unsubscribe', { params: { query: { token: input.token } } }),
          NEWSLETTER_LINK_FAILED,
        ),
      ),
    },
  });
}
