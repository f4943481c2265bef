import { emit, fromPromise, setup } from 'xstate';
import { refusalOf } from './errors';
import { type EmittedEvent, toast } from './events';
import type { StoreInfo } from './store-info.machine';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

/** Shown when store information is absent (spec §2 Contact: defaults). */
const CONTACT_DEFAULTS = {
  companyName: 'Statefront Apparel',
  companyEmail: 'support@statefront.in',
  companyPhone: '+91 98765 43210',
  companyAddress: 'Sector 63, Noida, Uttar Pradesh 201301, India',
} as const;

const SUPPORT_HOURS = 'Monday to Saturday, 10AM - 6PM';

export type ContactDetails = {
  companyName: string;
  companyEmail: string;
  companyPhone: string;
  companyAddress: string;
  supportHours: string;
};

/**
 * How to reach the store: each detail from the store information when it has one, else the default.
 * A function of the store-info actor's state rather than this machine's context, so the page follows
 * the store information as it loads.
 */
export function contactDetails(store: StoreInfo | null): ContactDetails {
  const pick = (key: keyof typeof CONTACT_DEFAULTS) => store?.[key]?.trim() || CONTACT_DEFAULTS[key];
  return {
    companyName: pick('companyName'),
    companyEmail: pick('companyEmail'),
    companyPhone: pick('companyPhone'),
    companyAddress: pick('companyAddress'),
    supportHours: SUPPORT_HOURS,
  };
}

export const CONTACT_SENT_TITLE = 'Message Sent';
export const CONTACT_SENT = "Thank you for contacting us. We'll get back to you shortly.";
export const CONTACT_NOT_SENT_TITLE = 'Message not sent';
/** No answer, or a server fault: nothing says the store got the message. */
export const CONTACT_NOT_SENT = 'Your message was not sent. Please check your connection and try again.';

/**
 * The contact form (spec §2 Contact, with the one departure README "Contact and newsletter" explains):
 * the spec only simulates the send (1.5 s, no server call); here 'Sending...' lasts while POST /contact
 * runs. On 202 the spec's toast and the form clears; on a refusal or no answer a destructive toast says
 * why and the form keeps everything typed.
 */
export const contactMachine = setup({
  types: {
    events: {} as { type: 'contact.submit' } & ContactMessage,
    emitted: {} as EmittedEvent,
  },
  actors: {
    sendMessage: fromPromise<{ message: string }, ContactMessage>(async () => {
      throw new Error('sendMessage is provided by src/features/messages/contact.live.ts');
    }),
  },
  guards: {
    isMessageComplete: ({ event }) =>
      [event.name, event.email, event.subject, event.message].every((v) => v.trim() !== ''),
  },
  actions: {
    notifySent: emit(toast(CONTACT_SENT_TITLE, CONTACT_SENT, 'success')),
    notifyNotSent: emit((_, params: { error: unknown }) =>
      toast(CONTACT_NOT_SENT_TITLE, refusalOf(params.error, CONTACT_NOT_SENT), 'error'),
    ),
    resetForm: emit({ type: 'resetForm' }),
  },
}).createMachine({
  id: 'contact',
  description: 'The contact page: write to the store.',
  initial: 'idle',
  states: {
    idle: {
      description: 'The shopper writes their message.',
      on: {
        'contact.submit': {
          guard: 'isMessageComplete',
          target: 'sending',
          description: 'Every field is filled in.',
        },
      },
    },
    sending: {
      description: "'Sending...' while the message goes to the store (POST /contact).",
      tags: ['loading'],
      invoke: {
        id: 'sendMessage',
        src: 'sendMessage',
        input: ({ event }) =>
          event.type === 'contact.submit'
            ? {
                name: event.name.trim(),
                email: event.email.trim(),
                subject: event.subject.trim(),
                message: event.message.trim(),
              }
            : { name: '', email: '', subject: '', message: '' },
        onDone: {
          target: 'idle',
          actions: ['notifySent', 'resetForm'],
          description: 'The store has the message: thank the shopper and clear the form.',
        },
        onError: {
          target: 'idle',
          actions: { type: 'notifyNotSent', params: ({ event }) => ({ error: event.error }) },
          description: 'Refused or no answer: say so and keep everything typed.',
        },
      },
    },
  },
});
