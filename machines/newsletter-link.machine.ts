import { assign, fromPromise, setup } from 'xstate';
import { isRequestError, refusalOf } from './errors';

/** What a mailed newsletter link does: confirm the subscription, or end it. */
export type NewsletterLink = 'confirm' | 'unsubscribe';

/** The server's answer to a token that is missing, malformed or not signed by it (server/messages/messages.handlers.ts). */
export const NEWSLETTER_LINK_INVALID = 'This link is invalid. Please use the link from your email.';
/** No answer, or a server fault: the shopper may try again. */
export const NEWSLETTER_LINK_FAILED = 'Could not reach the shop. Please check your connection and try again.';

/**
 * The pages a newsletter mail links to, /newsletter/confirm and /newsletter/unsubscribe. Unsubscribe
 * posts the link's token once on load (that is the one click). Confirm waits for the shopper's own
 * click: mail scanners open every link in a mail, and one that confirmed on open would subscribe people
 * who never asked. Then the server's message or its reason shows. A page opened without a token says
 * the link is invalid and sends nothing.
 */
export const newsletterLinkMachine = setup({
  types: {
    input: {} as { link: NewsletterLink; token: string },
    context: {} as { link: NewsletterLink; token: string; message: string | null; error: string | null },
    events: {} as { type: 'link.retry' } | { type: 'link.confirm' },
  },
  actors: {
    followLink: fromPromise<{ message: string }, { link: NewsletterLink; token: string }>(async () => {
      throw new Error('followLink is provided by src/features/messages/newsletter-link.live.ts');
    }),
  },
  guards: {
    isMissingToken: ({ context }) => context.token.trim() === '',
    isConfirmLink: ({ context }) => context.link === 'confirm',
    /** The server answered the link with a 4xx: trying it again cannot help. */
    isRefused: (_, params: { error: unknown }) =>
      isRequestError(params.error) &&
      params.error.status !== undefined &&
      params.error.status >= 400 &&
      params.error.status < 500,
  },
  actions: {
    assignMessage: assign({ message: (_, params: { message: string }) => params.message, error: null }),
    assignError: assign({
      error: (_, params: { error: unknown }) => refusalOf(params.error, NEWSLETTER_LINK_FAILED),
    }),
    assignInvalid: assign({ error: NEWSLETTER_LINK_INVALID }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'newsletterLink',
  description: 'A link from a newsletter mail: confirm the subscription or unsubscribe.',
  context: ({ input }) => ({ link: input.link, token: input.token.trim(), message: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Does the address carry a token?',
      always: [
        {
          guard: 'isMissingToken',
          target: 'invalid',
          actions: 'assignInvalid',
          description: 'No token: nothing to send.',
        },
        { guard: 'isConfirmLink', target: 'asking', description: 'A confirmation: the shopper confirms it.' },
        { target: 'following', description: 'An unsubscribe link: opening it is the one click.' },
      ],
    },
    asking: {
      description:
        'A confirmation link with its token: nothing is sent until the shopper presses Confirm (a mail scanner opening the link subscribes nobody).',
      on: { 'link.confirm': { target: 'following', description: 'Confirm subscription.' } },
    },
    following: {
      description: 'Posting the token (POST /newsletter/confirmations or /newsletter/unsubscribe).',
      tags: ['loading'],
      invoke: {
        id: 'followLink',
        src: 'followLink',
        input: ({ context }) => ({ link: context.link, token: context.token }),
        onDone: {
          target: 'done',
          actions: { type: 'assignMessage', params: ({ event }) => ({ message: event.output.message }) },
          description: "The server's message: confirmed, or unsubscribed.",
        },
        onError: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            description: "The server refuses the link: its reason (e.g. 'This link is invalid…').",
          },
          {
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            description: 'No answer, or a server fault: the shopper may try again.',
          },
        ],
      },
    },
    done: {
      type: 'final',
      description: 'Confirmed or unsubscribed: the message and a way back to the shop.',
    },
    failed: {
      description: 'The shop could not be reached: the reason, a way back to the shop, and Try again.',
      on: { 'link.retry': { target: 'following', actions: 'clearError', description: 'Try again.' } },
    },
    invalid: {
      type: 'final',
      description:
        "A link that cannot work: no token (nothing sent), or the server's reason for refusing it.",
    },
  },
});
