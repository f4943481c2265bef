import { emit, setup } from 'xstate';
import { type EmittedEvent, toast } from './events';
import type { StoreInfo } from './store-info.machine';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

/** Shown when store information is absent (spec §2 Contact: defaults). */
export const CONTACT_DEFAULTS = {
  companyName: 'Statefront Apparel',
  companyEmail: 'support@statefront.in',
  companyPhone: '+91 98765 43210',
  companyAddress: 'Sector 63, Noida, Uttar Pradesh 201301, India',
} as const;

export const SUPPORT_HOURS = 'Monday to Saturday, 10AM - 6PM';

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

/**
 * The contact form (spec §2 Contact): no server call; 'Sending...' for 1.5 s, then the toast and the
 * form clears.
 */
export const contactMachine = setup({
  types: {
    events: {} as { type: 'contact.submit' } & ContactMessage,
    emitted: {} as EmittedEvent,
  },
  delays: {
    sendDelay: 1500,
  },
  guards: {
    isMessageComplete: ({ event }) =>
      [event.name, event.email, event.subject, event.message].every((v) => v.trim() !== ''),
  },
  actions: {
    notifySent: emit(
      toast('Message Sent', "Thank you for contacting us. We'll get back to you shortly.", 'success'),
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
      description: "'Sending...' (nothing goes to a server).",
      tags: ['loading'],
      after: {
        sendDelay: {
          target: 'idle',
          actions: ['notifySent', 'resetForm'],
          description: 'After 1.5 s: thank the shopper and clear the form.',
        },
      },
    },
  },
});
