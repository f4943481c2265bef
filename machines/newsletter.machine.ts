import { emit, setup } from 'xstate';
import { EMAIL_PATTERN } from '../shared/email';
import { type EmittedEvent, toast } from './events';

/** Same simple x@y.z check as the browser's type=email field would apply before submitting. */
/** The shop's one email rule (shared/email.ts). */
export const NEWSLETTER_EMAIL_PATTERN = EMAIL_PATTERN;

/** The home page's newsletter block (spec §4 Newsletter): no server call. */
export const newsletterMachine = setup({
  types: {
    events: {} as { type: 'newsletter.subscribe'; email: string },
    emitted: {} as EmittedEvent,
  },
  guards: {
    isEmailValid: ({ event }) => NEWSLETTER_EMAIL_PATTERN.test(event.email.trim()),
  },
  actions: {
    notifySubscribed: emit(toast('Subscribed!', 'Thank you for subscribing to our newsletter.', 'success')),
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
          actions: ['notifySubscribed', 'resetForm'],
          description: 'A valid email: thank the shopper and clear the field (nothing is sent).',
        },
      },
    },
  },
});
