import { fromPromise } from 'xstate';
import { CONTACT_NOT_SENT, contactMachine } from '../../../machines/contact.machine';
import type { LiveDeps } from '../../app/actors/live-deps';
import { call } from '../../app/actors/request';

/** POST /contact: the message goes to the store for real (README, "Contact and newsletter"). */
export function provideContactMachine({ client }: LiveDeps) {
  return contactMachine.provide({
    actors: {
      sendMessage: fromPromise(({ input }) =>
        call(client.POST('/contact', { body: input }), CONTACT_NOT_SENT),
      ),
    },
  });
}
