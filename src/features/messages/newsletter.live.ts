import { fromPromise } from 'xstate';
import { NEWSLETTER_NOT_SENT, newsletterMachine } from '../../../machines/newsletter.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** POST /newsletter/subscriptions: asks for the double opt-in (README, "Contact and newsletter"). */
export function provideNewsletterMachine({ client }: LiveDeps) {
  return newsletterMachine.provide({
    actors: {
      subscribe: fromPromise(({ input }) =>
        call(client.POST('/newsletter/subscriptions', { body: input }), NEWSLETTER_NOT_SENT),
      ),
    },
  });
}
