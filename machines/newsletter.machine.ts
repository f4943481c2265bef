import { emit, fromPromise, setup } from 'xstate';
import { EMAIL_PATTERN } from '../shared/email';
import { refusalOf } from './errors';
import { type EmittedEvent, toast } from './events';

/** The shop's one email rule (shared/email.ts), the check a type=email field applies before submitting. */
const NEWSLETTER_EMAIL_PATTERN = EMAIL_PATTERN;

export const NEWSLETTER_NOT_SENT_TITLE = 'Not subscribed';
/** No answer, or a server fault. */
export const NEWSLETTER_NOT_SENT =
  'Your subscription was not sent. Please check your connection and try again.';
/** Under the form once the server has the request: the subscription waits for the mailed link. */
export const NEWSLETTER_CONFIRM_HINT = 'Please confirm with the link we emailed you.';

/**
 * The home page's newsletter block (spec §4 Newsletter, with the departure README "Contact and
 * newsletter" explains): the spec makes no server call; here POST /newsletter/subscriptions asks for
 * a double opt-in. On 202 the spec's toast and the field clears, and a line asks the shopper to confirm
 * from the email; on a refusal or no answer a destructive toast and the address stays.
 */
export const newsletterMachine = setup({
  types: {
    events: {} as { type: 'newsletter.subscribe'; email: string },
    emitted: {} as EmittedEvent,
  },
  actors: {
    subscribe: fromPromise<{ message: string }, { email: string }>(async () => {
      throw new Error('subscribe is provided by src/features/messages/newsletter.live.ts');
    }),
  },
  guards: {
    isEmailValid: ({ event }) => NEWSLETTER_EMAIL_PATTERN.test(event.email.trim()),
  },
  actions: {
    notifySubscribed: emit(toast('Subscribed!', 'Thank you for subscribing to our newsletter.', 'success')),
    notifyNotSubscribed: emit((_, params: { error: unknown }) =>
      toast(NEWSLETTER_NOT_SENT_TITLE, refusalOf(params.error, NEWSLETTER_NOT_SENT), 'error'),
    ),
    resetForm: emit({ type: 'resetForm' }),
  },
}).createMachine({
  id: 'newsletter',
  description: "The home page's newsletter sign-up.",
  initial: 'idle',
  states: {
    idle: {
      description: 'Waiting for an email address.',
      on: {
        'newsletter.subscribe': {
          guard: 'isEmailValid',
          target: 'subscribing',
          description: 'A valid email: ask the server for the subscription.',
        },
      },
    },
    subscribing: {
      description: 'The request runs (POST /newsletter/subscriptions).',
      tags: ['loading'],
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        input: ({ event }) => ({ email: event.type === 'newsletter.subscribe' ? event.email.trim() : '' }),
        onDone: {
          target: 'subscribed',
          actions: ['notifySubscribed', 'resetForm'],
          description: 'Asked: thank the shopper and clear the field.',
        },
        onError: {
          target: 'idle',
          actions: { type: 'notifyNotSubscribed', params: ({ event }) => ({ error: event.error }) },
          description: 'Refused or no answer: say so and keep the address.',
        },
      },
    },
    subscribed: {
      description: 'A confirmation link is on its way: the line under the form says to open it.',
      on: {
        'newsletter.subscribe': {
          guard: 'isEmailValid',
          target: 'subscribing',
          description: 'Another address (or the same one again).',
        },
      },
    },
  },
});
